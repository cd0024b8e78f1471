/// Lays its children out in a line, or in several when wrapping, with Texture's flexbox
/// variant (`ASStackLayoutSpec`, semantics §3.1).
///
/// Defaults are those of Texture's plain initializer: horizontal, stretch. Texture's odd rules
/// are kept on purpose: flexShrink defaults to 0, grow shares are floored to whole points with
/// the remainder going to the first flexible child, children's min sizes do not stop shrinking,
/// and justifyContent distributes against the constraint rather than a resolved size.
///
/// The alignment helpers rewrite `justifyContent`/`alignItems` according to the direction;
/// setting either directly while a helper is not `.none` is a programmer error, as in Texture.
///
/// ```swift
/// let header = StackLayoutSpec(direction: .horizontal, spacing: 8, alignItems: .center,
///                              children: [avatar, names, SpacerLayoutSpec().flexGrow(1), time])
/// ```
public struct StackLayoutSpec: LayoutSpec {
    public var style: LayoutStyle
    public var children: [any LayoutElement]

    public var direction: StackDirection {
        didSet { if direction != oldValue { applyAlignmentHelpers() } }
    }
    public var spacing: Double
    public var justifyContent: StackJustifyContent {
        didSet { checkDirectAlignmentWrite() }
    }
    public var alignItems: StackAlignItems {
        didSet { checkDirectAlignmentWrite() }
    }
    public var flexWrap: StackFlexWrap
    public var alignContent: StackAlignContent
    public var lineSpacing: Double
    public var horizontalAlignment: StackHorizontalAlignment = .none {
        didSet { applyAlignmentHelpers() }
    }
    public var verticalAlignment: StackVerticalAlignment = .none {
        didSet { applyAlignmentHelpers() }
    }
    /// True while the helpers rewrite justify/align, so those writes are not flagged.
    private var applyingHelpers = false

    @inlinable
    public init(direction: StackDirection = .horizontal, spacing: Double = 0,
                justifyContent: StackJustifyContent = .start, alignItems: StackAlignItems = .stretch,
                flexWrap: StackFlexWrap = .noWrap, alignContent: StackAlignContent = .start,
                lineSpacing: Double = 0, children: [any LayoutElement] = [], style: LayoutStyle = LayoutStyle()) {
        self.direction = direction
        self.spacing = spacing
        self.justifyContent = justifyContent
        self.alignItems = alignItems
        self.flexWrap = flexWrap
        self.alignContent = alignContent
        self.lineSpacing = lineSpacing
        self.children = children
        self.style = style
    }

    /// A vertical stack (Texture's `verticalStackLayoutSpec`).
    @inlinable
    public static func vertical(spacing: Double = 0, justifyContent: StackJustifyContent = .start,
                                alignItems: StackAlignItems = .stretch,
                                children: [any LayoutElement] = []) -> StackLayoutSpec {
        StackLayoutSpec(direction: .vertical, spacing: spacing, justifyContent: justifyContent,
                        alignItems: alignItems, children: children)
    }

    /// A horizontal stack (Texture's `horizontalStackLayoutSpec`).
    @inlinable
    public static func horizontal(spacing: Double = 0, justifyContent: StackJustifyContent = .start,
                                  alignItems: StackAlignItems = .stretch,
                                  children: [any LayoutElement] = []) -> StackLayoutSpec {
        StackLayoutSpec(direction: .horizontal, spacing: spacing, justifyContent: justifyContent,
                        alignItems: alignItems, children: children)
    }
}

// MARK: - Alignment helpers

extension StackLayoutSpec {
    private func checkDirectAlignmentWrite() {
        precondition(applyingHelpers || !(horizontalAlignment != .none || verticalAlignment != .none),
                     "set justifyContent/alignItems directly while an alignment helper is set")
    }

    private mutating func applyAlignmentHelpers() {
        applyingHelpers = true
        defer { applyingHelpers = false }
        let horizontal: StackJustifyContent? = switch horizontalAlignment {
        case .none: nil
        case .left: .start
        case .middle: .center
        case .right: .end
        }
        let vertical: StackJustifyContent? = switch verticalAlignment {
        case .none: nil
        case .top: .start
        case .center: .center
        case .bottom: .end
        }
        let (justify, align) = direction == .horizontal ? (horizontal, vertical) : (vertical, horizontal)
        if let justify { justifyContent = justify }
        if let align { alignItems = StackAlignItems(align) }
    }
}

extension StackAlignItems {
    /// Start/Center/End of a distribution as an alignment.
    init(_ justify: StackJustifyContent) {
        switch justify {
        case .start: self = .start
        case .center: self = .center
        case .end: self = .end
        case .spaceBetween, .spaceAround: self = .start
        }
    }
}
