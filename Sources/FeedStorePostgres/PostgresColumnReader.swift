import FeedModel
import PostgresNIO

/// Reads a row's columns in order, as the SQLite store's `RawColumnReader` does: each record
/// takes its columns in its `Columns.all` order.
struct PostgresColumnReader {
    private let row: PostgresRandomAccessRow
    private var index = 0

    init(_ row: PostgresRow) {
        self.row = row.makeRandomAccess()
    }

    private mutating func next<T: PostgresDecodable>(_: T.Type) throws -> T {
        defer { index += 1 }
        return try row[index].decode(T.self)
    }

    mutating func int64() throws -> Int64 { try next(Int64.self) }
    mutating func int() throws -> Int { Int(try next(Int64.self)) }
    mutating func double() throws -> Double { try next(Double.self) }
    mutating func text() throws -> String { try next(String.self) }
    mutating func optionalText() throws -> String? { try next(String?.self) }
    mutating func optionalInt64() throws -> Int64? { try next(Int64?.self) }
    mutating func bool() throws -> Bool { try next(Bool.self) }
    /// A `bytea` column's bytes (none for NULL).
    mutating func bytes() throws -> [UInt8] { try next(ByteBuffer?.self).map { Array($0.readableBytesView) } ?? [] }

    /// A nullable `bytea` column's bytes.
    mutating func optionalBytes() throws -> [UInt8]? {
        try next(ByteBuffer?.self).map { Array($0.readableBytesView) }
    }
    mutating func optionalDouble() throws -> Double? { try next(Double?.self) }
    /// A nullable `text[]` column's texts (none for NULL).
    mutating func texts() throws -> [String] { try next([String]?.self) ?? [] }

    /// Whether the next column is NULL.
    var nextIsNull: Bool { row[index].bytes == nil }

    mutating func skip(_ count: Int) { index += count }
}

extension FeedItem {
    /// The photo's, owner's and location's columns, then the comment count: the feed query's
    /// select list, in ``PostgresColumnReader`` order.
    static let postgresSelection = postgresColumns + " " + postgresFrom

    /// ``postgresSelection``'s columns alone.
    static let postgresColumns = """
        p.id, p.owner_id, p.location_id, p.url, p.pixel_width::bigint, p.pixel_height::bigint, p.title, \
        p.description, p.likes::bigint, p.uploaded_at, p.image_state, p.content_version, \
        p.comments_loaded, \
        u.id, u.username, u.full_name, u.avatar_url, u.avatar_state, \
        l.id, l.latitude, l.longitude, l.place_name, l.region, l.country, l.geocode_state, \
        l.sub_locality, l.administrative_area, l.sub_administrative_area, \
        (SELECT COUNT(*) FROM comment c WHERE c.photo_id = p.id) AS comment_count
        """

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
        let photo = Photo(
            id: try reader.int64(), ownerID: try reader.int64(), locationID: try reader.optionalInt64(),
            url: try reader.text(), pixelWidth: try reader.int(), pixelHeight: try reader.int(),
            title: try reader.text(), description: try reader.text(), likes: try reader.int(),
            uploadedAt: try reader.int64(), imageState: AssetState(rawValue: try reader.text()) ?? .pending,
            contentVersion: try reader.int64(), commentsLoaded: try reader.bool())
        let owner = User(id: try reader.int64(), username: try reader.text(), fullName: try reader.text(),
                         avatarURL: try reader.text(), avatarState: AssetState(rawValue: try reader.text()) ?? .pending)
        var location: Location?
        if reader.nextIsNull {
            reader.skip(10)
        } else {
            location = Location(
                id: try reader.int64(), latitude: try reader.double(), longitude: try reader.double(),
                placeName: try reader.optionalText(), region: try reader.optionalText(),
                country: try reader.optionalText(),
                geocodeState: GeocodeState(rawValue: try reader.text()) ?? .pending,
                subLocality: try reader.optionalText(), administrativeArea: try reader.optionalText(),
                subAdministrativeArea: try reader.optionalText())
        }
        self.init(photo: photo, owner: owner, location: location, commentCount: try reader.int())
    }
}
