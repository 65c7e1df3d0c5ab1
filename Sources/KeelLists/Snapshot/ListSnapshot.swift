/// The identifiers of a sectioned list, in order: the platform-neutral counterpart of
/// `NSDiffableDataSourceSnapshot`.
///
/// Every lookup — the position of an identifier, the identifier at a position — is O(1).
/// Appending is amortised O(1) per identifier; inserting, deleting or moving items costs
/// O(items in the sections touched); section operations cost O(number of sections).
///
/// A snapshot never holds a duplicate identifier: every operation that would add one, or that
/// names an unknown identifier, throws a ``ListSnapshotError`` (the only error any snapshot
/// method throws) and leaves the snapshot unchanged — so no consumer can crash on it.
public struct ListSnapshot<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
    /// A section's storage; slots are stable while sections move, so item locations survive.
    @usableFromInline
    struct Slot: Sendable {
        @usableFromInline var id: SectionID
        @usableFromInline var items: [ItemID]

        @inlinable
        init(id: SectionID, items: [ItemID]) {
            self.id = id
            self.items = items
        }
    }

    /// Where an item lives: its section's slot and its offset in that section.
    @usableFromInline
    struct Place: Sendable {
        @usableFromInline var slot: Int
        @usableFromInline var item: Int

        @inlinable
        init(slot: Int, item: Int) {
            self.slot = slot
            self.item = item
        }
    }

    @usableFromInline var slots: [Slot?] = []
    @usableFromInline var order: [Int] = []
    @usableFromInline var positionOfSlot: [Int] = []
    @usableFromInline var slotOfSection: [SectionID: Int] = [:]
    @usableFromInline var places: [ItemID: Place] = [:]

    /// Items marked for reloading (their cells are recreated).
    package internal(set) var reloadedItemIdentifiers: Set<ItemID> = []
    /// Items marked for reconfiguring (their existing cells are updated in place).
    package internal(set) var reconfiguredItemIdentifiers: Set<ItemID> = []
    /// Sections marked for reloading.
    package internal(set) var reloadedSectionIdentifiers: Set<SectionID> = []
    /// Sections marked for reconfiguring (their headers and footers are updated in place).
    package internal(set) var reconfiguredSectionIdentifiers: Set<SectionID> = []

    /// Creates an empty snapshot.
    public init() {}

    // MARK: Queries

    /// The number of sections.
    @inlinable
    public var numberOfSections: Int { order.count }
    /// The number of items in all sections.
    @inlinable
    public var numberOfItems: Int { places.count }
    /// The section identifiers, in order.
    public var sectionIdentifiers: [SectionID] { order.map { slots[$0]!.id } }
    /// All item identifiers, section after section.
    public var itemIdentifiers: [ItemID] {
        var result: [ItemID] = []
        result.reserveCapacity(places.count)
        for slot in order { result.append(contentsOf: slots[slot]!.items) }
        return result
    }

    /// The number of items in a section.
    @inlinable
    public func numberOfItems(inSection section: SectionID) throws -> Int {
        slots[try slotIndex(section)]!.items.count
    }

    /// The item identifiers of a section, in order.
    @inlinable
    public func itemIdentifiers(inSection section: SectionID) throws -> [ItemID] {
        slots[try slotIndex(section)]!.items
    }

    /// The offset of a section, or `nil` when it is not in the snapshot. O(1).
    @inlinable
    public func index(ofSection section: SectionID) -> Int? {
        slotOfSection[section].map { positionOfSlot[$0] }
    }

    /// The position of an item, or `nil` when it is not in the snapshot. O(1).
    @inlinable
    public func index(ofItem item: ItemID) -> ItemIndex? {
        places[item].map { ItemIndex(section: positionOfSlot[$0.slot], item: $0.item) }
    }

    /// The identifier of the section at `offset`, or `nil` when out of range. O(1).
    @inlinable
    public func sectionIdentifier(at offset: Int) -> SectionID? {
        order.indices.contains(offset) ? slots[order[offset]]!.id : nil
    }

    /// The identifier of the item at `index`, or `nil` when out of range. O(1).
    @inlinable
    public func itemIdentifier(at index: ItemIndex) -> ItemID? {
        guard order.indices.contains(index.section) else { return nil }
        let items = slots[order[index.section]]!.items
        return items.indices.contains(index.item) ? items[index.item] : nil
    }

    /// The section holding an item, or `nil` when the item is not in the snapshot. O(1).
    @inlinable
    public func sectionIdentifier(containingItem item: ItemID) -> SectionID? {
        places[item].map { slots[$0.slot]!.id }
    }

    /// Whether the snapshot holds the section.
    @inlinable
    public func contains(section: SectionID) -> Bool { slotOfSection[section] != nil }

    /// Whether the snapshot holds the item.
    @inlinable
    public func contains(item: ItemID) -> Bool { places[item] != nil }

    @inlinable
    func slotIndex(_ section: SectionID) throws -> Int {
        guard let slot = slotOfSection[section] else { throw ListSnapshotError(.unknownSection, section) }
        return slot
    }

    @inlinable
    func place(_ item: ItemID) throws -> Place {
        guard let place = places[item] else { throw ListSnapshotError(.unknownItem, item) }
        return place
    }
}

extension ListSnapshot: Equatable {
    /// Snapshots are equal when they hold the same sections and items in the same order and mark
    /// the same identifiers for reloading and reconfiguring.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.numberOfItems == rhs.numberOfItems && lhs.sectionIdentifiers == rhs.sectionIdentifiers
            && zip(lhs.order, rhs.order).allSatisfy { lhs.slots[$0]!.items == rhs.slots[$1]!.items }
            && lhs.reloadedItemIdentifiers == rhs.reloadedItemIdentifiers
            && lhs.reconfiguredItemIdentifiers == rhs.reconfiguredItemIdentifiers
            && lhs.reloadedSectionIdentifiers == rhs.reloadedSectionIdentifiers
            && lhs.reconfiguredSectionIdentifiers == rhs.reconfiguredSectionIdentifiers
    }
}
