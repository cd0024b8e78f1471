/// Where a ``RelativeLayoutSpec`` puts its child along one axis (Texture's
/// `ASRelativeLayoutSpecPosition`). `none` and `start` both place it at the leading edge, but
/// `none` also passes the constraint's minimum on to the child.
public enum RelativePosition: String, Hashable, Sendable, CaseIterable {
    case none, start, center, end

    /// The share of the free space before the child: 0, ½ or 1.
    var proportion: Double {
        switch self {
        case .none, .start: 0
        case .center: 0.5
        case .end: 1
        }
    }
}

/// Which axes of a ``RelativeLayoutSpec`` shrink to the child instead of taking the max
/// (Texture's `ASRelativeLayoutSpecSizingOption`).
public struct RelativeSizingOption: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    public static let minimumWidth = RelativeSizingOption(rawValue: 1 << 0)
    public static let minimumHeight = RelativeSizingOption(rawValue: 1 << 1)
    public static let minimumSize: RelativeSizingOption = [.minimumWidth, .minimumHeight]
}
