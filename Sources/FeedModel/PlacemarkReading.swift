/// Reverse geocoding against the store's own city table, outside the sync writer: the
/// placemark a ``ReverseGeocoder`` gives for a point, in one read. `FeedStore` is the SQLite
/// implementation.
public protocol PlacemarkReading: Sendable {
    /// The nearest populated place within `geocoder`'s distance of the point, or nil.
    func placemark(latitude: Double, longitude: Double, geocoder: ReverseGeocoder) throws -> Placemark?
}
