/// Summary statistics of a set of cell heights: extremes, nearest-rank percentiles and an
/// equal-width histogram.
public struct HeightDistribution: Sendable, Hashable {
    /// One histogram bucket: heights in `lower..<upper` (the last bucket includes `upper`).
    public struct Bucket: Sendable, Hashable {
        public var lower: Double
        public var upper: Double
        public var count: Int

        public init(lower: Double, upper: Double, count: Int) {
            self.lower = lower
            self.upper = upper
            self.count = count
        }
    }

    public let count: Int
    public let min: Double
    public let max: Double
    public let p50: Double
    public let p90: Double
    public let buckets: [Bucket]

    /// The distribution of `heights`, or `nil` when there are none. Non-finite heights are
    /// ignored. Percentiles use the nearest-rank method (the smallest height with at least p %
    /// of the heights at or below it), so they are always heights that occur. The histogram has
    /// `bucketCount` buckets of equal width from min to max, or one when all heights are equal.
    public init?(_ heights: [Double], bucketCount: Int = 6) {
        let sorted = heights.filter(\.isFinite).sorted()
        guard let first = sorted.first, let last = sorted.last else { return nil }
        count = sorted.count
        min = first
        max = last
        p50 = Self.percentile(50, of: sorted)
        p90 = Self.percentile(90, of: sorted)
        let buckets = last > first ? Swift.max(1, bucketCount) : 1
        let step = (last - first) / Double(buckets)
        var counts = Array(repeating: 0, count: buckets)
        for height in sorted {
            let index = step > 0 ? Int(((height - first) / step).rounded(.down)) : 0
            counts[Swift.min(index, buckets - 1)] += 1
        }
        self.buckets = counts.indices.map { index in
            let upper = index == buckets - 1 ? last : first + step * Double(index + 1)
            return Bucket(lower: first + step * Double(index), upper: upper, count: counts[index])
        }
    }

    private static func percentile(_ percent: Int, of sorted: [Double]) -> Double {
        let rank = (percent * sorted.count + 99) / 100
        return sorted[Swift.min(Swift.max(rank, 1), sorted.count) - 1]
    }
}
