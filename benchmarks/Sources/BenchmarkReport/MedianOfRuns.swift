/// A figure measured in several runs of the same benchmark (three, for the rows that report a
/// median): the median goes in the row, the runs in its note, so a noisy machine shows.
public struct MedianOfRuns: Sendable {
    /// Every run's figure, in the order measured.
    public private(set) var values: [Double] = []

    public init(_ values: [Double] = []) { self.values = values }

    public mutating func append(_ value: Double) { values.append(value) }

    /// The middle value (the upper middle of an even count); NaN without runs.
    public var median: Double {
        values.isEmpty ? .nan : values.sorted()[values.count / 2]
    }

    /// "median of 3: 0.588, 0.612, 0.571", in the row's number format.
    public var note: String {
        "median of \(values.count): " + values.map(BenchmarkResult.format).joined(separator: ", ")
    }
}
