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
    public static func buildExpression(_ element: any LayoutElement) -> [any LayoutElement] {
        [element]
    }

    public static func buildExpression(_ element: (any LayoutElement)?) -> [any LayoutElement] {
        element.map { [$0] } ?? []
    }

    public static func buildExpression(_ elements: [any LayoutElement]) -> [any LayoutElement] {
        elements
    }

    public static func buildBlock(_ components: [any LayoutElement]...) -> [any LayoutElement] {
        components.flatMap { $0 }
    }

    public static func buildOptional(_ component: [any LayoutElement]?) -> [any LayoutElement] {
        component ?? []
    }

    public static func buildEither(first component: [any LayoutElement]) -> [any LayoutElement] {
        component
    }

    public static func buildEither(second component: [any LayoutElement]) -> [any LayoutElement] {
        component
    }

    public static func buildArray(_ components: [[any LayoutElement]]) -> [any LayoutElement] {
        components.flatMap { $0 }
    }

    public static func buildLimitedAvailability(_ component: [any LayoutElement]) -> [any LayoutElement] {
        component
    }

    /// The one element of a single-child slot: the element itself when the block built exactly
    /// one, otherwise a ``WrapperLayoutSpec`` layering them all at the origin (empty for none).
    public static func single(_ elements: [any LayoutElement]) -> any LayoutElement {
        elements.count == 1 ? elements[0] : WrapperLayoutSpec(children: elements)
    }
}
