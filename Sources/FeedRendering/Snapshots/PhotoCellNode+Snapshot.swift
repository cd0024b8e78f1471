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
    /// Text is measured again from the node's text and options at its frame width rather than
    /// read from the node's last measurement, so the snapshot does not depend on which size the
    /// cell was measured at last (a frame is its lines' width ceiled, so the lines are the same).
    public func snapshot(layout: Layout, scale: Double) -> CellSnapshot {
        let model = self.model
        let textNodes: [String: TextNode] = [
            "userName": userName, "location": location, "time": time, "likes": likes,
            "description": descriptionText, "comments": comments,
        ]
        let frames = Dictionary(layout.sublayouts.map { ($0.element.rawValue, $0.frame) }, uniquingKeysWith: { a, _ in a })
        return CellSnapshot(photoID: model.photoID, layout: layout, scale: scale) { id in
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
}
