/// The sizing half of a stack's computation (Texture's `ASStackUnpositionedLayout`, semantics
/// §3.1.2–§3.1.10): every child measured, flexed and stretched, grouped into lines, with the
/// lines' cross sizes and baselines and the sums that give the stack its size. Positions are
/// left to ``StackPositionedLayout``.
///
/// The steps run in Texture's order, each exactly once:
/// 1. initial measurement (flex basis as the stack range; one grow-and-shrink child may be
///    skipped when the stack axis is exact — "optimized flexing");
/// 2. line breaking (wrap only);
/// 3. flexing, per line, in a single pass (``flexLines()``);
/// 4. line cross sizes and baselines;
/// 5. alignContent stretching of lines, then alignItems stretching of items;
/// 6. sums.
///
/// A child is measured once, and again only when flexing or stretching changes its range.
///
/// The children are not stored: every step that calls into them takes the spec's array as a
/// parameter. Calling a method on an element of a borrowed array opens the existential in place,
/// whereas reading it through `self` (inout in the mutating steps) or through an unsafe buffer
/// makes the compiler copy it first, which retains and releases the child's box each time.
struct StackUnpositionedLayout {
    /// Per child: the style values the algorithm uses (caller-provided scratch memory, usually
    /// on the stack; `StackItem` is trivial, so it needs no deinitialization).
    let items: UnsafeMutableBufferPointer<StackItem>
    /// Per child: its current layout. Positioning writes the positions in place and hands the
    /// array over as the stack's sublayouts.
    var layouts: [Layout]
    /// Room for one line per child (scratch memory like `items`); ``lines`` are the used ones.
    private let lineStorage: UnsafeMutableBufferPointer<StackLine>
    private var lineCount = 0
    /// The longest line's items sum (§3.1.10).
    var stackSum = 0.0
    /// Lines' cross sizes plus line spacing (§3.1.8, after line stretching).
    var crossSum = 0.0

    let env: StackMeasuringEnvironment
    let constraint: StackConstraint
    let spacing: Double
    let lineSpacing: Double
    let alignContent: StackAlignContent
    let optimizedFlexing: Bool

    /// Runs steps 1–6 for a non-empty stack within `range` (already intersected with the stack's
    /// own style). `spec` must have children; `items` and `lines` are uninitialized scratch
    /// buffers with room for one element per child. The value must not outlive either of them.
    init(_ spec: borrowing StackLayoutSpec, items: UnsafeMutableBufferPointer<StackItem>,
         lines: UnsafeMutableBufferPointer<StackLine>, range: SizeRange, context: LayoutContext) {
        let axis = StackAxis(spec.direction)
        env = StackMeasuringEnvironment(axis: axis, range: range, context: context)
        constraint = StackConstraint(range, axis: axis)
        spacing = spec.spacing
        lineSpacing = spec.lineSpacing
        alignContent = spec.alignContent

        let alignItems = spec.alignItems
        var flexibleInBothDirections = 0
        let count = spec.children.count
        for index in 0..<count {  // by index: iterating would copy each existential
            let item = StackItem(style: spec.children[index].style, alignItems: alignItems, axis: axis)
            if item.isFlexibleInBothDirections { flexibleInBothDirections += 1 }
            (items.baseAddress! + index).initialize(to: item)
        }
        self.items = UnsafeMutableBufferPointer(rebasing: items[0..<count])
        optimizedFlexing = flexibleInBothDirections == 1 && constraint.stackMin == constraint.stackMax
        layouts = []
        lineStorage = lines

        measureItems(spec.children)
        breakLines(wrap: spec.flexWrap == .wrap)
        flexLines(spec.children)
        computeLineCrossSizesAndBaselines(spec.children)
        stretchLines()
        stretchItems(spec.children)
        computeSums()
    }

    // MARK: - Step 1: initial measurement (§3.1.4)

    /// Measures every item with its flex basis as the stack range (auto → `[0, ∞]`; points pin
    /// the size; a fraction resolves against the stack's parent size, NaN when it is not exact)
    /// and the stack's own cross range. Under optimized flexing the grow-and-shrink item gets a
    /// zero-size placeholder instead.
    private mutating func measureItems(_ children: [any LayoutElement]) {
        let parentStack = env.axis.stack(env.parentSize)
        layouts.reserveCapacity(items.count)
        for index in items.indices {
            let item = items[index]
            if optimizedFlexing && item.isFlexibleInBothDirections {
                layouts.append(children[index].placeholderLayout)
                continue
            }
            let range = item.childRange(stackMin: item.flexBasis.resolve(parent: parentStack, auto: 0),
                                        stackMax: item.flexBasis.resolve(parent: parentStack, auto: .infinity),
                                        crossMin: constraint.crossMin, crossMax: constraint.crossMax, axis: env.axis)
            layouts.append(children[index].layoutThatFits(range, parentSize: env.parentSize, context: env.context))
        }
    }

    /// Re-measures child `index` with an exact stack size and a cross range (stretch rule applied).
    @inline(__always)
    mutating func remeasure(_ children: [any LayoutElement], _ index: Int, stack: Double, crossMin: Double,
                            crossMax: Double) {
        let range = items[index].childRange(stackMin: stack, stackMax: stack, crossMin: crossMin, crossMax: crossMax,
                                            axis: env.axis)
        layouts[index] = children[index].layoutThatFits(range, parentSize: env.parentSize, context: env.context)
    }

    /// The current stack-axis size of child `index`.
    @inline(__always)
    func stackSize(_ index: Int) -> Double { env.axis.stack(layouts[index].size) }

    /// The current cross-axis size of child `index`.
    @inline(__always)
    func crossSize(_ index: Int) -> Double { env.axis.cross(layouts[index].size) }

    // MARK: - Step 2: lines (§3.1.5)

    /// The lines found so far.
    var lines: UnsafeMutableBufferPointer<StackLine> {
        UnsafeMutableBufferPointer(rebasing: lineStorage[0..<lineCount])
    }

    private mutating func appendLine(_ items: Range<Int>) {
        (lineStorage.baseAddress! + lineCount).initialize(to: StackLine(items))
        lineCount += 1
    }

    /// One line for a non-wrapping stack. Otherwise an item starts a new line when adding it
    /// (with its spacing) would overflow the max and the line is not empty: equality fits, and
    /// an item wider than the max still gets a line of its own.
    private mutating func breakLines(wrap: Bool) {
        guard wrap else {
            appendLine(items.indices)
            return
        }
        var start = 0
        var lineSum = 0.0
        var gap = 0.0
        for index in items.indices {
            let item = items[index]
            let length = item.spacingBefore + stackSize(index) + item.spacingAfter
            if constraint.stackViolation(lineSum + gap + length) < 0 && index > start {
                appendLine(start..<index)
                start = index
                lineSum = 0
                gap = 0
            }
            lineSum += gap + length
            gap = spacing
        }
        appendLine(start..<items.count)
    }

    /// Σ stack sizes + Σ(spacingBefore + spacingAfter) + spacing × (n − 1), summed in Texture's
    /// order (spacing first, then the items' spacings, then their sizes).
    @inline(__always)
    func itemsSum(_ range: Range<Int>) -> Double {
        var sum = range.isEmpty ? 0 : spacing * Double(range.count - 1)
        for index in range {
            sum = sum + items[index].spacingBefore + items[index].spacingAfter
        }
        for index in range {
            sum += stackSize(index)
        }
        return sum
    }

    // MARK: - Step 4: line cross size and baseline (§3.1.7)

    /// A single line in a stack with an exact cross size takes that size. Otherwise a line is as
    /// tall as its tallest non-baseline item or its baseline items' ascent plus descent, and a
    /// single line is clamped into the cross range (multi-line stacks are not). Baselines are
    /// read from the children now, after they have been measured.
    private mutating func computeLineCrossSizesAndBaselines(_ children: [any LayoutElement]) {
        for index in items.indices where items[index].isBaselineAligned {
            items[index].ascender = children[index].baselineAscender
            items[index].descender = children[index].baselineDescender
        }
        if lines.count == 1 && constraint.crossMin == constraint.crossMax {
            var baseline = 0.0
            for index in lines[0].items where items[index].isBaselineAligned {
                baseline = Swift.max(baseline, items[index].baseline(crossSize: crossSize(index)))
            }
            lines[0].crossSize = constraint.crossMin
            lines[0].baseline = baseline
            return
        }
        for line in lines.indices {
            var ascent = 0.0
            var descent = 0.0
            var tallest = 0.0
            for index in lines[line].items {
                let cross = crossSize(index)
                if items[index].isBaselineAligned {
                    let baseline = items[index].baseline(crossSize: cross)
                    ascent = Swift.max(ascent, baseline)
                    descent = Swift.max(descent, cross - baseline)
                } else {
                    tallest = Swift.max(tallest, cross)
                }
            }
            var crossSize = Swift.max(ascent + descent, tallest)
            if lines.count == 1 {
                // min(max(...)) rather than SizeRange.clamp: the max wins if the range is inverted.
                crossSize = Swift.min(Swift.max(constraint.crossMin, crossSize), constraint.crossMax)
            }
            lines[line].crossSize = crossSize
            lines[line].baseline = ascent
        }
    }

    // MARK: - Step 5: stretching (§3.1.8)

    /// Σ line cross sizes + lineSpacing × (lines − 1), spacing first as Texture sums it.
    @inline(__always)
    func linesCrossSum() -> Double {
        var sum = lines.isEmpty ? 0 : lineSpacing * Double(lines.count - 1)
        for line in lines {
            sum += line.crossSize
        }
        return sum
    }

    /// alignContent stretch shares the cross room equally between the lines of a multi-line stack.
    private mutating func stretchLines() {
        guard lines.count > 1, alignContent == .stretch else { return }
        let violation = constraint.crossViolation(linesCrossSum())
        guard violation > stackViolationEpsilon else { return }
        let extra = violation / Double(lines.count)
        for line in lines.indices {
            lines[line].crossSize += extra
        }
    }

    /// Re-measures each stretch item shorter than its line at its current stack size and the
    /// line's cross size, through the stretch rule (explicit cross sizes still cap it). Never
    /// shrinks an item.
    private mutating func stretchItems(_ children: [any LayoutElement]) {
        for line in lines {
            for index in line.items where items[index].alignment == .stretch {
                guard line.crossSize - crossSize(index) > stackViolationEpsilon else { continue }
                remeasure(children, index, stack: stackSize(index), crossMin: line.crossSize,
                          crossMax: line.crossSize)
            }
        }
    }

    // MARK: - Step 6: sums (§3.1.10)

    private mutating func computeSums() {
        var longest = 0.0
        for line in lines.indices {
            let sum = itemsSum(lines[line].items)
            lines[line].stackSum = sum
            longest = Swift.max(sum, longest)
        }
        stackSum = longest
        crossSum = linesCrossSum()
    }
}
