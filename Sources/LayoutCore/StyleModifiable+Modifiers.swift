/// Style modifiers of the DSL, one per Texture style property. Each is ``StyleModifiable/styled(_:)``
/// with one change: a modified copy for specs, the same node (changed) for nodes.
extension StyleModifiable {
    // MARK: - Stack child properties

    /// Share of a stack's free space (Texture's default 0).
    @inlinable
    public func flexGrow(_ value: Double) -> Self { styled { $0.flexGrow = value } }

    /// Share of a stack's overflow, weighted by size (Texture's default 0).
    @inlinable
    public func flexShrink(_ value: Double) -> Self { styled { $0.flexShrink = value } }

    /// The stack-axis size before flexing.
    @inlinable
    public func flexBasis(_ value: Dimension) -> Self { styled { $0.flexBasis = value } }

    /// Cross-axis alignment overriding the stack's `alignItems`.
    @inlinable
    public func alignSelf(_ value: AlignSelf) -> Self { styled { $0.alignSelf = value } }

    /// Extra space before this child in a stack.
    @inlinable
    public func spacingBefore(_ value: Double) -> Self { styled { $0.spacingBefore = value } }

    /// Extra space after this child in a stack.
    @inlinable
    public func spacingAfter(_ value: Double) -> Self { styled { $0.spacingAfter = value } }

    // MARK: - Sizes

    /// Width and height in points.
    @inlinable
    public func preferredSize(_ size: Size) -> Self { styled { $0.preferredSize = size } }

    /// Width and height in points.
    @inlinable
    public func preferredSize(width: Double, height: Double) -> Self {
        styled { $0.preferredSize = Size(width, height) }
    }

    @inlinable
    public func width(_ value: Dimension) -> Self { styled { $0.width = value } }
    @inlinable
    public func width(_ points: Double) -> Self { styled { $0.width = .points(points) } }
    @inlinable
    public func height(_ value: Dimension) -> Self { styled { $0.height = value } }
    @inlinable
    public func height(_ points: Double) -> Self { styled { $0.height = .points(points) } }
    @inlinable
    public func minWidth(_ value: Dimension) -> Self { styled { $0.minWidth = value } }
    @inlinable
    public func maxWidth(_ value: Dimension) -> Self { styled { $0.maxWidth = value } }
    @inlinable
    public func minHeight(_ value: Dimension) -> Self { styled { $0.minHeight = value } }
    @inlinable
    public func maxHeight(_ value: Dimension) -> Self { styled { $0.maxHeight = value } }

    /// `minWidth` and `minHeight` in points.
    @inlinable
    public func minSize(_ size: Size) -> Self { styled { $0.minSize = size } }

    /// `maxWidth` and `maxHeight` in points.
    @inlinable
    public func maxSize(_ size: Size) -> Self { styled { $0.maxSize = size } }

    // MARK: - Absolute and baseline

    /// Position within an ``AbsoluteLayoutSpec``.
    @inlinable
    public func layoutPosition(_ point: Point) -> Self { styled { $0.layoutPosition = point } }

    /// Position within an ``AbsoluteLayoutSpec``.
    @inlinable
    public func layoutPosition(x: Double, y: Double) -> Self { styled { $0.layoutPosition = Point(x, y) } }

    /// Baseline metrics, for stacks aligned on baselines.
    @inlinable
    public func baseline(ascender: Double, descender: Double) -> Self {
        styled {
            $0.ascender = ascender
            $0.descender = descender
        }
    }
}
