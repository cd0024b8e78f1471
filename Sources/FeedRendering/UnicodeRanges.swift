/// A set of code points as ascending, disjoint closed ranges, for CSS `unicode-range`.
public struct UnicodeRanges: Hashable, Sendable {
    public private(set) var ranges: [ClosedRange<UInt32>]

    /// `ranges` must be ascending and disjoint (as ``TextLayout/FontFace/coveredRanges()`` gives them).
    public init(_ ranges: [ClosedRange<UInt32>]) {
        self.ranges = ranges
    }

    /// The code points of `self` that are not in `other`.
    public func subtracting(_ other: UnicodeRanges) -> UnicodeRanges {
        var result: [ClosedRange<UInt32>] = []
        var others = other.ranges[...]
        for range in ranges {
            var low = range.lowerBound
            var exhausted = false
            while let cut = others.first, cut.lowerBound <= range.upperBound {
                if cut.upperBound < low {
                    others.removeFirst()
                    continue
                }
                if cut.lowerBound > low { result.append(low ... cut.lowerBound - 1) }
                if cut.upperBound >= range.upperBound {
                    exhausted = true
                    break
                }
                low = cut.upperBound + 1
                others.removeFirst()
            }
            if !exhausted { result.append(low ... range.upperBound) }
        }
        return UnicodeRanges(result)
    }

    /// Whether `codePoint` is in one of the ranges (a binary search).
    public func contains(_ codePoint: UInt32) -> Bool {
        var low = 0, high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < codePoint {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low < ranges.count && ranges[low].contains(codePoint)
    }

    /// The code points in both.
    public func intersection(_ other: UnicodeRanges) -> UnicodeRanges {
        subtracting(subtracting(other))
    }

    /// The CSS `unicode-range` value: `U+41-5A, U+3000-30FF`, hexadecimal, upper case.
    public var css: String {
        ranges.map { range in
            let low = String(range.lowerBound, radix: 16, uppercase: true)
            return range.count == 1 ? "U+\(low)" : "U+\(low)-\(String(range.upperBound, radix: 16, uppercase: true))"
        }.joined(separator: ", ")
    }
}
