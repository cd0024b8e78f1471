/// How an ``AbsoluteLayoutSpec`` sizes itself (Texture's `ASAbsoluteLayoutSpecSizing`).
public enum AbsoluteLayoutSpecSizing: String, Hashable, Sendable, CaseIterable {
    /// As large as the constraint's max where it is bounded, else the children's extent.
    case `default`
    /// The children's extent (at least the constraint's min) on both axes: Texture 1's
    /// static layout spec.
    case sizeToFit
}
