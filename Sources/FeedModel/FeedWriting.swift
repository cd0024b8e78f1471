/// The named writes on feed content. Each is one transaction, and every change to what a cell
/// shows bumps the affected photos' content versions. `FeedStore` is the SQLite implementation.
public protocol FeedWriting: Sendable {
    /// Inserts or updates a user by id (with its avatar download job).
    func save(_ user: User) throws
    /// Inserts or updates a photo by id, with its location when given (and their jobs).
    func save(_ photo: Photo, location: Location?) throws
    /// Inserts or updates a comment by id.
    func save(_ comment: Comment) throws
    /// Deletes a photo with its comments and cached layouts; returns whether it existed.
    @discardableResult
    func deletePhoto(id: Int64) throws -> Bool
    /// Adds a like; returns the new count, or nil when there is no such photo.
    @discardableResult
    func like(photoID: Int64) throws -> Int?
    /// Records the outcome of an image download.
    func setImageState(photoID: Int64, _ state: AssetState) throws
    /// Records the outcome of an avatar download.
    func setAvatarState(userID: Int64, _ state: AssetState) throws
    /// Records that a photo's comment feed has loaded: its comments appear in its cell.
    func setCommentsLoaded(photoID: Int64) throws
    /// Fills in a location's names (its placemark's fields) and geocode state.
    func resolveLocation(id: Int64, placeName: String?, region: String?, country: String?,
                         state: GeocodeState, subLocality: String?, administrativeArea: String?,
                         subAdministrativeArea: String?) throws
}
