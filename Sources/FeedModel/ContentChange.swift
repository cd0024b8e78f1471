/// One change the daemon committed to what a photo's cell shows, with the content version the
/// change gave the photo.
///
/// Each commit that bumps a photo's content version records the change it made and the version it
/// made (read in the same transaction), so a relayouter holding the photo's cell at the version
/// before can bring its model up to date without reading the photo again; one holding any other
/// version reads it (`MarkedCell`, FeedSync).
public struct ContentChange: Codable, Hashable, Sendable {
    /// What changed.
    public enum Edit: Codable, Hashable, Sendable {
        /// The photo's image download finished: `loaded` or `failed`.
        case imageState(AssetState)
        /// The photo owner's avatar download finished: `loaded` or `failed`.
        case avatarState(AssetState)
        /// The photo's location was reverse-geocoded: its names (nil when no place is near; the
        /// placemark's locality, country, sub-locality and administrative areas) and state
        /// (`resolved`, or `failed` with the names left as they were).
        case location(placeName: String?, country: String?, state: GeocodeState, subLocality: String? = nil,
                      administrativeArea: String? = nil, subAdministrativeArea: String? = nil)
        /// The first page of the photo's comment feed arrived: its comments are in its cell from
        /// now on (the change does not carry them; a relayouter reads them).
        case commentsLoaded
    }

    public var photoID: Int64
    /// The photo's content version once this change was applied.
    public var contentVersion: Int64
    public var edit: Edit

    public init(photoID: Int64, contentVersion: Int64, edit: Edit) {
        self.photoID = photoID
        self.contentVersion = contentVersion
        self.edit = edit
    }
}
