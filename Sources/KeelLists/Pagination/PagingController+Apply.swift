extension PagingController {
    /// What became of a loaded page.
    enum ApplyResult: Sendable {
        /// The page is in the list.
        case applied
        /// The load was superseded (a newer generation, a cancelled flight); nothing changed.
        case stale
        /// The page was refused; the failure is in its direction's phase.
        case failed(any Error)
        /// The page added nothing but has a next key: load that next (within the empty-page limit).
        case follow(LoadRequest<Key>)
    }

    /// Applies a loaded page if its flight is still current: checks its keys, de-duplicates its
    /// items, updates pages, keys and phases, drops far pages, and publishes the change.
    func apply(_ page: Page<Key, Item>, request: LoadRequest<Key>, flight id: Int, emptyPages: Int)
        -> ApplyResult
    {
        let direction = request.direction
        guard !isClosed, flights[direction]?.id == id else { return .stale }
        if let error = repeatedKeyError(page, request: request) {
            return refuse(error, request: request)
        }
        switch direction {
        case .refresh:
            applyRefresh(page, request: request)
            return .applied
        case .append, .prepend:
            let change = applyExtension(page, request: request)
            let edgeKey = direction == .append ? page.nextKey : page.previousKey
            if change.added + change.replaced.count == 0, let edgeKey {
                guard emptyPages + 1 < configuration.maximumConsecutiveEmptyPages else {
                    return refuse(
                        PagingError.tooManyEmptyPages(direction, count: emptyPages + 1), request: request)
                }
                let kind: LoadRequest<Key>.Kind = direction == .append ? .append(edgeKey) : .prepend(edgeKey)
                return .follow(LoadRequest(kind, limit: request.limit))
            }
            flights[direction] = nil
            state[phase: direction] = .settled(endReached: edgeKey == nil)
            // Only new items at one end, nothing replaced or dropped: the change is known.
            var inserted: Range<Int>?
            if change.replaced.isEmpty, state.items.count == change.old.count + change.added {
                inserted = direction == .append ? change.old.count..<state.items.count : 0..<change.added
            }
            publish(
                old: change.old, itemsChanged: change.added > 0 || !change.replaced.isEmpty,
                forcedUpdates: change.replaced, dropped: change.dropped, knownInsertion: inserted)
            return .applied
        }
    }

    /// The repeated-key failure for `page`, if it returns a key this generation already used.
    func repeatedKeyError(_ page: Page<Key, Item>, request: LoadRequest<Key>) -> PagingError? {
        guard !configuration.allowsKeyReuse else { return nil }
        var used = request.direction == .refresh ? [] : usedKeys
        if let key = request.key { used.insert(key) }
        let returned: [Key?] =
            switch request.direction {
            case .refresh: [page.nextKey, page.previousKey]
            case .append: [page.nextKey]
            case .prepend: [page.previousKey]
            }
        for case let key? in returned where used.contains(key) {
            return .repeatedKey(request.direction, String(describing: key))
        }
        return nil
    }

    /// Ends a flight with a failure the controller detected itself.
    func refuse(_ error: PagingError, request: LoadRequest<Key>) -> ApplyResult {
        let direction = request.direction
        flights[direction] = nil
        failedRequests[direction] = request
        setPhase(.failure(error, direction), for: direction)
        return .failed(error)
    }

    func applyRefresh(_ page: Page<Key, Item>, request: LoadRequest<Key>) {
        let old = state.items
        var fresh: [Item] = []
        fresh.reserveCapacity(page.items.count)
        var ids = Set<Item.ID>(minimumCapacity: page.items.count)
        var dropped = 0
        var replaced = Set<Item.ID>()
        for item in page.items {
            if ids.insert(item.id).inserted {
                fresh.append(item)
            } else {
                dropped += 1
                guard let index = fresh.firstIndex(where: { $0.id == item.id }) else { continue }
                switch configuration.duplicatePolicy {
                case .keepFirst: break
                case .keepLast:
                    fresh.remove(at: index)
                    fresh.append(item)
                case .replaceWithNewer:
                    fresh[index] = item
                    replaced.insert(item.id)
                }
            }
        }
        loadedIDs = ids
        pages = [
            PageRecord(
                key: request.key, previousKey: page.previousKey, nextKey: page.nextKey, count: fresh.count)
        ]
        usedKeys = request.key.map { [$0] } ?? []
        flights[.refresh] = nil
        failedRequests = [:]
        state.items = fresh
        state.hasLoaded = true
        state.isStale = false
        state.droppedDuplicateCount += dropped
        state.refreshPhase = .idle
        state.appendPhase = .settled(endReached: page.nextKey == nil)
        state.prependPhase = .settled(endReached: page.previousKey == nil)
        if let index = lastAccessedIndex { lastAccessedIndex = min(index, max(0, fresh.count - 1)) }
        publish(old: old, itemsChanged: true, forcedUpdates: replaced, dropped: dropped)
        if deferredHint {
            deferredHint = false
            if let index = lastAccessedIndex { triggerPrefetch(around: index) }
        }
    }

    /// Adds an append or prepend page's new items (publishing nothing yet).
    func applyExtension(_ page: Page<Key, Item>, request: LoadRequest<Key>) -> (
        old: [Item], added: Int, replaced: Set<Item.ID>, dropped: Int
    ) {
        let old = state.items
        var added: [Item] = []
        added.reserveCapacity(page.items.count)
        var dropped = 0
        var replaced = Set<Item.ID>()
        var items = old
        for item in page.items {
            if loadedIDs.insert(item.id).inserted {
                added.append(item)
                continue
            }
            dropped += 1
            switch configuration.duplicatePolicy {
            case .keepFirst:
                continue
            case .keepLast:
                if let index = added.firstIndex(where: { $0.id == item.id }) {
                    added.remove(at: index)
                } else if let index = items.firstIndex(where: { $0.id == item.id }) {
                    items.remove(at: index)
                    removeFromPageRecord(at: index)
                }
                added.append(item)
            case .replaceWithNewer:
                if let index = added.firstIndex(where: { $0.id == item.id }) {
                    added[index] = item
                } else if let index = items.firstIndex(where: { $0.id == item.id }) {
                    items[index] = item
                    replaced.insert(item.id)
                }
            }
        }
        if let key = request.key { usedKeys.insert(key) }
        let record = PageRecord(
            key: request.key, previousKey: page.previousKey, nextKey: page.nextKey, count: added.count)
        if request.direction == .append {
            items.append(contentsOf: added)
            pages.append(record)
        } else {
            items.insert(contentsOf: added, at: 0)
            pages.insert(record, at: 0)
            if let index = lastAccessedIndex { lastAccessedIndex = index + added.count }
        }
        state.items = items
        state.droppedDuplicateCount += dropped
        dropFarPages(after: request.direction)
        return (old, added.count, replaced, dropped)
    }

    /// Publishes the state; when the items changed, with their diff from `old` (computed, or
    /// `knownInsertion` when the only change was inserting those offsets of the new items).
    func publish(
        old: [Item], itemsChanged: Bool, forcedUpdates: Set<Item.ID> = [], dropped: Int = 0,
        knownInsertion: Range<Int>? = nil
    ) {
        guard !isClosed else { return }
        let new = state.items
        let diff: ListDiff<Item>
        if let knownInsertion {
            diff = .insertion(knownInsertion, in: new)
        } else if !itemsChanged {
            diff = ListDiff(
                deletes: [], deletedElements: [], inserts: [], insertedElements: [], moves: [],
                movedElements: [],
                updates: [], updatedElements: [], replacedElements: [], duplicates: DroppedDuplicates(),
                oldCount: old.count, newCount: new.count)
        } else if forcedUpdates.isEmpty {
            diff = ListDiff(from: old, to: new)
        } else {
            diff = ListDiff(
                from: old, to: new, id: { $0.id },
                isContentEqual: { $0 == $1 && !forcedUpdates.contains($1.id) })
        }
        let changeset = StagedChangeset<[Item]>.flat(diff, old: old, new: new)
        broadcaster.yield(
            PagingUpdate(
                state: state, oldItems: old, diff: diff, changeset: changeset, droppedDuplicates: dropped))
    }
}

extension PagingController {
    /// Shrinks the page record holding loaded item `index` by one (its item was removed) and
    /// keeps the anchor on the same item.
    func removeFromPageRecord(at index: Int) {
        var start = 0
        for page in pages.indices {
            if index < start + pages[page].count {
                pages[page].count -= 1
                break
            }
            start += pages[page].count
        }
        if let anchor = lastAccessedIndex, anchor > index { lastAccessedIndex = anchor - 1 }
    }
}
