extension StagedChangeset {
    // The entry points and their helpers are `@inlinable` so that a caller in another module
    // (an app, the bench) gets them specialised for its element type: unspecialised, every
    // element access and identifier hash goes through witness tables (about 3 x slower).

    /// The stages from `old` to `new`, matching elements by `id` and detecting updates with
    /// `isContentEqual`: item updates; item deletes; item inserts and moves (section 0).
    @inlinable
    public init<Element, ID: Hashable>(
        from old: [Element], to new: [Element], id: (Element) -> ID,
        isContentEqual: (Element, Element) -> Bool, duplicates policy: DuplicatePolicy = .keepFirst
    ) where Data == [Element] {
        let new = policy == .replaceWithNewer ? DuplicatePolicy.carryingNewestContent(new, id: id) : new
        let diff = ListDiff(from: old, to: new, id: id, isContentEqual: isContentEqual, duplicates: policy)
        self = Self.flat(diff, old: old, new: new)
    }

    /// The stages from `old` to `new` for `Identifiable & Equatable` elements.
    @inlinable
    public init<Element: Identifiable & Equatable>(
        from old: [Element], to new: [Element], duplicates policy: DuplicatePolicy = .keepFirst
    ) where Data == [Element] {
        let new = policy == .replaceWithNewer ? DuplicatePolicy.carryingNewestContent(new, id: \.id) : new
        self = Self.flat(ListDiff(from: old, to: new, duplicates: policy), old: old, new: new)
    }

    /// The stages from `old` to `new` for values that are their own identity.
    @inlinable
    public init<Element: Hashable>(
        from old: [Element], to new: [Element], duplicates policy: DuplicatePolicy = .keepFirst
    ) where Data == [Element] {
        self = Self.flat(ListDiff(from: old, to: new, duplicates: policy), old: old, new: new)
    }

    /// The stages from `old` to `new` for `Hashable & Identifiable` elements (matched by `id`).
    @inlinable
    public init<Element: Hashable & Identifiable>(
        from old: [Element], to new: [Element], duplicates policy: DuplicatePolicy = .keepFirst
    ) where Data == [Element] {
        let new = policy == .replaceWithNewer ? DuplicatePolicy.carryingNewestContent(new, id: \.id) : new
        self = Self.flat(ListDiff(from: old, to: new, duplicates: policy), old: old, new: new)
    }

    /// Stages a flat diff computed from `old` to `new` (as given; duplicates are dropped here).
    @inlinable
    static func flat<Element>(_ diff: ListDiff<Element>, old: [Element], new given: [Element]) -> Self
    where Data == [Element] {
        let new = removing(diff.duplicates.new, from: given)
        var stages: [Changeset<[Element]>] = []
        var current = old
        if !diff.updates.isEmpty {
            for (update, value) in zip(diff.updates, diff.updatedValues) { current[update.from] = value }
            let paths = diff.updates.map { ItemIndex(section: 0, item: $0.from) }.sorted()
            stages.append(Changeset(data: current, itemUpdates: paths))
        }
        if !diff.deletes.isEmpty {
            current = removing(diff.deletes, from: current)
            stages.append(
                Changeset(data: current, itemDeletes: diff.deletes.map { ItemIndex(section: 0, item: $0) }))
        }
        if !diff.inserts.isEmpty || !diff.moves.isEmpty {
            let moves = diff.moves.map { move in
                ItemMove(
                    from: ItemIndex(section: 0, item: move.from - countBelow(move.from, in: diff.deletes)),
                    to: ItemIndex(section: 0, item: move.to))
            }
            stages.append(
                Changeset(
                    data: new, itemInserts: diff.inserts.map { ItemIndex(section: 0, item: $0) },
                    itemMoves: moves))
        }
        if !stages.isEmpty { stages[stages.count - 1].data = new }
        return StagedChangeset(stages)
    }
}

/// `elements` without the ones at `offsets` (ascending).
@inlinable
func removing<Element>(_ offsets: [Int], from elements: [Element]) -> [Element] {
    guard !offsets.isEmpty else { return elements }
    var result: [Element] = []
    result.reserveCapacity(elements.count - offsets.count)
    var cursor = 0
    for (offset, element) in elements.enumerated() {
        if cursor < offsets.count, offsets[cursor] == offset {
            cursor += 1
        } else {
            result.append(element)
        }
    }
    return result
}

/// How many of the ascending `values` are below `value`.
@inlinable
func countBelow(_ value: Int, in values: [Int]) -> Int {
    var low = 0
    var high = values.count
    while low < high {
        let middle = (low + high) / 2
        if values[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
}
