/// Where a node stands relative to the screen (Texture's `ASInterfaceState`, semantics §7.1).
///
/// The bits grow with proximity: a node in the preload range fetches data, one in the display
/// range renders, a visible one is on screen. Range-managed cells get their state from a
/// ``RangeController``; other nodes get ``inHierarchy`` when they enter a window and an empty
/// state when they leave it.
public struct InterfaceState: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// The node is measured but does nothing else.
    public static let measureLayout = InterfaceState(rawValue: 1)
    /// The node should fetch what it needs to display (images, data).
    public static let preload = InterfaceState(rawValue: 2)
    /// The node should render its contents.
    public static let display = InterfaceState(rawValue: 4)
    /// The node is on screen.
    public static let visible = InterfaceState(rawValue: 8)
    /// Every bit: a node in a window, not managed by a range controller.
    public static let inHierarchy: InterfaceState = [.measureLayout, .preload, .display, .visible]

    public var description: String {
        if isEmpty { return "none" }
        let names: [(InterfaceState, String)] = [
            (.measureLayout, "measureLayout"), (.preload, "preload"), (.display, "display"), (.visible, "visible"),
        ]
        return names.filter { contains($0.0) }.map(\.1).joined(separator: "|")
    }
}
