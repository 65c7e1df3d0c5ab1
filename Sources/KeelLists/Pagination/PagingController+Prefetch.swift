extension PagingController {
    /// Tells the controller the UI showed the item at `index`: it becomes the anchor for
    /// ``invalidate()`` and for page dropping, and within the configuration's `prefetchDistance`
    /// of either end (decided by ``LoadMoreTrigger``) it starts the next load there (joining one
    /// already in flight). Nothing loads
    /// at the end of the list or after a failure; during a refresh the check waits until the
    /// refresh succeeds. Returns without waiting for the load.
    public func itemAppeared(at index: Int) {
        guard !isClosed, index >= 0 else { return }
        lastAccessedIndex = index
        if flights[.refresh] != nil {
            deferredHint = true
            return
        }
        triggerPrefetch(around: index)
    }

    /// Asks ``LoadMoreTrigger`` about both ends. The configuration's `prefetchDistance` counts
    /// the trigger items themselves (the last `d` items trigger), the trigger's distance the
    /// items beyond the shown one, hence `d − 1`; an index past the end (a stale UI) counts as
    /// the last item.
    func triggerPrefetch(around index: Int) {
        let count = state.items.count
        let shown = min(index, count - 1)
        let distance = configuration.prefetchDistance - 1
        if LoadMoreTrigger.shouldLoadMore(displaying: shown, ofLastSectionCount: count, distance: distance),
            let request = nextRequest(.append)
        {
            _ = start(request)
        }
        if LoadMoreTrigger.shouldLoadPrevious(displaying: shown, count: count, distance: distance),
            let request = nextRequest(.prepend)
        {
            _ = start(request)
        }
    }

    /// With the configuration's `maximumItems` set, drops whole pages from the end farther from the
    /// last shown item until the list fits — never the page just loaded, nor a page within the
    /// prefetch distance of that item — and reopens that direction so the pages reload on demand.
    func dropFarPages(after direction: LoadDirection) {
        let count = state.items.count
        guard let maximumItems = configuration.maximumItems, count > maximumItems else { return }
        let anchor = min(lastAccessedIndex ?? (direction == .append ? count - 1 : 0), count - 1)
        let window = (anchor - configuration.prefetchDistance)...(anchor + configuration.prefetchDistance)
        var low = 0
        var high = count
        while high - low > maximumItems, pages.count > 1 {
            let fromFront = anchor - low >= high - 1 - anchor
            // Never drop the page this load just added.
            if (direction == .append) != fromFront { break }
            let size = fromFront ? pages.first!.count : pages.last!.count
            let range = fromFront ? low..<(low + size) : (high - size)..<high
            if !range.isEmpty, range.overlaps(window) { break }
            let page = fromFront ? pages.removeFirst() : pages.removeLast()
            if let key = page.key { usedKeys.remove(key) }
            if fromFront { low += size } else { high -= size }
        }
        guard low > 0 || high < count else { return }
        for item in state.items[..<low] { loadedIDs.remove(item.id) }
        for item in state.items[high...] { loadedIDs.remove(item.id) }
        state.items = Array(state.items[low..<high])
        if let index = lastAccessedIndex { lastAccessedIndex = max(0, index - low) }
        if low > 0 { state.prependPhase = .settled(endReached: pages.first?.previousKey == nil) }
        if high < count { state.appendPhase = .settled(endReached: pages.last?.nextKey == nil) }
    }
}
