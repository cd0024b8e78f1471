/// Maps widths and heights to a stack's two axes (Texture's `stackDimension`, `crossDimension`,
/// `directionSize`, `directionPoint`), so the stack algorithm is written once for both directions.
///
/// The stack axis is the width of a horizontal stack and the height of a vertical one; the cross
/// axis is the other.
struct StackAxis: Sendable {
    let isVertical: Bool

    @inline(__always)
    init(_ direction: StackDirection) {
        isVertical = direction == .vertical
    }

    @inline(__always)
    func stack(_ size: Size) -> Double { isVertical ? size.height : size.width }

    @inline(__always)
    func cross(_ size: Size) -> Double { isVertical ? size.width : size.height }

    @inline(__always)
    func size(stack: Double, cross: Double) -> Size {
        isVertical ? Size(cross, stack) : Size(stack, cross)
    }

    @inline(__always)
    func point(stack: Double, cross: Double) -> Point {
        isVertical ? Point(cross, stack) : Point(stack, cross)
    }

    @inline(__always)
    func range(stackMin: Double, stackMax: Double, crossMin: Double, crossMax: Double) -> SizeRange {
        SizeRange(min: size(stack: stackMin, cross: crossMin), max: size(stack: stackMax, cross: crossMax))
    }
}

/// A stack's constraint split by axis, with Texture's violation formula (semantics §3.1.4).
struct StackConstraint: Sendable {
    let stackMin: Double
    let stackMax: Double
    let crossMin: Double
    let crossMax: Double

    @inline(__always)
    init(_ range: SizeRange, axis: StackAxis) {
        stackMin = axis.stack(range.min)
        stackMax = axis.stack(range.max)
        crossMin = axis.cross(range.min)
        crossMax = axis.cross(range.max)
    }

    /// Room left along the stack axis for `sum`: positive to grow, negative on overflow, 0 inside.
    @inline(__always)
    func stackViolation(_ sum: Double) -> Double {
        Self.violation(sum, min: stackMin, max: stackMax)
    }

    /// The same against the cross axis.
    @inline(__always)
    func crossViolation(_ sum: Double) -> Double {
        Self.violation(sum, min: crossMin, max: crossMax)
    }

    @inline(__always)
    static func violation(_ sum: Double, min: Double, max: Double) -> Double {
        if sum < min { return min - sum }
        if sum > max { return max - sum }
        return 0
    }
}

/// Violations smaller than this are treated as none (Texture's `kViolationEpsilon`).
let stackViolationEpsilon = 0.01
