/// The invariants every computed layout keeps, checked in debug builds.
///
/// - Every sublayout, at any depth, has a finite position. A layout whose size is zero is not
///   looked into: that is what an invalid size becomes, and then its sublayouts stay where its
///   spec placed them, as in Texture's release builds (an infinite inset against an unbounded
///   max places its child at infinity).
/// - Where the range a layout was computed for is known, its size lies within that range: at
///   least the range's min and at most its max (the larger of min and max, since Texture builds
///   ranges whose min exceeds their max), each snapped up to the pixel grid as the size itself
///   is. A size of zero is exempt from the min: it is what an invalid size becomes. A size is
///   never negative, so a max below zero allows zero.
///
/// ``LayoutSpec``'s `layoutThatFits` checks the range and its direct sublayouts, and a root
/// measurement (``LayoutElement/layoutThatFits(_:context:)``) checks the whole tree, when the
/// package is built with `LAYOUT_INTERNAL_CHECKS` defined (debug builds; see `Package.swift`).
/// A violation stops the process with the list of what failed.
///
/// ```swift
/// let layout = Layout(element: "spec", isNode: false, exactSize: Size(10, 10), position: .zero,
///                     sublayouts: [])
/// assert(layout._invariantViolations(in: SizeRange(exactly: Size(10, 10)), scale: 2).isEmpty)
/// ```
extension Layout {
    /// The invariants this layout breaks, one sentence each; empty when it keeps them all.
    ///
    /// - Parameters:
    ///   - range: The range the layout was computed for, or `nil` to skip the size check (a
    ///     wrapper spec and a stack's children may overflow).
    ///   - scale: The pixel grid the size was snapped to.
    ///   - recursive: Whether to check sublayouts' sublayouts too, or only the direct ones.
    public func _invariantViolations(in range: SizeRange? = nil, scale: Double, recursive: Bool = true) -> [String] {
        var violations: [String] = []
        if let range {
            checkSize(in: range, scale: scale, into: &violations)
        }
        checkPositions(path: element.rawValue, recursive: recursive, into: &violations)
        return violations
    }

    /// Stops the process when ``_invariantViolations(in:scale:recursive:)`` finds any.
    public func _checkInvariants(in range: SizeRange? = nil, scale: Double, recursive: Bool = true) {
        let violations = _invariantViolations(in: range, scale: scale, recursive: recursive)
        precondition(violations.isEmpty, "layout invariants broken:\n" + violations.joined(separator: "\n"))
    }

    private func checkSize(in range: SizeRange, scale: Double, into violations: inout [String]) {
        func check(_ axis: String, _ value: Double, _ min: Double, _ max: Double) {
            let lowest = PixelSnapping.ceil(min, scale: scale)
            // A size is never negative: a range whose max is below zero (an invalid one) gives 0.
            let highest = Swift.max(PixelSnapping.ceil(Swift.max(min, max), scale: scale), 0)
            // Rounding in the specs' arithmetic (a ratio's multiplication, snapping at an extreme
            // scale) may leave a size a few units in the last place outside the bound.
            func slack(_ bound: Double) -> Double { 1e-6 * Swift.max(1, Swift.abs(bound)) }
            if (value < lowest - slack(lowest) && size != .zero) || value > highest + slack(highest) {
                violations.append("\(element): \(axis) \(value) outside \(range) at scale \(scale)")
            }
        }
        check("width", size.width, range.min.width, range.max.width)
        check("height", size.height, range.min.height, range.max.height)
    }

    private func checkPositions(path: String, recursive: Bool, into violations: inout [String]) {
        if size == .zero { return }
        for (index, sublayout) in sublayouts.enumerated() {
            let subpath = "\(path)/\(index):\(sublayout.element)"
            if !sublayout.position.x.isFinite || !sublayout.position.y.isFinite {
                violations.append("\(subpath): position (\(sublayout.position.x), \(sublayout.position.y)) is not finite")
            }
            if recursive {
                sublayout.checkPositions(path: subpath, recursive: true, into: &violations)
            }
        }
    }
}
