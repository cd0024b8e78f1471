import LayoutCore

// MARK: - StyleModifiable

/// A node's style modifiers change the node in place and return the same node, as Texture's
/// `styled` does: `DisplayNode.styled(_:)` (atomic under the node's lock) is the witness.
extension DisplayNode: StyleModifiable {}
