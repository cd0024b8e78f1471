/// A change set reduced to deletes and inserts, validated, in application order (§9.2).
struct NormalizedChangeSet: Hashable, Sendable {
    /// Old indices, descending.
    var deletedSections: [Int]
    /// New indices, ascending.
    var insertedSections: [Int]
    /// Old positions outside deleted sections, descending.
    var deletedItems: [ItemPath]
    /// New positions outside inserted sections, ascending.
    var insertedItems: [ItemPath]
}

extension ChangeSet {
    /// Turns reloads and moves into delete + insert pairs, drops item changes inside deleted or
    /// inserted sections, sorts (deletes descending, inserts ascending) and checks everything
    /// against the item counts before (`oldCounts`) and after (`newCounts`) the update.
    func normalized(oldCounts: [Int], newCounts: [Int]) throws(BatchUpdateError) -> NormalizedChangeSet {
        // Sections: user deletes and inserts (with moves) decide how reloads map.
        try checkSections(deletedSections + movedSections.map(\.from) + reloadedSections, count: oldCounts.count,
                          change: "delete, move or reload")
        try checkSections(insertedSections + movedSections.map(\.to), count: newCounts.count, change: "insert")
        let baseDeletedSections = deletedSections + movedSections.map(\.from)
        let baseInsertedSections = insertedSections + movedSections.map(\.to)
        let baseSectionShift = IndexShift(deleted: baseDeletedSections, inserted: baseInsertedSections)
        let reloadTargets = reloadedSections.map(baseSectionShift.newIndex(of:))
        let sectionDeletes = try sortedUnique(baseDeletedSections + reloadedSections, change: "section delete")
        let sectionInserts = try sortedUnique(baseInsertedSections + reloadTargets, change: "section insert")
        guard newCounts.count == oldCounts.count - sectionDeletes.count + sectionInserts.count else {
            throw .invalidSectionCount(before: oldCounts.count, after: newCounts.count,
                                       inserted: sectionInserts.count, deleted: sectionDeletes.count)
        }

        // Items, dropping those inside deleted (old space) or inserted (new space) sections.
        let deletedSet = Set(sectionDeletes)
        let insertedSet = Set(sectionInserts)
        let oldSide = (deletedItems + movedItems.map(\.from) + reloadedItems).outside(deletedSet)
        let newSide = (insertedItems + movedItems.map(\.to)).outside(insertedSet)
        try checkItems(oldSide, counts: oldCounts, change: "delete, move or reload")
        try checkItems(newSide, counts: newCounts, change: "insert")
        let baseDeletes = (deletedItems + movedItems.map(\.from)).outside(deletedSet)
        let reloadInserts = Self.newPaths(of: reloadedItems.outside(deletedSet), sections: baseSectionShift,
                                          deletes: baseDeletes, inserts: newSide)
        let itemDeletes = try sortedUnique(oldSide, change: "item delete")
        let itemInserts = try sortedUnique(newSide + reloadInserts.outside(insertedSet), change: "item insert")

        let sectionShift = IndexShift(deleted: sectionDeletes, inserted: sectionInserts)
        let deletesBySection = Dictionary(grouping: itemDeletes, by: \.section).mapValues(\.count)
        let insertsBySection = Dictionary(grouping: itemInserts, by: \.section).mapValues(\.count)
        for old in 0..<oldCounts.count where !deletedSet.contains(old) {
            let new = sectionShift.newIndex(of: old)
            let deleted = deletesBySection[old] ?? 0
            let inserted = insertsBySection[new] ?? 0
            guard newCounts[new] == oldCounts[old] - deleted + inserted else {
                throw .invalidItemCount(section: old, before: oldCounts[old], after: newCounts[new],
                                        inserted: inserted, deleted: deleted)
            }
        }
        return NormalizedChangeSet(deletedSections: sectionDeletes.reversed(), insertedSections: sectionInserts,
                                   deletedItems: itemDeletes.reversed(), insertedItems: itemInserts)
    }

    /// Where each of `paths` (old space) lands: its section carried through the sections' base
    /// deletes and inserts, its item through the base item deletes of its old section and the
    /// inserts of its new one. One ``IndexShift`` per section, made on first use.
    private static func newPaths(of paths: [ItemPath], sections: IndexShift, deletes: [ItemPath],
                                 inserts: [ItemPath]) -> [ItemPath] {
        guard !paths.isEmpty else { return [] }
        let deletedItems = Dictionary(grouping: deletes, by: \.section).mapValues { $0.map(\.item) }
        let insertedItems = Dictionary(grouping: inserts, by: \.section).mapValues { $0.map(\.item) }
        var itemShifts: [Int: IndexShift] = [:]
        return paths.map { path in
            let section = sections.newIndex(of: path.section)
            let shift = itemShifts[path.section] ?? IndexShift(deleted: deletedItems[path.section] ?? [],
                                                               inserted: insertedItems[section] ?? [])
            itemShifts[path.section] = shift
            return ItemPath(section, shift.newIndex(of: path.item))
        }
    }

    private func checkSections(_ sections: [Int], count: Int, change: String) throws(BatchUpdateError) {
        if let bad = sections.first(where: { $0 < 0 || $0 >= count }) {
            throw .sectionOutOfRange(change: change, section: bad, count: count)
        }
    }

    private func checkItems(_ paths: [ItemPath], counts: [Int], change: String) throws(BatchUpdateError) {
        for path in paths {
            guard path.section >= 0, path.section < counts.count else {
                throw .sectionOutOfRange(change: change, section: path.section, count: counts.count)
            }
            guard path.item >= 0, path.item < counts[path.section] else {
                throw .itemOutOfRange(change: change, path: path, count: counts[path.section])
            }
        }
    }

    /// `values` ascending, or the smallest value given twice as a ``BatchUpdateError/duplicate``.
    /// Sorting first (the result is wanted sorted anyway) finds duplicates as neighbours, without
    /// hashing every value: a feed inserts its cells a thousand at a time.
    private func sortedUnique<T: Comparable & CustomStringConvertible>(_ values: [T],
                                                                       change: String) throws(BatchUpdateError) -> [T] {
        let sorted = values.sorted()
        if let index = sorted.indices.dropFirst().first(where: { sorted[$0] == sorted[$0 - 1] }) {
            throw .duplicate(change: change, index: sorted[index].description)
        }
        return sorted
    }
}

private extension Array where Element == ItemPath {
    /// The paths whose section is not in `sections` (no hashing when `sections` is empty).
    func outside(_ sections: Set<Int>) -> [ItemPath] {
        sections.isEmpty ? self : filter { !sections.contains($0.section) }
    }
}
