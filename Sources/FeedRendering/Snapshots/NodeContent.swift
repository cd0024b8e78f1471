/// What a node shows: laid-out text, an image, or nothing but its box (a container, a spacer, a
/// node whose content the caller does not know).
public enum NodeContent: Sendable, Hashable, Codable {
    case text(TextSnapshot)
    case image(ImageSnapshot)
    case box
}
