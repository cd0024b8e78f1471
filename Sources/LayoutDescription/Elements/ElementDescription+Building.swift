import LayoutCore
import NodeKit
import TextLayout

extension ElementDescription {
    /// Builds the element tree: children first, in document order, then the element itself as
    /// ``Kind/parts`` says (`node` elements become ``DescribedNode``s, the others the nodes and
    /// layout specs they name).
    ///
    /// `text` elements become ``TextNode``s measured by ``DescribedTextMeasurer``: the document's
    /// style is applied before the text, so the font's ascender and descender win over the
    /// style's (and every measurement rewrites them anyway, as Texture's text node does).
    ///
    /// - Throws: for `text` elements when the fonts cannot be loaded.
    public func makeElement() throws(LayoutDescriptionError) -> any LayoutElement {
        let parts = kind.parts
        var children: [any LayoutElement] = []
        children.reserveCapacity(parts.children.count)
        for child in parts.children { children.append(try child.makeElement()) }
        return try parts.make(style, path, children)
    }

    static func makeTextNode(_ text: TextDescription, style: LayoutStyle, path: String)
        throws(LayoutDescriptionError) -> TextNode {
        let measurer: TextMeasurer
        switch DescribedTextMeasurer.current {
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
}

/// The text engine behind described `text` elements: the one bound to ``measurer`` for the
/// current task or thread (`layout compute --fonts`), else the process's default fonts
/// (``FontManifest/processDefault()``), loaded once. A failure (missing fonts) becomes an error
/// line naming the element rather than stopping the process.
///
/// ```swift
/// let line = try DescribedTextMeasurer.$measurer.withValue(liberation) { try document.computeLayout().resultLine }
/// ```
public enum DescribedTextMeasurer {
    @TaskLocal public static var measurer: TextMeasurer?

    static var current: Result<TextMeasurer, any Error> {
        if let measurer { return .success(measurer) }
        return processDefault
    }

    private static let processDefault = Result<TextMeasurer, any Error> {
        try TextMeasurer.measurer(for: try FontManifest.processDefault())
    }
}
