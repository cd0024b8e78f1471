/// A photo id that the database does not hold (exit 65, bad input data).
struct UnknownPhotoError: Error, CustomStringConvertible {
    var photoID: Int64
    var description: String { "no photo with id \(photoID) in the database" }
}
