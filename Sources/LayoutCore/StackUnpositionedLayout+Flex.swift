// MARK: - Step 3: flexing (§3.1.6)

extension StackUnpositionedLayout {
    /// Flexes each line on its own, in a single pass (no CSS freeze loop).
    ///
    /// Growing shares the surplus by flexGrow, **floored to whole points**, and hands what
    /// flooring left over to the first item that changes, if it grows: 175 between two equal
    /// growers gives 88 and 87, while 1.5 between two gives nothing to anyone. Shrinking shares
    /// the overflow by size × flexShrink. A flexed item is re-measured with an exact stack range,
    /// which beats its own min/max sizes; whatever overflow remains is left as overflow.
    mutating func flexLines(_ children: [any LayoutElement]) {
        for line in lines.indices {
            flex(lines[line].items, children)
        }
    }

    private mutating func flex(_ line: Range<Int>, _ children: [any LayoutElement]) {
        let violation = constraint.stackViolation(itemsSum(line))
        let growing = violation > 0
        var factorSum = 0.0
        if abs(violation) >= stackViolationEpsilon {
            for index in line {
                factorSum += growing ? items[index].flexGrow : items[index].flexShrink
            }
        }
        guard factorSum != 0 else {
            if optimizedFlexing { measurePlaceholdersAtZero(line, children) }
            return
        }

        var scaledShrinkSum = 0.0
        if !growing {
            for index in line {
                scaledShrinkSum += scaledShrinkFactor(index, factorSum: factorSum)
            }
        }
        var remaining = violation
        for index in line {
            remaining -= adjustment(index, violation: violation, factorSum: factorSum,
                                    scaledShrinkSum: scaledShrinkSum)
        }

        var isFirstFlexed = true
        for index in line {
            let adjust = adjustment(index, violation: violation, factorSum: factorSum, scaledShrinkSum: scaledShrinkSum)
            guard adjust != 0 else { continue }
            let leftover = isFirstFlexed && items[index].flexGrow > 0 ? remaining : 0
            let target = Swift.max(stackSize(index) + adjust + leftover, 0)
            remeasure(children, index, stack: target, crossMin: constraint.crossMin, crossMax: constraint.crossMax)
            isFirstFlexed = false
        }
    }

    /// How much an item's stack size changes: `floor(v × grow/Σ)` when growing, else
    /// `−|scaled/Σscaled × v|` (0 when no item has a scaled shrink factor).
    ///
    /// The grow share is computed as `v × (grow / Σ)`, the ratio first. The other grouping,
    /// `(v × grow) / Σ`, can differ in the last bit and so across a floor (49 between 49 equal
    /// growers: 0.999… × 49 floors to 0, 49 / 49 to 1).
    @inline(__always)
    private func adjustment(_ index: Int, violation: Double, factorSum: Double, scaledShrinkSum: Double) -> Double {
        if violation > 0 {
            return (violation * (items[index].flexGrow / factorSum)).rounded(.down)
        }
        if scaledShrinkSum == 0 { return 0 }
        let ratio = scaledShrinkFactor(index, factorSum: factorSum) / scaledShrinkSum
        return -abs(ratio * violation)
    }

    /// The item's current stack size × its share of the shrink factors.
    @inline(__always)
    private func scaledShrinkFactor(_ index: Int, factorSum: Double) -> Double {
        stackSize(index) * (items[index].flexShrink / factorSum)
    }

    /// When nothing flexes, the placeholder skipped by optimized flexing still needs a real
    /// layout: it is measured with a zero stack range and the stack's cross range.
    private mutating func measurePlaceholdersAtZero(_ line: Range<Int>, _ children: [any LayoutElement]) {
        for index in line where items[index].isFlexibleInBothDirections {
            remeasure(children, index, stack: 0, crossMin: constraint.crossMin, crossMax: constraint.crossMax)
        }
    }
}
