import LayoutCore
import NodeKit
import PhotoFeed
import TextLayout

extension PhotoCellNode {
    /// What the renderers draw for this cell laid out as `layout` (its flattened layout, e.g.
    /// from the layout cache): each node at its frame with its content — a text node's lines as
    /// the text engine sets them in the frame's width, an image node's URL and, once loaded, its
    /// pixel size.
    ///
    /// The comments node's labels follow it, each at its absolute frame (``CommentsNode`` lays
    /// them out in its own layout). Text is measured again from the node's text and options at its frame width rather than
    /// read from the node's last measurement, so the snapshot does not depend on which size the
    /// cell was measured at last (a frame is its lines' width ceiled, so the lines are the same).
    public func snapshot(layout: Layout, scale: Double) -> CellSnapshot {
        let model = self.model
        let context = LayoutContext(scale: scale > 0 && scale.isFinite ? scale : 1)
        // A drawn layout (the cache's) is flat but for the labels nested under the comments node.
        let isDrawn = layout.position == .zero && layout.sublayouts.allSatisfy(\.isNode)
        let flat = withCommentLabels(isDrawn ? layout : layout.flattened(context: context), context: context)
        var textNodes: [String: TextNode] = [
            "userName": userName, "location": location, "time": time, "likes": likes,
            "description": descriptionText,
        ]
        for label in comments.labels { textNodes[label.id.rawValue] = label }
        let frames = Dictionary(flat.sublayouts.map { ($0.element.rawValue, $0.frame) }, uniquingKeysWith: { a, _ in a })
        return CellSnapshot(photoID: model.photoID, layout: flat, scale: scale) { id in
            switch id {
            case "avatar":
                return .image(ImageSnapshot(url: model.avatarURL, pixelSize: nil, isLoaded: model.isAvatarLoaded))
            case "photo":
                let size = model.isImageLoaded ? Size(Double(model.pixelWidth), Double(model.pixelHeight)) : nil
                return .image(ImageSnapshot(url: model.photoURL, pixelSize: size, isLoaded: model.isImageLoaded))
            default:
                guard let node = textNodes[id], let frame = frames[id] else { return nil }
                let options = TextLayoutOptions(maximumNumberOfLines: node.maximumNumberOfLines,
                                                truncationString: node.truncationString)
                let measurement = node.measurer.measure(node.attributedText, options: options,
                                                        maxWidth: frame.size.width, scale: scale)
                return .text(TextSnapshot(text: node.attributedText, measurement: measurement, options: options))
            }
        }
    }

    /// `flat` with the comments node's labels after it, at absolute frames: the labels nested
    /// under the comments node (``PhotoCellNode/nestingOwnLayouts(in:context:)``, as the layout
    /// cache holds them) moved up to the cell's level.
    private func withCommentLabels(_ flat: Layout, context: LayoutContext) -> Layout {
        let nested = nestingOwnLayouts(in: flat, context: context)
        guard let index = nested.sublayouts.firstIndex(where: { $0.element == comments.id }) else { return flat }
        let box = nested.sublayouts[index]
        let labels = box.sublayouts.map { label in
            Layout(element: label.element, isNode: true, exactSize: label.size,
                   position: Point(box.position.x + label.position.x, box.position.y + label.position.y),
                   sublayouts: [])
        }
        var expanded = nested
        expanded.sublayouts[index].sublayouts = []
        expanded.sublayouts.insert(contentsOf: labels, at: index + 1)
        return expanded
    }
}
