/// What a stack needs to know about one child while it computes (Texture's
/// `ASStackLayoutSpecItem` without the child and its layout): the style values the algorithm
/// uses, read once before measuring.
///
/// A plain value with no references, so copying it costs no reference counting; the child
/// stays in the spec's array and its layout in ``StackUnpositionedLayout/layouts``. Only
/// `ascender`/`descender` are read after measuring, because text nodes set them when they are
/// measured (semantics §2.1).
struct StackItem {
    /// `alignSelf`, or the stack's `alignItems` when it is `.auto`.
    let alignment: StackAlignItems
    let flexGrow: Double
    let flexShrink: Double
    let flexBasis: Dimension
    let spacingBefore: Double
    let spacingAfter: Double
    /// The child's own cross range resolved against an undefined parent (stretch items only;
    /// `[0, ∞]` otherwise), which the stretch rule of §3.1.3 substitutes into.
    let ownCrossMin: Double
    let ownCrossMax: Double
    /// Baseline values, read after the child is measured (baseline-aligned items only).
    var ascender = 0.0
    var descender = 0.0

    /// The item for a child whose style is `style`.
    @inline(__always)
    init(style: LayoutStyle, alignItems: StackAlignItems, axis: StackAxis) {
        alignment = switch style.alignSelf {
        case .auto: alignItems
        case .start: .start
        case .end: .end
        case .center: .center
        case .stretch: .stretch
        }
        flexGrow = style.flexGrow
        flexShrink = style.flexShrink
        flexBasis = style.flexBasis
        spacingBefore = style.spacingBefore
        spacingAfter = style.spacingAfter
        if alignment == .stretch, !style.hasAutoSize {
            let own = style.resolvedRange(parentSize: .undefined)
            ownCrossMin = axis.cross(own.min)
            ownCrossMax = axis.cross(own.max)
        } else {
            ownCrossMin = 0
            ownCrossMax = .infinity
        }
    }

    /// Grows and shrinks: the one child that makes the stack skip its first measurement (§3.1.4).
    @inline(__always)
    var isFlexibleInBothDirections: Bool { flexGrow > 0 && flexShrink > 0 }

    @inline(__always)
    var isBaselineAligned: Bool { alignment == .baselineFirst || alignment == .baselineLast }

    /// Distance from the item's cross start to its baseline (§3.1.7) given its measured cross
    /// size: the ascender for baselineFirst, cross size plus descender for baselineLast, else 0.
    @inline(__always)
    func baseline(crossSize: Double) -> Double {
        switch alignment {
        case .baselineFirst: ascender
        case .baselineLast: crossSize + descender
        default: 0
        }
    }

    /// Texture's "cross-child layout" (§3.1.3): the range this item's child is measured with,
    /// given the stack range and a cross range that depends on its alignment.
    ///
    /// A stretch item takes `crossMin` unless its own resolved cross min is non-zero (NaN counts
    /// as non-zero), and `crossMax` unless its own resolved cross max is not infinite. So an explicit
    /// cross size caps stretching, and an explicit 0 produces the inverted range `[crossMin, 0]`
    /// that the child's own intersection collapses to `crossMin` (§3.1.9). Other items get
    /// `[0, crossMax]`.
    ///
    /// Callers measure the child themselves, calling `layoutThatFits` on the element of the
    /// spec's array: passing the existential to a helper would copy it.
    @inline(__always)
    func childRange(stackMin: Double, stackMax: Double, crossMin: Double, crossMax: Double,
                    axis: StackAxis) -> SizeRange {
        let childCrossMin: Double
        let childCrossMax: Double
        if alignment == .stretch {
            childCrossMin = ownCrossMin == 0 ? crossMin : ownCrossMin
            childCrossMax = ownCrossMax == .infinity ? crossMax : ownCrossMax
        } else {
            childCrossMin = 0
            childCrossMax = crossMax
        }
        return axis.range(stackMin: stackMin, stackMax: stackMax, crossMin: childCrossMin, crossMax: childCrossMax)
    }
}

/// What every child measurement of one stack computation shares.
struct StackMeasuringEnvironment {
    let axis: StackAxis
    /// Per axis the constraint's min when min == max, else NaN (undefined), §3.1.2.
    let parentSize: Size
    let context: LayoutContext

    @inline(__always)
    init(axis: StackAxis, range: SizeRange, context: LayoutContext) {
        self.axis = axis
        parentSize = Size(range.min.width == range.max.width ? range.min.width : .nan,
                          range.min.height == range.max.height ? range.min.height : .nan)
        self.context = context
    }
}

/// One line of a stack: a run of consecutive items (all of them unless the stack wraps).
struct StackLine {
    var items: Range<Int>
    /// Cross size of the line (§3.1.7), after alignContent stretching (§3.1.8).
    var crossSize = 0.0
    /// Distance from the line's cross start to its baseline.
    var baseline = 0.0
    /// `itemsSum` of the line after flexing and stretching (§3.1.10).
    var stackSum = 0.0

    @inline(__always)
    init(_ items: Range<Int>) {
        self.items = items
    }
}
