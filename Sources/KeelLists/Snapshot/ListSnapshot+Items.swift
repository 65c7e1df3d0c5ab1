extension ListSnapshot {
    /// Appends items at the end of a section (by default the last section).
    @inlinable
    public mutating func appendItems(_ items: [ItemID], toSection section: SectionID? = nil)
        throws
    {
        let slot = try appendSlot(section, firstItem: items.first)
        try insertItems(items, slot: slot, at: slots[slot]!.items.count)
    }

    /// Inserts items before an existing item, in its section.
    public mutating func insertItems(_ items: [ItemID], beforeItem anchor: ItemID) throws {
        let place = try place(anchor)
        try insertItems(items, slot: place.slot, at: place.item)
    }

    /// Inserts items after an existing item, in its section.
    public mutating func insertItems(_ items: [ItemID], afterItem anchor: ItemID) throws {
        let place = try place(anchor)
        try insertItems(items, slot: place.slot, at: place.item + 1)
    }

    /// Deletes items.
    public mutating func deleteItems(_ items: [ItemID]) throws {
        var doomed: [Int: Set<Int>] = [:]
        for item in items {
            let place = try place(item)
            doomed[place.slot, default: []].insert(place.item)
        }
        for item in items {
            places[item] = nil
            reloadedItemIdentifiers.remove(item)
            reconfiguredItemIdentifiers.remove(item)
        }
        for (slot, offsets) in doomed {
            var kept: [ItemID] = []
            kept.reserveCapacity(slots[slot]!.items.count - offsets.count)
            for (offset, item) in slots[slot]!.items.enumerated() where !offsets.contains(offset) {
                kept.append(item)
            }
            slots[slot]!.items = kept
            renumberItems(slot: slot, from: offsets.min()!)
        }
    }

    /// Deletes every item, keeping the sections.
    public mutating func deleteAllItems() {
        for slot in order { slots[slot]!.items = [] }
        places = [:]
        reloadedItemIdentifiers = []
        reconfiguredItemIdentifiers = []
    }

    /// Moves an item before another item (possibly in another section).
    public mutating func moveItem(_ item: ItemID, beforeItem anchor: ItemID) throws {
        try moveItem(item, relativeTo: anchor, after: false)
    }

    /// Moves an item after another item (possibly in another section).
    public mutating func moveItem(_ item: ItemID, afterItem anchor: ItemID) throws {
        try moveItem(item, relativeTo: anchor, after: true)
    }

    /// Marks items for reloading (their cells are recreated).
    public mutating func reloadItems(_ items: [ItemID]) throws {
        for item in items { _ = try place(item) }
        reloadedItemIdentifiers.formUnion(items)
    }

    /// Marks items for reconfiguring (their existing cells are updated in place).
    public mutating func reconfigureItems(_ items: [ItemID]) throws {
        for item in items { _ = try place(item) }
        reconfiguredItemIdentifiers.formUnion(items)
    }

    // MARK: Internals

    /// The slot `appendItems` appends to: the named section's, or the last section's.
    @usableFromInline
    func appendSlot(_ section: SectionID?, firstItem: ItemID?) throws -> Int {
        if let section { return try slotIndex(section) }
        guard let last = order.last else {
            throw ListSnapshotError(.noSection, firstItem.map { String(describing: $0) } ?? "(none)")
        }
        return last
    }

    @inlinable
    mutating func insertItems(_ items: [ItemID], slot: Int, at position: Int) throws {
        let needed = places.count + items.count
        if places.capacity < needed { places.reserveCapacity(Swift.max(needed, places.capacity * 2)) }
        // One hash operation per item: record it, and undo everything on the first clash.
        for (offset, item) in items.enumerated() {
            if let existing = places.updateValue(Place(slot: slot, item: position + offset), forKey: item) {
                places[item] = existing
                for added in items[..<offset] { places[added] = nil }
                throw ListSnapshotError(.duplicateItem, item)
            }
        }
        if position == slots[slot]!.items.count {
            slots[slot]!.items.append(contentsOf: items)
        } else {
            slots[slot]!.items.insert(contentsOf: items, at: position)
            renumberItems(slot: slot, from: position + items.count)
        }
    }

    mutating func moveItem(_ item: ItemID, relativeTo anchor: ItemID, after: Bool) throws {
        let from = try place(item)
        _ = try place(anchor)
        guard item != anchor else { throw ListSnapshotError(.relativeToItself, item) }
        slots[from.slot]!.items.remove(at: from.item)
        renumberItems(slot: from.slot, from: from.item)
        let target = places[anchor]!
        let position = after ? target.item + 1 : target.item
        slots[target.slot]!.items.insert(item, at: position)
        renumberItems(slot: target.slot, from: position)
    }

    @inlinable
    mutating func renumberItems(slot: Int, from start: Int) {
        let items = slots[slot]!.items
        for offset in start..<items.count { places[items[offset]] = Place(slot: slot, item: offset) }
    }
}
