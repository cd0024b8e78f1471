/// Photo ids in slots, in recency order, at most `capacity`: the slots are positions in an array,
/// linked by index into a doubly linked list, most recent first, and found through a dictionary.
///
/// Using, adding and evicting are O(1); removing a slot moves the later slots down one and is
/// O(slots). A slot's index is the item index of its cell in ``LiveCellList``'s data controller.
struct RecencyList {
    private struct Slot {
        var photoID: Int64
        var newer: Int
        var older: Int
    }

    private static let none = -1
    let capacity: Int
    private var slots: [Slot] = []
    private var index: [Int64: Int] = [:]
    private var newest = RecencyList.none
    private var oldest = RecencyList.none

    init(capacity: Int) {
        self.capacity = capacity
    }

    var count: Int { slots.count }

    /// The slot of `photoID`, if any (no use recorded).
    func slot(of photoID: Int64) -> Int? { index[photoID] }

    /// The slot of `photoID`, now the most recently used; nil if absent.
    mutating func use(_ photoID: Int64) -> Int? {
        guard let slot = index[photoID] else { return nil }
        unlink(slot)
        linkAsNewest(slot)
        return slot
    }

    /// Adds `photoID` (absent) as the most recently used: in a new slot at the end while there is
    /// room, else in the least recently used slot, whose photo it returns as `evicted`.
    mutating func add(_ photoID: Int64) -> (slot: Int, evicted: Int64?) {
        precondition(index[photoID] == nil, "photo \(photoID) already has a slot")
        if slots.count < capacity {
            slots.append(Slot(photoID: photoID, newer: Self.none, older: Self.none))
            index[photoID] = slots.count - 1
            linkAsNewest(slots.count - 1)
            return (slots.count - 1, nil)
        }
        let slot = oldest
        let evicted = slots[slot].photoID
        index[evicted] = nil
        unlink(slot)
        slots[slot].photoID = photoID
        index[photoID] = slot
        linkAsNewest(slot)
        return (slot, evicted)
    }

    /// Removes the slot of `photoID` and returns its index; every later slot moves down one.
    mutating func remove(_ photoID: Int64) -> Int? {
        guard let removed = index.removeValue(forKey: photoID) else { return nil }
        unlink(removed)
        slots.remove(at: removed)
        func shifted(_ link: Int) -> Int { link > removed ? link - 1 : link }
        for slot in slots.indices {
            slots[slot].newer = shifted(slots[slot].newer)
            slots[slot].older = shifted(slots[slot].older)
        }
        for (photoID, slot) in index where slot > removed { index[photoID] = slot - 1 }
        newest = shifted(newest)
        oldest = shifted(oldest)
        return removed
    }

    private mutating func unlink(_ slot: Int) {
        let (newer, older) = (slots[slot].newer, slots[slot].older)
        if newer != Self.none { slots[newer].older = older } else { newest = older }
        if older != Self.none { slots[older].newer = newer } else { oldest = newer }
    }

    private mutating func linkAsNewest(_ slot: Int) {
        slots[slot].newer = Self.none
        slots[slot].older = newest
        if newest != Self.none { slots[newest].newer = slot }
        newest = slot
        if oldest == Self.none { oldest = slot }
    }
}
