/// The curated seed files decoded into rows, with values checked (times parse, sizes are
/// positive, coordinates in range) and line numbers kept for error messages.
package struct CuratedRows {
    package var users: [(line: Int, user: User)] = []
    package var photos: [(line: Int, photo: Photo, location: Location?)] = []
    package var comments: [(line: Int, comment: Comment)] = []
    package let usersFile: String
    package let photosFile: String
    package let commentsFile: String

    package init(users: [SeedLine<SeedUser>], usersFile: String, photos: [SeedLine<SeedPhoto>], photosFile: String,
                 comments: [SeedLine<SeedComment>], commentsFile: String) throws {
        self.usersFile = usersFile
        self.photosFile = photosFile
        self.commentsFile = commentsFile
        for entry in users {
            let seed = entry.record
            self.users.append((entry.line, User(id: seed.id, username: seed.username, fullName: seed.fullName,
                                                avatarURL: seed.avatarURL)))
        }
        for entry in photos {
            let seed = entry.record
            func fail(_ path: String, _ message: String) -> SeedError {
                SeedError(file: photosFile, line: entry.line, path: path, message: message)
            }
            guard seed.pixelWidth > 0 else { throw fail("$.pixelWidth", "must be positive") }
            guard seed.pixelHeight > 0 else { throw fail("$.pixelHeight", "must be positive") }
            guard seed.likes >= 0 else { throw fail("$.likes", "must not be negative") }
            var location: Location?
            if let coordinate = seed.location {
                guard (-90...90).contains(coordinate.latitude) else {
                    throw fail("$.location.latitude", "must be in -90...90")
                }
                guard (-180...180).contains(coordinate.longitude) else {
                    throw fail("$.location.longitude", "must be in -180...180")
                }
                location = Location(id: seed.id, latitude: coordinate.latitude, longitude: coordinate.longitude)
            }
            let uploadedAt = try SeedFileReader.milliseconds(seed.uploadedAt, file: photosFile, line: entry.line,
                                                             path: "$.uploadedAt")
            let photo = Photo(id: seed.id, ownerID: seed.ownerId, locationID: location?.id, url: seed.url,
                              pixelWidth: seed.pixelWidth, pixelHeight: seed.pixelHeight, title: seed.title,
                              description: seed.description, likes: seed.likes, uploadedAt: uploadedAt)
            self.photos.append((entry.line, photo, location))
        }
        for entry in comments {
            let seed = entry.record
            let createdAt = try SeedFileReader.milliseconds(seed.createdAt, file: commentsFile, line: entry.line,
                                                            path: "$.createdAt")
            self.comments.append((entry.line, Comment(id: seed.id, photoID: seed.photoId, authorID: seed.authorId,
                                                      body: seed.body, createdAt: createdAt)))
        }
    }

}
