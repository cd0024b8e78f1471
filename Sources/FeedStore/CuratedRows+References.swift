import FeedModel
import GRDB

/// The curated rows' references checked against the SQLite database they are seeded into.
extension CuratedRows {
    /// Every id a row refers to must exist, in these files or already in the database.
    func checkReferences(_ db: Database) throws {
        var userIDs = Set(try Int64.fetchAll(db, sql: "SELECT id FROM user"))
        userIDs.formUnion(users.map(\.user.id))
        var photoIDs = Set(try Int64.fetchAll(db, sql: "SELECT id FROM photo"))
        photoIDs.formUnion(photos.map(\.photo.id))
        for (line, photo, _) in photos where !userIDs.contains(photo.ownerID) {
            throw SeedError(file: photosFile, line: line, path: "$.ownerId", message: "unknown user id \(photo.ownerID)")
        }
        for (line, comment) in comments {
            guard photoIDs.contains(comment.photoID) else {
                throw SeedError(file: commentsFile, line: line, path: "$.photoId",
                                message: "unknown photo id \(comment.photoID)")
            }
            guard userIDs.contains(comment.authorID) else {
                throw SeedError(file: commentsFile, line: line, path: "$.authorId",
                                message: "unknown user id \(comment.authorID)")
            }
        }
    }
}
