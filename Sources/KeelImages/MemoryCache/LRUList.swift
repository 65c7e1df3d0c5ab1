/// A doubly linked list of cache entries in recency order with a dictionary index; not
/// thread-safe (``ImageMemoryCache`` guards it with a lock).
///
/// Nodes live in an array and link by index, so a hit moves two integers instead of
/// retaining and releasing objects; freed slots are reused.
struct LRUList {
    private struct Node {
        var key: ImageCacheKey
        var value: ImageContainer?
        var expiry: Duration?
        var previous: Int
        var next: Int
    }

    private var nodes: [Node] = []
    private var free: [Int] = []
    private var index: [ImageCacheKey: Int] = [:]
    /// Least recently used.
    private var head = -1
    /// Most recently used.
    private var tail = -1
    private(set) var totalCost = 0

    var count: Int { index.count }

    mutating func get(_ key: ImageCacheKey, now: Duration?) -> ImageContainer? {
        guard let slot = index[key] else { return nil }
        if let now, let expiry = nodes[slot].expiry, expiry <= now {
            _ = remove(key)
            return nil
        }
        moveToTail(slot)
        return nodes[slot].value
    }

    mutating func insert(_ value: ImageContainer, for key: ImageCacheKey, expiry: Duration?) {
        if let slot = index[key] {
            totalCost += value.cost - (nodes[slot].value?.cost ?? 0)
            nodes[slot].value = value
            nodes[slot].expiry = expiry
            moveToTail(slot)
            return
        }
        let node = Node(key: key, value: value, expiry: expiry, previous: tail, next: -1)
        let slot: Int
        if let reused = free.popLast() {
            nodes[reused] = node
            slot = reused
        } else {
            nodes.append(node)
            slot = nodes.count - 1
        }
        if tail >= 0 { nodes[tail].next = slot } else { head = slot }
        tail = slot
        index[key] = slot
        totalCost += value.cost
    }

    mutating func remove(_ key: ImageCacheKey) -> ImageContainer? {
        guard let slot = index.removeValue(forKey: key) else { return nil }
        unlink(slot)
        let value = nodes[slot].value
        totalCost -= value?.cost ?? 0
        nodes[slot].value = nil
        free.append(slot)
        return value
    }

    mutating func trim(toCost cost: Int, count limit: Int) {
        while head >= 0, totalCost > cost || index.count > limit {
            _ = remove(nodes[head].key)
        }
    }

    mutating func removeAll() {
        nodes.removeAll()
        free.removeAll()
        index.removeAll()
        head = -1
        tail = -1
        totalCost = 0
    }

    var keysFromOldest: [ImageCacheKey] {
        var keys: [ImageCacheKey] = []
        var slot = head
        while slot >= 0 {
            keys.append(nodes[slot].key)
            slot = nodes[slot].next
        }
        return keys
    }

    private mutating func unlink(_ slot: Int) {
        let (previous, next) = (nodes[slot].previous, nodes[slot].next)
        if previous >= 0 { nodes[previous].next = next } else { head = next }
        if next >= 0 { nodes[next].previous = previous } else { tail = previous }
        nodes[slot].previous = -1
        nodes[slot].next = -1
    }

    private mutating func moveToTail(_ slot: Int) {
        guard slot != tail else { return }
        unlink(slot)
        nodes[slot].previous = tail
        if tail >= 0 { nodes[tail].next = slot } else { head = slot }
        tail = slot
    }
}
