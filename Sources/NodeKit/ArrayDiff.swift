/// Texture's array diff for automatic subnode management (semantics §6.2): a longest common
/// subsequence with move detection, comparing elements by `==` (use `ObjectIdentifier` keys to
/// diff by identity, as Texture does for nodes).
///
/// Texture's odd parts are kept on purpose:
/// - The LCS backtrack steps up (`i − 1`) only when that is *strictly* longer, else left.
/// - Moves include mere positional shifts: an element found at another index in the old array
///   is reported as a move even when it is part of the common subsequence.
/// - A move whose element falls outside the common subsequence cancels that element's deletion;
///   with duplicate elements, the old index used is the lowest one not yet consumed by a move.
public struct ArrayDiff: Hashable, Sendable {
    /// A move from an index in the old array to an index in the new one.
    public struct Move: Hashable, Sendable, CustomStringConvertible {
        public var from: Int
        public var to: Int

        public init(from: Int, to: Int) {
            self.from = from
            self.to = to
        }

        public var description: String { "(\(from)→\(to))" }
    }

    /// Indexes in the new array where elements are inserted, ascending.
    public var insertions: [Int]
    /// Indexes in the old array whose elements are removed, ascending.
    public var deletions: [Int]
    /// Moves, sorted by destination (empty when computed without moves).
    public var moves: [Move]

    public init(insertions: [Int], deletions: [Int], moves: [Move]) {
        self.insertions = insertions
        self.deletions = deletions
        self.moves = moves
    }

    /// Indexes of `old` that belong to the longest common subsequence with `new`, ascending.
    public static func commonIndexes<Element: Equatable>(_ old: [Element], _ new: [Element]) -> [Int] {
        let rows = old.count, columns = new.count
        guard rows > 0, columns > 0 else { return [] }
        // lengths[i][j] = LCS length of old[..<i] and new[..<j], stored row-major.
        var lengths = [Int](repeating: 0, count: (rows + 1) * (columns + 1))
        let stride = columns + 1
        for i in 1...rows {
            for j in 1...columns {
                lengths[i * stride + j] = old[i - 1] == new[j - 1]
                    ? lengths[(i - 1) * stride + j - 1] + 1
                    : Swift.max(lengths[(i - 1) * stride + j], lengths[i * stride + j - 1])
            }
        }
        var common: [Int] = []
        var i = rows, j = columns
        while i > 0 && j > 0 {
            if old[i - 1] == new[j - 1] {
                common.append(i - 1)
                i -= 1
                j -= 1
            } else if lengths[(i - 1) * stride + j] > lengths[i * stride + j - 1] {
                i -= 1
            } else {
                j -= 1
            }
        }
        return common.reversed()
    }

    /// The insertions and deletions turning `old` into `new`, without move detection.
    public static func withoutMoves<Element: Equatable>(from old: [Element], to new: [Element]) -> ArrayDiff {
        let common = commonIndexes(old, new)
        let commonSet = Set(common)
        var insertions: [Int] = []
        var i = 0
        for j in new.indices {
            if i < common.count && old[common[i]] == new[j] {
                i += 1
            } else {
                insertions.append(j)
            }
        }
        let deletions = old.indices.filter { !commonSet.contains($0) }
        return ArrayDiff(insertions: insertions, deletions: deletions, moves: [])
    }

    /// The insertions, deletions and moves turning `old` into `new` (Texture's diff with moves).
    public static func withMoves<Element: Hashable>(from old: [Element], to new: [Element]) -> ArrayDiff {
        var common = commonIndexes(old, new)
        var deletions = Set(old.indices).subtracting(common)
        // Texture's multimap element → old index; each key keeps its indexes in ascending order.
        var potentialMoves: [Element: [Int]] = [:]
        for (index, element) in old.enumerated() {
            potentialMoves[element, default: []].append(index)
        }
        var moves: [Move] = []
        var insertions: [Int] = []
        var i = 0
        for j in new.indices {
            var movedFrom: Int?
            if let candidates = potentialMoves[new[j]], let first = candidates.first, first != j {
                movedFrom = first
                moves.append(Move(from: first, to: j))
                potentialMoves[new[j]] = Array(candidates.dropFirst())
            }
            if i < common.count && old[common[i]] == new[j] {
                i += 1
            } else if let movedFrom {
                // The move coalesces a deletion and an insertion: the element is neither.
                deletions.remove(movedFrom)
                common.removeAll { $0 == movedFrom }
            } else {
                insertions.append(j)
            }
        }
        return ArrayDiff(insertions: insertions, deletions: deletions.sorted(), moves: moves)
    }
}
