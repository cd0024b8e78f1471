/// A photographer: owns photos, writes comments. `avatarState` is advanced by the sync daemon.
public struct User: Codable, Hashable, Sendable {
    public var id: Int64
    public var username: String
    public var fullName: String
    public var avatarURL: String
    public var avatarState: AssetState

    public init(id: Int64, username: String, fullName: String, avatarURL: String, avatarState: AssetState = .pending) {
        self.id = id
        self.username = username
        self.fullName = fullName
        self.avatarURL = avatarURL
        self.avatarState = avatarState
    }

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case id, username, fullName = "full_name", avatarURL = "avatar_url", avatarState = "avatar_state"
    }
}

/// Where a downloadable asset (a photo's image, a user's avatar) stands.
public enum AssetState: String, Codable, Hashable, Sendable, CaseIterable {
    case pending, loaded, failed
}

extension AssetState {
    /// The state stored as `text`: `pending` when missing or unknown to this build.
    package init(_ text: String?) {
        self = text.flatMap(Self.init(rawValue:)) ?? .pending
    }
}
