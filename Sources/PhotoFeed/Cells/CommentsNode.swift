import LayoutCore
import NodeKit
import Synchronization
import TextLayout

/// ASDKgram's `CommentsNode`: the cell's comment labels, a node of its own with automatic
/// subnode management.
///
/// Its spec is a vertical stack, 5 points apart (`INTER_COMMENT_SPACING`), alignItems stretch,
/// of one text node per label (each at most 3 lines). Without labels it is an empty stack of
/// height 0 (the cell's footer still spaces it). Label nodes are named "comment0",
/// "comment1", … in order; ``update(labels:)`` keeps the nodes it can and sets their texts.
///
/// Thread safety: the label nodes live in a `Mutex`; the text nodes lock themselves.
public final class CommentsNode: DisplayNode, @unchecked Sendable {
    /// ASDKgram's `INTER_COMMENT_SPACING`.
    public static let interCommentSpacing = 5.0
    /// The most lines of one comment label.
    public static let maximumLinesPerLabel = 3

    public let measurer: any TextMeasuring
    private let labelNodes: Mutex<[TextNode]>

    public init(id: LayoutElementID = "comments", labels: [String] = [],
                measurer: any TextMeasuring = TextMeasurer.shared) {
        self.measurer = measurer
        labelNodes = Mutex([])
        super.init(id: id)
        automaticallyManagesSubnodes = true
        update(labels: labels)
    }

    /// The label nodes, in order.
    public var labels: [TextNode] { labelNodes.withLock { $0 } }

    /// The labels' texts, in order.
    public var labelTexts: [String] { labels.map { $0.attributedText.string } }

    /// Shows `labels`: one text node each, the existing nodes reused in order; marks the node as
    /// needing layout when anything changed.
    public func update(labels texts: [String]) {
        let changed = labelNodes.withLock { nodes in
            var changed = nodes.count != texts.count
            if nodes.count > texts.count { nodes.removeLast(nodes.count - texts.count) }
            for (index, string) in texts.enumerated() {
                let text = PhotoCellNode.text(string)
                if index < nodes.count {
                    if nodes[index].attributedText != text {
                        nodes[index].attributedText = text
                        changed = true
                    }
                } else {
                    nodes.append(TextNode(id: LayoutElementID("comment\(index)"), attributedText: text,
                                          maximumNumberOfLines: Self.maximumLinesPerLabel, measurer: measurer))
                }
            }
            return changed
        }
        if changed { setNeedsLayout() }
    }

    public override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
        StackLayoutSpec.vertical(spacing: Self.interCommentSpacing, alignItems: .stretch,
                                 children: labels.map { $0 as any LayoutElement })
    }
}
