/// The axes a ``CenterLayoutSpec`` centres its child on (Texture's `ASCenterLayoutSpecCenteringOptions`).
/// An axis that is not centred puts the child at the leading edge.
public struct CenteringOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    public static let x = CenteringOptions(rawValue: 1 << 0)
    public static let y = CenteringOptions(rawValue: 1 << 1)
    public static let xy: CenteringOptions = [.x, .y]
}

/// The axes on which a ``CenterLayoutSpec`` shrinks to its child instead of taking the max
/// (Texture's `ASCenterLayoutSpecSizingOptions`).
public struct CenterSizingOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    public static let minimumX = CenterSizingOptions(rawValue: 1 << 0)
    public static let minimumY = CenterSizingOptions(rawValue: 1 << 1)
    public static let minimumXY: CenterSizingOptions = [.minimumX, .minimumY]
}
