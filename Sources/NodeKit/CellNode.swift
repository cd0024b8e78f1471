import LayoutCore
import Synchronization

/// What a cell tells its container (Texture's `ASCellNodeInteractionDelegate`).
public protocol CellNodeInteractionDelegate: AnyObject, Sendable {
    /// The cell's layout wants a new size; the container should relayout it (semantics §9.4).
    func nodeDidInvalidateSize(_ node: CellNode)
}

/// A node that is a row or item of a table or collection (Texture's `ASCellNode`).
///
/// When it has an ``interactionDelegate`` (its container), a size change escalating to it
/// (§5.4) or a finished transition measurement only notifies the delegate: the container
/// decides the cell's size, so the cell does not resize itself.
///
/// Thread safety: its own state is behind a `Mutex`, like its superclass's.
open class CellNode: DisplayNode, @unchecked Sendable {
    private struct WeakDelegate {
        weak var value: (any CellNodeInteractionDelegate)?
    }

    private let delegate = Mutex(WeakDelegate())

    public override init(id: LayoutElementID) {
        super.init(id: id)
    }

    /// The container, held weakly.
    public var interactionDelegate: (any CellNodeInteractionDelegate)? {
        get { delegate.withLock { $0.value } }
        set { delegate.withLock { $0.value = newValue } }
    }

    open override func rootNodeDidInvalidateSize() {
        if let interactionDelegate {
            interactionDelegate.nodeDidInvalidateSize(self)
        } else {
            super.rootNodeDidInvalidateSize()
        }
    }

    open override func layoutTransitionMeasurementDidFinish() {
        if let interactionDelegate {
            interactionDelegate.nodeDidInvalidateSize(self)
        } else {
            super.layoutTransitionMeasurementDidFinish()
        }
    }
}
