/// What `migrate` did: the migrations it applied now, and the latest applied one.
public struct MigrationReport: Sendable, Equatable, Codable {
    public var applied: [String]
    public var current: String?

    public init(applied: [String], current: String?) {
        self.applied = applied
        self.current = current
    }
}

/// Which migrations opening a store applies.
public enum MigrationTarget: Sendable, Equatable {
    case latest
    case upTo(String)
    case none
}
