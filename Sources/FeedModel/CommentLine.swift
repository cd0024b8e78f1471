/// One comment as a cell shows it: the author's user name and the text.
public struct CommentLine: Codable, Hashable, Sendable {
    public var authorName: String
    public var body: String

    public init(authorName: String, body: String) {
        self.authorName = authorName
        self.body = body
    }
}
