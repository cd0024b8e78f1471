import LayoutCore
import TextLayout

extension ElementDescription {
    /// Builds the element tree: `node` elements become ``DescribedNode``s, the others the
    /// layout specs they name.
    ///
    /// Stack alignment helpers are applied after `justifyContent`/`alignItems` are set through
    /// the initializer, so the spec's precondition against direct writes cannot trip.
    ///
    /// `text` elements become ``TextNode``s measured by ``describedTextMeasurer``: the document's
    /// style is applied before the text, so the font's ascender and descender win over the
    /// style's (and every measurement rewrites them anyway, as Texture's text node does).
    ///
    /// - Throws: for `text` elements when the fonts cannot be loaded.
    public func makeElement() throws(LayoutDescriptionError) -> any LayoutElement {
        switch kind {
        case .node(let id, let intrinsicSize, let layout):
            return DescribedNode(id: LayoutElementID(id), style: style, intrinsicSize: intrinsicSize,
                                 layout: try layout?.makeElement())
        case .text(let text):
            return try makeTextNode(text)
        case .spacer:
            return SpacerLayoutSpec(style: style)
        case .stack(let options, let children):
            var stack = StackLayoutSpec(direction: options.direction, spacing: options.spacing,
                                        justifyContent: options.justifyContent, alignItems: options.alignItems,
                                        flexWrap: options.flexWrap, alignContent: options.alignContent,
                                        lineSpacing: options.lineSpacing, children: try Self.make(children),
                                        style: style)
            if options.horizontalAlignment != .none { stack.horizontalAlignment = options.horizontalAlignment }
            if options.verticalAlignment != .none { stack.verticalAlignment = options.verticalAlignment }
            return stack
        case .inset(let insets, let child):
            return InsetLayoutSpec(insets: insets, child: try child.makeElement(), style: style)
        case .overlay(let child, let overlay):
            return OverlayLayoutSpec(child: try child.makeElement(), overlay: try overlay.makeElement(), style: style)
        case .background(let child, let background):
            return BackgroundLayoutSpec(child: try child.makeElement(), background: try background.makeElement(),
                                        style: style)
        case .center(let centering, let sizing, let child):
            return CenterLayoutSpec(centeringOptions: centering.options, sizingOptions: sizing.options,
                                    child: try child.makeElement(), style: style)
        case .relative(let horizontal, let vertical, let sizing, let child):
            return RelativeLayoutSpec(horizontalPosition: horizontal, verticalPosition: vertical,
                                      sizingOption: sizing.options, child: try child.makeElement(), style: style)
        case .ratio(let ratio, let child):
            return RatioLayoutSpec(ratio: ratio, child: try child.makeElement(), style: style)
        case .absolute(let sizing, let children):
            return AbsoluteLayoutSpec(sizing: sizing, children: try Self.make(children), style: style)
        case .corner(let child, let corner, let location, let offset, let wrapsCorner):
            return CornerLayoutSpec(child: try child.makeElement(), corner: try corner.makeElement(),
                                    location: location, offset: offset, wrapsCorner: wrapsCorner, style: style)
        case .wrapper(let children):
            return WrapperLayoutSpec(children: try Self.make(children), style: style)
        }
    }

    private func makeTextNode(_ text: TextDescription) throws(LayoutDescriptionError) -> TextNode {
        let measurer: TextMeasurer
        switch describedTextMeasurer {
        case .success(let loaded): measurer = loaded
        case .failure(let error): throw LayoutDescriptionError(path: path, reason: "text cannot be measured: \(error)")
        }
        let node = TextNode(id: LayoutElementID(text.id), maximumNumberOfLines: text.maxLines,
                            truncationString: text.truncation, measurer: measurer)
        node.style = style
        let weight: FontWeight = switch text.fontWeight {
        case .regular: .regular
        case .bold: .bold
        }
        node.attributedText = AttributedText(text.text, attributes: TextAttributes(fontSize: text.fontSize,
                                                                                  fontWeight: weight))
        return node
    }

    private static func make(_ children: [ElementDescription]) throws(LayoutDescriptionError) -> [any LayoutElement] {
        var elements: [any LayoutElement] = []
        elements.reserveCapacity(children.count)
        for child in children { elements.append(try child.makeElement()) }
        return elements
    }
}

/// The text engine behind described `text` elements, loaded once; a failure (missing fonts)
/// becomes an error line naming the element rather than stopping the process.
let describedTextMeasurer: Result<TextMeasurer, FontError> = Result { () throws(FontError) -> TextMeasurer in
    try TextMeasurer()
}
