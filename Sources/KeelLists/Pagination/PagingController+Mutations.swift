extension PagingController {
    /// Changes a loaded item in place, without a refetch, and publishes it as an update.
    /// Returns `false` (changing nothing) when no item has `id` or `transform` changed its `id`.
    /// Local edits survive later appends and prepends; a refresh replaces them.
    @discardableResult
    public func update(id: Item.ID, _ transform: @Sendable (inout Item) -> Void) -> Bool {
        guard let index = state.items.firstIndex(where: { $0.id == id }) else { return false }
        var item = state.items[index]
        transform(&item)
        guard item.id == id else { return false }
        let old = state.items
        state.items[index] = item
        publish(old: old, itemsChanged: true, forcedUpdates: [id])
        return true
    }

    /// Removes a loaded item without a refetch and publishes the delete; returns it, or `nil`
    /// when no item has `id`.
    @discardableResult
    public func remove(id: Item.ID) -> Item? {
        guard let index = state.items.firstIndex(where: { $0.id == id }) else { return nil }
        let old = state.items
        let item = state.items.remove(at: index)
        loadedIDs.remove(id)
        if let page = page(containing: index) { pages[page].count -= 1 }
        if let accessed = lastAccessedIndex, accessed > index { lastAccessedIndex = accessed - 1 }
        publish(old: old, itemsChanged: true)
        return item
    }

    /// Inserts an item at `index` (0…count) without a refetch and publishes the insert. Returns
    /// `false` (changing nothing) when the index is out of range or the `id` is already loaded.
    @discardableResult
    public func insert(_ item: Item, at index: Int) -> Bool {
        guard (0...state.items.count).contains(index), !loadedIDs.contains(item.id) else { return false }
        let old = state.items
        state.items.insert(item, at: index)
        loadedIDs.insert(item.id)
        if pages.isEmpty {
            pages = [PageRecord(key: nil, previousKey: nil, nextKey: nil, count: 1)]
        } else {
            pages[page(containing: index) ?? pages.count - 1].count += 1
        }
        if let accessed = lastAccessedIndex, accessed >= index { lastAccessedIndex = accessed + 1 }
        publish(old: old, itemsChanged: true)
        return true
    }

    /// The page holding the item at `index`, or `nil` past the last item.
    func page(containing index: Int) -> Int? {
        var end = 0
        for (offset, page) in pages.enumerated() {
            end += page.count
            if index < end { return offset }
        }
        return nil
    }
}
