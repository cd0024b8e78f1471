/// A batch of changes to a sectioned list, in UIKit's index conventions (Texture's
/// `_ASHierarchyChangeSet`): deletes, reloads and move sources name positions *before* the
/// update; inserts and move destinations name positions *after* it.
public struct ChangeSet: Sendable, Hashable {
    public var insertedSections: [Int] = []
    public var deletedSections: [Int] = []
    public var reloadedSections: [Int] = []
    public var movedSections: [Move<Int>] = []
    public var insertedItems: [ItemPath] = []
    public var deletedItems: [ItemPath] = []
    public var reloadedItems: [ItemPath] = []
    public var movedItems: [Move<ItemPath>] = []

    /// A move from an old position to a new one.
    public struct Move<Index: Hashable & Sendable>: Hashable, Sendable {
        public var from: Index
        public var to: Index

        public init(from: Index, to: Index) {
            self.from = from
            self.to = to
        }
    }

    public init() {}

    public var isEmpty: Bool { self == ChangeSet() }

    public mutating func insertSections(_ sections: [Int]) { insertedSections += sections }
    public mutating func deleteSections(_ sections: [Int]) { deletedSections += sections }
    public mutating func reloadSections(_ sections: [Int]) { reloadedSections += sections }
    public mutating func moveSection(_ from: Int, to: Int) { movedSections.append(Move(from: from, to: to)) }
    public mutating func insertItems(_ paths: [ItemPath]) { insertedItems += paths }
    public mutating func deleteItems(_ paths: [ItemPath]) { deletedItems += paths }
    public mutating func reloadItems(_ paths: [ItemPath]) { reloadedItems += paths }
    public mutating func moveItem(_ from: ItemPath, to: ItemPath) { movedItems.append(Move(from: from, to: to)) }
}

/// One mutation of the element map, in the order Texture applies them (§9.2).
public enum MapOperation: Hashable, Sendable {
    /// Section structure: deleted sections, descending.
    case deleteSections([Int])
    /// Section structure: inserted sections, ascending.
    case insertSections([Int])
    /// Item deletes in old positions, descending.
    case deleteItems([ItemPath])
    /// The item arrays of deleted sections, descending.
    case removeSectionItems([Int])
    /// The item arrays of inserted sections, ascending.
    case insertSectionItems([Int])
    /// Item inserts in new positions, ascending.
    case insertItems([ItemPath])
}
