/// What a sync job does: download a photo's image (its real pixel size arrives), download a
/// user's avatar, reverse-geocode a photo's location (its place name arrives), or fetch the first
/// page of a photo's comment feed (its comments arrive).
public typealias JobKind = SyncJob.Kind

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
