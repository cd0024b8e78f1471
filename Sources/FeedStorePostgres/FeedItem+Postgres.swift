import FeedModel
import PostgresNIO

/// A feed row on PostgreSQL, as on SQLite (`FeedItem.selection`): the photo's columns, the
/// owner's, the location's (all NULL without one), then `comment_count`. The select list is
/// built from each record's ``ColumnListing/columnNames`` and each record reads its columns in
/// that order, every one checked by name (``PostgresColumnReader``): a column added to a
/// record's coding keys is selected at once, and a reader that does not take it fails on the
/// first row, naming it.
extension FeedItem {
    /// The photo's, owner's and location's columns, then the comment count: the feed query's
    /// select list.
    static let postgresSelection = postgresColumns + " " + postgresFrom

    /// ``postgresSelection``'s columns alone.
    static let postgresColumns = (Photo.columnNames.map { "p.\($0)" } + User.columnNames.map { "u.\($0)" }
        + Location.columnNames.map { "l.\($0)" } + ["(SELECT COUNT(*) FROM comment c WHERE c.photo_id = p.id) AS comment_count"])
        .joined(separator: ", ")

    /// ``postgresSelection``'s tables: each photo with its owner and its location, if any.
    static let postgresFrom = """
        FROM photo p JOIN "user" u ON u.id = p.owner_id LEFT JOIN location l ON l.id = p.location_id
        """

    init(postgres row: PostgresRow) throws {
        var reader = PostgresColumnReader(row)
        try self.init(reading: &reader)
    }

    /// The item of ``postgresColumns``, from `reader`'s next columns.
    init(reading reader: inout PostgresColumnReader) throws {
        let photo = try Photo(reading: &reader)
        let owner = try User(reading: &reader)
        var location: Location?
        if try reader.isNull(Location.CodingKeys.id.stringValue) {
            try reader.skip(Location.columnNames)
        } else {
            location = try Location(reading: &reader)
        }
        self.init(photo: photo, owner: owner, location: location, commentCount: try reader.int("comment_count"))
    }
}

extension Photo {
    /// Reads ``ColumnListing/columnNames``, in order; a state this build does not know reads as
    /// `pending`.
    init(reading reader: inout PostgresColumnReader) throws {
        self.init(id: try reader.int64(CodingKeys.id), ownerID: try reader.int64(CodingKeys.ownerID),
                  locationID: try reader.optionalInt64(CodingKeys.locationID), url: try reader.text(CodingKeys.url),
                  pixelWidth: try reader.int(CodingKeys.pixelWidth), pixelHeight: try reader.int(CodingKeys.pixelHeight),
                  title: try reader.text(CodingKeys.title), description: try reader.text(CodingKeys.description),
                  likes: try reader.int(CodingKeys.likes), uploadedAt: try reader.int64(CodingKeys.uploadedAt),
                  imageState: AssetState(rawValue: try reader.text(CodingKeys.imageState)) ?? .pending,
                  contentVersion: try reader.int64(CodingKeys.contentVersion),
                  commentsLoaded: try reader.bool(CodingKeys.commentsLoaded))
    }
}

extension User {
    /// Reads ``ColumnListing/columnNames``, in order; a state this build does not know reads as
    /// `pending`.
    init(reading reader: inout PostgresColumnReader) throws {
        self.init(id: try reader.int64(CodingKeys.id), username: try reader.text(CodingKeys.username),
                  fullName: try reader.text(CodingKeys.fullName), avatarURL: try reader.text(CodingKeys.avatarURL),
                  avatarState: AssetState(rawValue: try reader.text(CodingKeys.avatarState)) ?? .pending)
    }
}

extension Location {
    /// Reads ``ColumnListing/columnNames``, in order; a state this build does not know reads as
    /// `pending`.
    init(reading reader: inout PostgresColumnReader) throws {
        self.init(id: try reader.int64(CodingKeys.id), latitude: try reader.double(CodingKeys.latitude),
                  longitude: try reader.double(CodingKeys.longitude),
                  placeName: try reader.optionalText(CodingKeys.placeName),
                  region: try reader.optionalText(CodingKeys.region), country: try reader.optionalText(CodingKeys.country),
                  geocodeState: GeocodeState(rawValue: try reader.text(CodingKeys.geocodeState)) ?? .pending,
                  subLocality: try reader.optionalText(CodingKeys.subLocality),
                  administrativeArea: try reader.optionalText(CodingKeys.administrativeArea),
                  subAdministrativeArea: try reader.optionalText(CodingKeys.subAdministrativeArea))
    }
}
