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
        // Scratch memory for the per-child values and the lines, on the stack when small enough.
        let count = children.count
        return withUnsafeTemporaryAllocation(of: StackItem.self, capacity: count) { items in
            withUnsafeTemporaryAllocation(of: StackLine.self, capacity: count) { lines in
                var stack = StackUnpositionedLayout(self, items: items, lines: lines, range: range, context: context)
                StackPositionedLayout.position(&stack, justifyContent: justifyContent, alignContent: alignContent)
                let size = stack.env.axis.size(stack: stack.stackSum, cross: stack.crossSum)
                return Layout(element: "stack", size: range.clamp(size), sublayouts: stack.layouts, context: context)
            }
        }
    }

    /// A vertical stack with children reports its first child's ascender, so a column of text
    /// can be baseline-aligned in a row (Texture copies it into the stack's style when the stack
    /// computes). Otherwise the stack's own style ascender.
    public var baselineAscender: Double {
        guard direction == .vertical, !children.isEmpty else { return style.ascender }
        return children[0].baselineAscender
    }

    /// A vertical stack with children reports its last child's descender; otherwise its own.
    public var baselineDescender: Double {
        guard direction == .vertical, !children.isEmpty else { return style.descender }
        return children[children.count - 1].baselineDescender
    }

    /// A zero-size stack layout (optimized-flexing placeholder, §3.1.4).
    public var placeholderLayout: Layout {
        Layout(element: "stack", isNode: false, exactSize: .zero, position: .zero, sublayouts: [])
    }
}
