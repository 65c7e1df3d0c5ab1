extension ListSnapshot {
    /// Appends sections at the end.
    public mutating func appendSections(_ sections: [SectionID]) throws {
        try insertSections(sections, at: order.count)
    }

    /// Inserts sections before an existing section.
    public mutating func insertSections(_ sections: [SectionID], beforeSection anchor: SectionID)
        throws
    {
        try insertSections(sections, at: positionOfSlot[try slotIndex(anchor)])
    }

    /// Inserts sections after an existing section.
    public mutating func insertSections(_ sections: [SectionID], afterSection anchor: SectionID)
        throws
    {
        try insertSections(sections, at: positionOfSlot[try slotIndex(anchor)] + 1)
    }

    /// Deletes sections and their items.
    public mutating func deleteSections(_ sections: [SectionID]) throws {
        var doomed = Set<Int>()
        for section in sections { doomed.insert(try slotIndex(section)) }
        for slot in doomed {
            for item in slots[slot]!.items {
                places[item] = nil
                reloadedItemIdentifiers.remove(item)
                reconfiguredItemIdentifiers.remove(item)
            }
            let id = slots[slot]!.id
            slotOfSection[id] = nil
            reloadedSectionIdentifiers.remove(id)
            reconfiguredSectionIdentifiers.remove(id)
            slots[slot] = nil
            positionOfSlot[slot] = -1
        }
        order.removeAll { doomed.contains($0) }
        renumberSections()
    }

    /// Moves a section before another section.
    public mutating func moveSection(_ section: SectionID, beforeSection anchor: SectionID)
        throws
    {
        try moveSection(section, relativeTo: anchor, after: false)
    }

    /// Moves a section after another section.
    public mutating func moveSection(_ section: SectionID, afterSection anchor: SectionID)
        throws
    {
        try moveSection(section, relativeTo: anchor, after: true)
    }

    /// Marks sections for reloading.
    public mutating func reloadSections(_ sections: [SectionID]) throws {
        for section in sections { _ = try slotIndex(section) }
        reloadedSectionIdentifiers.formUnion(sections)
    }

    /// Marks sections for reconfiguring (headers and footers updated in place).
    public mutating func reconfigureSections(_ sections: [SectionID]) throws {
        for section in sections { _ = try slotIndex(section) }
        reconfiguredSectionIdentifiers.formUnion(sections)
    }

    // MARK: Internals

    mutating func insertSections(_ sections: [SectionID], at position: Int) throws {
        var fresh = Set<SectionID>()
        for section in sections where slotOfSection[section] != nil || !fresh.insert(section).inserted {
            throw ListSnapshotError(.duplicateSection, section)
        }
        var newSlots: [Int] = []
        newSlots.reserveCapacity(sections.count)
        for section in sections {
            slotOfSection[section] = slots.count
            newSlots.append(slots.count)
            slots.append(Slot(id: section, items: []))
            positionOfSlot.append(-1)
        }
        order.insert(contentsOf: newSlots, at: position)
        renumberSections(from: position)
    }

    mutating func moveSection(_ section: SectionID, relativeTo anchor: SectionID, after: Bool)
        throws
    {
        let slot = try slotIndex(section)
        let anchorSlot = try slotIndex(anchor)
        guard slot != anchorSlot else { throw ListSnapshotError(.relativeToItself, section) }
        order.remove(at: positionOfSlot[slot])
        let anchorPosition = order.firstIndex(of: anchorSlot)!
        order.insert(slot, at: after ? anchorPosition + 1 : anchorPosition)
        renumberSections()
    }

    mutating func renumberSections(from start: Int = 0) {
        for position in start..<order.count { positionOfSlot[order[position]] = position }
    }
}
