/// A unit of work for the sync daemon. `targetID` is a photo (image, comment feed), user (avatar)
/// or location (geocode) id; `nextRunAt` is in milliseconds since 1970.
public struct SyncJob: Codable, Hashable, Sendable {
    public enum Kind: String, Codable, Hashable, Sendable, CaseIterable {
        case image, avatar, geocode
        /// The first page of a photo's comment feed: its comments appear in its cell.
        case commentFeed = "comment-feed"
    }

    public enum State: String, Codable, Hashable, Sendable, CaseIterable {
        case pending, running, done, failed
    }

    public var id: Int64?
    public var kind: Kind
    public var targetID: Int64
    public var state: State
    public var attempts: Int
    public var nextRunAt: Int64
    public var result: String?

    public init(id: Int64? = nil, kind: Kind, targetID: Int64, state: State = .pending, attempts: Int = 0,
                nextRunAt: Int64, result: String? = nil) {
        self.id = id
        self.kind = kind
        self.targetID = targetID
        self.state = state
        self.attempts = attempts
        self.nextRunAt = nextRunAt
        self.result = result
    }

    package enum CodingKeys: String, CodingKey {
        case id, kind, targetID = "target_id", state, attempts, nextRunAt = "next_run_at", result
    }
}
