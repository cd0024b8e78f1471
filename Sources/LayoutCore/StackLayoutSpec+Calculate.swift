extension StackLayoutSpec {
    /// Texture's stack algorithm (semantics §3.1): sizes the children
    /// (``StackUnpositionedLayout``), places them (``StackPositionedLayout``), and takes the
    /// longest line and the lines' cross sizes, clamped into `range`, as its own size.
    ///
    /// With no children the stack is `range.min`. Children that overflow the range keep their
    /// sizes and lie outside the stack's bounds.
    public func calculateLayout(_ range: SizeRange, context: LayoutContext) -> Layout {
        guard !children.isEmpty else {
            return Layout(element: "stack", size: range.min, context: context)
        }
        let unpositioned = StackUnpositionedLayout(self, range: range, context: context)
        let sublayouts = StackPositionedLayout.sublayouts(unpositioned, justifyContent: justifyContent,
                                                          alignContent: alignContent)
        let size = unpositioned.env.axis.size(stack: unpositioned.stackSum, cross: unpositioned.crossSum)
        return Layout(element: "stack", size: range.clamp(size), sublayouts: sublayouts, context: context)
    }

    /// A vertical stack with children reports its first child's ascender, so a column of text
    /// can be baseline-aligned in a row (Texture copies it into the stack's style when the stack
    /// computes). Otherwise the stack's own style ascender.
    public var baselineAscender: Double {
        guard direction == .vertical, let first = children.first else { return style.ascender }
        return first.baselineAscender
    }

    /// A vertical stack with children reports its last child's descender; otherwise its own.
    public var baselineDescender: Double {
        guard direction == .vertical, let last = children.last else { return style.descender }
        return last.baselineDescender
    }

    /// A zero-size stack layout (optimized-flexing placeholder, §3.1.4).
    public var placeholderLayout: Layout {
        Layout(element: "stack", isNode: false, exactSize: .zero, position: .zero, sublayouts: [])
    }
}
