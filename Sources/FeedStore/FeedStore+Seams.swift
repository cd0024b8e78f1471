import FeedModel

// The store seam's protocols (FeedModel) as the SQLite store implements them: the methods are
// in the `FeedStore+…` files of each concern.

extension FeedStore: FeedReading {}

extension FeedStore: FeedWriting {}

extension FeedStore: LayoutCacheStoring {}

extension FeedStore: CommentFeedReading {}

extension FeedStore: FeedSeeding {}

extension FeedStore: SyncJobStoring {}

extension FeedStore: SyncJobAdministering {}

extension FeedStore: MigratingFeedStore {}

extension FeedStore: PlacemarkReading {
    public func placemark(latitude: Double, longitude: Double, geocoder: ReverseGeocoder) throws -> Placemark? {
        try geocoder.placemark(latitude: latitude, longitude: longitude, in: self)
    }
}
