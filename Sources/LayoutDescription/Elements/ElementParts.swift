import LayoutCore
import NodeKit

/// A decoded element taken apart: its entry in the table of element types, its child elements
/// in document order, and how to build it once those children are built.
struct ElementParts {
    /// Builds the element from its style, its document path and its children's built elements
    /// (in the order of ``children``).
    typealias Make = (_ style: LayoutStyle, _ path: String, _ children: [any LayoutElement])
        throws(LayoutDescriptionError) -> any LayoutElement

    let type: ElementType
    let children: [ElementDescription]
    let make: Make

    init(_ type: ElementType, children: [ElementDescription] = [], make: @escaping Make) {
        self.type = type
        self.children = children
        self.make = make
    }
}

extension ElementDescription.Kind {
    /// The one switch over element types: each case's table entry, children and builder.
    ///
    /// `node` elements become ``DescribedNode``s, `text` elements ``TextNode``s (see
    /// ``ElementDescription/makeTextNode(_:style:path:)``), the others the layout specs they name.
    /// Stack alignment helpers are applied after `justifyContent`/`alignItems` are set through
    /// the initializer, so the spec's precondition against direct writes cannot trip.
    var parts: ElementParts {
        switch self {
        case .node(let id, let intrinsicSize, let layout):
            ElementParts(.node, children: layout.map { [$0] } ?? []) { style, _, built in
                DescribedNode(id: LayoutElementID(id), style: style, intrinsicSize: intrinsicSize, layout: built.first)
            }
        case .text(let text):
            ElementParts(.text) { style, path, _ throws(LayoutDescriptionError) in
                try ElementDescription.makeTextNode(text, style: style, path: path)
            }
        case .spacer:
            ElementParts(.spacer) { style, _, _ in SpacerLayoutSpec(style: style) }
        case .stack(let options, let children):
            ElementParts(.stack, children: children) { style, _, built in
                var stack = StackLayoutSpec(direction: options.direction, spacing: options.spacing,
                                            justifyContent: options.justifyContent, alignItems: options.alignItems,
                                            flexWrap: options.flexWrap, alignContent: options.alignContent,
                                            lineSpacing: options.lineSpacing, children: built, style: style)
                if options.horizontalAlignment != .none { stack.horizontalAlignment = options.horizontalAlignment }
                if options.verticalAlignment != .none { stack.verticalAlignment = options.verticalAlignment }
                return stack
            }
        case .inset(let insets, let child):
            ElementParts(.inset, children: [child]) { style, _, built in
                InsetLayoutSpec(insets: insets, child: built[0], style: style)
            }
        case .overlay(let child, let overlay):
            ElementParts(.overlay, children: [child, overlay]) { style, _, built in
                OverlayLayoutSpec(child: built[0], overlay: built[1], style: style)
            }
        case .background(let child, let background):
            ElementParts(.background, children: [child, background]) { style, _, built in
                BackgroundLayoutSpec(child: built[0], background: built[1], style: style)
            }
        case .center(let centering, let sizing, let child):
            ElementParts(.center, children: [child]) { style, _, built in
                CenterLayoutSpec(centeringOptions: centering.options, sizingOptions: sizing.options, child: built[0],
                                 style: style)
            }
        case .relative(let horizontal, let vertical, let sizing, let child):
            ElementParts(.relative, children: [child]) { style, _, built in
                RelativeLayoutSpec(horizontalPosition: horizontal, verticalPosition: vertical,
                                   sizingOption: sizing.options, child: built[0], style: style)
            }
        case .ratio(let ratio, let child):
            ElementParts(.ratio, children: [child]) { style, _, built in
                RatioLayoutSpec(ratio: ratio, child: built[0], style: style)
            }
        case .absolute(let sizing, let children):
            ElementParts(.absolute, children: children) { style, _, built in
                AbsoluteLayoutSpec(sizing: sizing, children: built, style: style)
            }
        case .corner(let child, let corner, let location, let offset, let wrapsCorner):
            ElementParts(.corner, children: [child, corner]) { style, _, built in
                CornerLayoutSpec(child: built[0], corner: built[1], location: location, offset: offset,
                                 wrapsCorner: wrapsCorner, style: style)
            }
        case .wrapper(let children):
            ElementParts(.wrapper, children: children) { style, _, built in
                WrapperLayoutSpec(children: built, style: style)
            }
        }
    }
}
