/// What a sync job does.
public enum JobKind: String, Hashable, Sendable, CaseIterable, Codable {
    /// Download a photo's image (its real pixel size arrives).
    case image
    /// Download a user's avatar.
    case avatar
    /// Reverse-geocode a photo's location (its place name arrives).
    case geocode

    /// A code that never changes across releases, for hashing into random draws.
    var stableCode: UInt64 {
        switch self {
        case .image: 0x696D_6167
        case .avatar: 0x6176_6174
        case .geocode: 0x6765_6F63
        }
    }
}

/// A job's identity independent of database row ids: its kind and the id of the row it is for.
public struct JobKey: Hashable, Sendable, Codable, CustomStringConvertible {
    public var kind: JobKind
    public var targetID: Int64

    public init(kind: JobKind, targetID: Int64) {
        self.kind = kind
        self.targetID = targetID
    }

    public var description: String { "\(kind.rawValue)#\(targetID)" }
}
