import Testing
import NodeKit
import LayoutTestSupport

/// Texture's `ArrayDiffingTests` (asserted cases §H).
@Suite struct ArrayDiffTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var old: [String]
        var new: [String]
        var insertions: [Int] = []
        var deletions: [Int] = []
        var common: [Int] = []
        var moves: [ArrayDiff.Move] = []
        var testDescription: String { "\(old) → \(new)" }
    }

    static let commonCases: [Case] = [
        Case(old: ["bob", "alice", "dave"], new: ["bob", "alice", "dave", "gary"], common: [0, 1, 2]),
        Case(old: ["bob", "alice", "dave"], new: ["bob", "gary", "dave"], common: [0, 2]),
        Case(old: ["bob", "alice"], new: ["gary", "dave"], common: []),
        Case(old: ["bob", "alice", "dave"], new: [], common: []),
        Case(old: [], new: ["bob", "alice", "dave"], common: []),
    ]

    @Test(arguments: commonCases)
    func commonIndexes(_ c: Case) {
        #expect(ArrayDiff.commonIndexes(c.old, c.new) == c.common)
    }

    static let withoutMovesCases: [Case] = [
        Case(old: ["bob", "alice", "dave"], new: ["bob", "alice", "dave", "gary"], insertions: [3]),
        Case(old: ["a", "b", "c", "d"], new: ["d", "c", "b", "a"], insertions: [1, 2, 3], deletions: [0, 1, 2]),
        Case(old: ["bob", "alice", "dave"], new: ["bob", "gary", "alice", "dave"], insertions: [1]),
        Case(old: ["bob", "alice", "dave"], new: ["bob", "alice"], deletions: [2]),
        Case(old: ["bob", "alice", "dave"], new: [], deletions: [0, 1, 2]),
        Case(old: ["bob", "alice", "dave"], new: ["gary", "alice", "dave", "jack"], insertions: [0, 3], deletions: [0]),
        Case(old: ["bob", "alice", "dave", "judy", "lynda", "tony"], new: ["gary", "bob", "suzy", "tony"],
             insertions: [0, 2], deletions: [1, 2, 3, 4]),
        Case(old: ["bob", "alice", "dave", "judy"], new: ["judy", "dave", "alice", "bob"],
             insertions: [1, 2, 3], deletions: [0, 1, 2]),
    ]

    @Test(arguments: withoutMovesCases)
    func insertionsAndDeletionsWithoutMoves(_ c: Case) {
        let diff = ArrayDiff.withoutMoves(from: c.old, to: c.new)
        #expect(diff.insertions == c.insertions)
        #expect(diff.deletions == c.deletions)
        #expect(diff.moves.isEmpty)
    }

    static let withMovesCases: [Case] = [
        Case(old: ["a", "b"], new: ["b", "a"], moves: [.init(from: 1, to: 0), .init(from: 0, to: 1)]),
        Case(old: ["bob", "alice", "dave"], new: ["bob", "alice", "dave", "gary"], insertions: [3]),
        Case(old: ["a", "b", "c", "d"], new: ["d", "c", "b", "a"],
             moves: [.init(from: 3, to: 0), .init(from: 2, to: 1), .init(from: 1, to: 2), .init(from: 0, to: 3)]),
        Case(old: ["bob", "alice", "dave"], new: ["bob", "gary", "dave", "alice"], insertions: [1],
             moves: [.init(from: 1, to: 3)]),
        Case(old: ["bob", "alice", "dave"], new: ["bob", "alice"], deletions: [2]),
        Case(old: ["bob", "alice", "dave"], new: [], deletions: [0, 1, 2]),
        Case(old: ["bob", "alice", "dave"], new: ["gary", "alice", "dave", "jack"], insertions: [0, 3], deletions: [0]),
        Case(old: ["bob", "alice", "dave", "judy", "lynda", "tony"], new: ["gary", "bob", "suzy", "tony"],
             insertions: [0, 2], deletions: [1, 2, 3, 4], moves: [.init(from: 0, to: 1), .init(from: 5, to: 3)]),
        Case(old: ["bob", "alice", "dave", "judy"], new: ["judy", "dave", "alice", "bob"],
             moves: [.init(from: 3, to: 0), .init(from: 2, to: 1), .init(from: 1, to: 2), .init(from: 0, to: 3)]),
    ]

    @Test(arguments: withMovesCases)
    func insertionsDeletionsAndMoves(_ c: Case) {
        let diff = ArrayDiff.withMoves(from: c.old, to: c.new)
        #expect(diff.insertions == c.insertions)
        #expect(diff.deletions == c.deletions)
        #expect(diff.moves == c.moves)
    }

    /// Texture's reconstruction: position by position, the next insertion takes `new[k]`, the next
    /// move destination takes `old[move.from]`, anything else keeps `old[k]`.
    static func rebuild(_ old: [Int], _ new: [Int], _ diff: ArrayDiff) -> [Int] {
        var insertions = diff.insertions[...]
        var moves = diff.moves[...]
        var result: [Int] = []
        for k in new.indices {
            if insertions.first == k {
                result.append(new[k])
                insertions.removeFirst()
            } else if let move = moves.first, move.to == k {
                result.append(old[move.from])
                moves.removeFirst()
            } else {
                result.append(k < old.count ? old[k] : -1)
            }
        }
        return result
    }

    @Test func twentySixRandomRoundsRebuildTheNewArray() {
        var rng = SeededRandom(seed: 26)
        for _ in 0..<26 {
            let old = (0..<Int.random(in: 0...9, using: &rng)).map { _ in Int.random(in: 0...24, using: &rng) }
            let new = (0..<Int.random(in: 0...9, using: &rng)).map { _ in Int.random(in: 0...24, using: &rng) }
            let diff = ArrayDiff.withMoves(from: old, to: new)
            #expect(Self.rebuild(old, new, diff) == new, "\(old) → \(new): \(diff)")
        }
    }

    @Test(arguments: [
        ([20, 11, 14, 2, 14, 5, 4, 18, 0], [9, 18, 18, 19, 20, 18, 22, 10, 3]),
        ([5, 9, 21, 11, 5, 9, 8], [2, 12, 17, 19, 9, 1, 8, 5, 21]),
        ([14, 14, 12, 8, 20, 4, 0, 10], [14]),
    ])
    func fixedPairsRebuildTheNewArray(_ old: [Int], _ new: [Int]) {
        let diff = ArrayDiff.withMoves(from: old, to: new)
        #expect(Self.rebuild(old, new, diff) == new, "\(diff)")
    }

    @Test func manyMoreSeededRoundsRebuildTheNewArray() {
        var rng = SeededRandom(seed: 4)
        for _ in 0..<2_000 {
            let old = (0..<Int.random(in: 0...9, using: &rng)).map { _ in Int.random(in: 0...24, using: &rng) }
            let new = (0..<Int.random(in: 0...9, using: &rng)).map { _ in Int.random(in: 0...24, using: &rng) }
            let diff = ArrayDiff.withMoves(from: old, to: new)
            #expect(Self.rebuild(old, new, diff) == new, "\(old) → \(new): \(diff)")
        }
    }
}
