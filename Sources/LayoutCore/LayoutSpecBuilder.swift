/// The result builder of the layout DSL: a thin builder that flattens everything in its block
/// into one array of children.
///
/// A block may contain elements, optional elements (`nil` adds nothing), arrays of elements,
/// `if`/`else`, `switch`, `if let` and `for … in` loops. Specs take builder closures where
/// Texture takes a `children` array; single-child modifiers (``LayoutElement/background(_:)``
/// and friends) also take one.
///
/// ```swift
/// let names = StackLayoutSpec.vertical {
///     userName
///     if let location { location }
///     for tag in tags { tag }
/// }
/// ```
@resultBuilder
public enum LayoutSpecBuilder {
    // A block's statements are folded left to right (`buildPartialBlock`): a plain element is
    // appended to the children built so far without an array of its own, and the first one
    // starts an array with room for a typical stack's children. The partial results are taken
    // (`consuming`), so appending does not copy them. Everything is inlinable, so a block
    // compiles into the caller's own code rather than calls into this module.

    @inlinable
    public static func buildExpression(_ element: any LayoutElement) -> any LayoutElement {
        element
    }

    @inlinable
    public static func buildExpression(_ element: (any LayoutElement)?) -> [any LayoutElement] {
        element.map { [$0] } ?? []
    }

    @inlinable
    public static func buildExpression(_ elements: [any LayoutElement]) -> [any LayoutElement] {
        elements
    }

    @inlinable
    public static func buildBlock() -> [any LayoutElement] {
        []
    }

    @inlinable
    public static func buildPartialBlock(first: consuming any LayoutElement) -> [any LayoutElement] {
        var children: [any LayoutElement] = []
        children.reserveCapacity(4)
        children.append(first)
        return children
    }

    @inlinable
    public static func buildPartialBlock(first: consuming [any LayoutElement]) -> [any LayoutElement] {
        first
    }

    @inlinable
    public static func buildPartialBlock(accumulated: consuming [any LayoutElement],
                                         next: consuming any LayoutElement) -> [any LayoutElement] {
        accumulated.append(next)
        return accumulated
    }

    @inlinable
    public static func buildPartialBlock(accumulated: consuming [any LayoutElement],
                                         next: [any LayoutElement]) -> [any LayoutElement] {
        accumulated.append(contentsOf: next)
        return accumulated
    }

    @inlinable
    public static func buildOptional(_ component: [any LayoutElement]?) -> [any LayoutElement] {
        component ?? []
    }

    @inlinable
    public static func buildEither(first component: [any LayoutElement]) -> [any LayoutElement] {
        component
    }

    @inlinable
    public static func buildEither(second component: [any LayoutElement]) -> [any LayoutElement] {
        component
    }

    @inlinable
    public static func buildArray(_ components: [[any LayoutElement]]) -> [any LayoutElement] {
        components.flatMap { $0 }
    }

    @inlinable
    public static func buildLimitedAvailability(_ component: [any LayoutElement]) -> [any LayoutElement] {
        component
    }

    /// The one element of a single-child slot: the element itself when the block built exactly
    /// one, otherwise a ``WrapperLayoutSpec`` layering them all at the origin (empty for none).
    @inlinable
    public static func single(_ elements: [any LayoutElement]) -> any LayoutElement {
        elements.count == 1 ? elements[0] : WrapperLayoutSpec(children: elements)
    }
}
