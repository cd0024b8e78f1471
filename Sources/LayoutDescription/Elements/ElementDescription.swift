import LayoutCore

/// One element of a layout description, decoded and validated, before any node or spec exists.
///
/// Building turns it into a tree of display nodes and layout specs (see ``makeElement()``);
/// keeping the description a plain value lets it be compared in tests and built more than once.
public struct ElementDescription: Hashable, Sendable {
    /// The element's `style`, with Texture's defaults for everything the document leaves out.
    public var style: LayoutStyle
    public var kind: Kind
    /// Where the element sits in the document, e.g. `$.layout.children[1]`; builders name it
    /// in their errors.
    public var path: String

    public init(style: LayoutStyle = LayoutStyle(), kind: Kind, path: String = "$.layout") {
        self.style = style
        self.kind = kind
        self.path = path
    }

    /// The element types of the contract, with their fields.
    public indirect enum Kind: Hashable, Sendable {
        /// A display node: spec path with `layout`, else manual sizing with `intrinsicSize`
        /// (or Texture's default when that is absent too).
        case node(id: String, intrinsicSize: Size?, layout: ElementDescription?)
        case text(TextDescription)
        /// Texture's bare `ASLayoutSpec`: size = range.min, no children.
        case spacer
        case stack(StackDescription, children: [ElementDescription])
        case inset(EdgeInsets, child: ElementDescription)
        case overlay(child: ElementDescription, overlay: ElementDescription)
        case background(child: ElementDescription, background: ElementDescription)
        case center(centering: Centering, sizing: CenterSizing, child: ElementDescription)
        case relative(horizontal: RelativePosition, vertical: RelativePosition, sizing: RelativeSizing,
                      child: ElementDescription)
        case ratio(Double, child: ElementDescription)
        case absolute(sizing: AbsoluteLayoutSpecSizing, children: [ElementDescription])
        case corner(child: ElementDescription, corner: ElementDescription, location: CornerLocation, offset: Point,
                    wrapsCorner: Bool)
        case wrapper(children: [ElementDescription])
    }

    /// The contract's name of the element's type (`"stack"`, `"node"`, …).
    public var typeName: String { kind.parts.type.name }
}

/// A `text` element's fields.
public struct TextDescription: Hashable, Sendable {
    public var id: String
    public var text: String
    public var fontSize: Double = 14
    public var fontWeight: FontWeight = .regular
    /// 0 = unlimited.
    public var maxLines: Int = 0
    public var truncation: String = "…"

    public enum FontWeight: String, Hashable, Sendable, CaseIterable {
        case regular, bold
    }

    public init(id: String, text: String, fontSize: Double = 14, fontWeight: FontWeight = .regular, maxLines: Int = 0,
                truncation: String = "…") {
        self.id = id
        self.text = text
        self.fontSize = fontSize
        self.fontWeight = fontWeight
        self.maxLines = maxLines
        self.truncation = truncation
    }
}

/// A `stack` element's options besides its children; defaults are those of Texture's plain
/// initializer.
public struct StackDescription: Hashable, Sendable {
    public var direction: StackDirection = .horizontal
    public var spacing: Double = 0
    public var justifyContent: StackJustifyContent = .start
    public var alignItems: StackAlignItems = .stretch
    public var flexWrap: StackFlexWrap = .noWrap
    public var alignContent: StackAlignContent = .start
    public var lineSpacing: Double = 0
    public var horizontalAlignment: StackHorizontalAlignment = .none
    public var verticalAlignment: StackVerticalAlignment = .none

    public init() {}
}

// MARK: - Option values, as the document spells them

extension ElementDescription {
    /// `center.centeringOptions`.
    public enum Centering: String, Hashable, Sendable, CaseIterable {
        case none, x, y, xy
    }

    /// `center.sizingOptions`.
    public enum CenterSizing: String, Hashable, Sendable, CaseIterable {
        case `default`, minimumX, minimumY, minimumXY
    }

    /// `relative.sizingOption`.
    public enum RelativeSizing: String, Hashable, Sendable, CaseIterable {
        case `default`, minimumWidth, minimumHeight, minimumSize
    }
}

// MARK: - Mapping to the specs' option sets

extension ElementDescription.Centering {
    /// The ``CenterLayoutSpec`` option set this value names.
    public var options: CenteringOptions {
        switch self {
        case .none: []
        case .x: .x
        case .y: .y
        case .xy: .xy
        }
    }
}

extension ElementDescription.CenterSizing {
    /// The ``CenterLayoutSpec`` sizing option set this value names.
    public var options: CenterSizingOptions {
        switch self {
        case .default: []
        case .minimumX: .minimumX
        case .minimumY: .minimumY
        case .minimumXY: .minimumXY
        }
    }
}

extension ElementDescription.RelativeSizing {
    /// The ``RelativeLayoutSpec`` sizing option set this value names.
    public var options: RelativeSizingOption {
        switch self {
        case .default: []
        case .minimumWidth: .minimumWidth
        case .minimumHeight: .minimumHeight
        case .minimumSize: .minimumSize
        }
    }
}

// MARK: - Queries

extension ElementDescription {
    /// The ids of every `node` element in this subtree that has its own `layout`.
    public var nodeIDsWithLayouts: Set<LayoutElementID> {
        var ids = Set<LayoutElementID>()
        collectNodeIDsWithLayouts(into: &ids)
        return ids
    }

    private func collectNodeIDsWithLayouts(into ids: inout Set<LayoutElementID>) {
        if case .node(let id, _, .some) = kind { ids.insert(LayoutElementID(id)) }
        for child in kind.parts.children { child.collectNodeIDsWithLayouts(into: &ids) }
    }
}
