extension ListDiff {
    /// Computes the diff from `old` to `new`, matching elements by `id` and reporting an update
    /// when `isContentEqual` says a kept element changed.
    ///
    /// Runs in O(n + m) expected time (plus O(k log k) for the k moved candidates). Equal
    /// collections, a pure append, a pure prepend and removals at either end are found by
    /// comparing identifiers only; the identifiers are then hashed once solely to check for
    /// duplicates.
    @inlinable
    public init<ID: Hashable>(
        from old: some Collection<Element>,
        to new: some Collection<Element>,
        id: (Element) -> ID,
        isContentEqual: (Element, Element) -> Bool,
        duplicates policy: DuplicatePolicy = .keepFirst
    ) {
        self = withoutActuallyEscaping(id) { id in
            withoutActuallyEscaping(isContentEqual) { isContentEqual in
                Self.compute(old, new, ClosureRules(identify: id, compare: isContentEqual), policy)
            }
        }
    }

    /// Runs the engine over contiguous copies (free for arrays) of both collections.
    @inlinable
    static func compute<Rules: DiffRules>(
        _ old: some Collection<Element>, _ new: some Collection<Element>, _ rules: Rules,
        _ policy: DuplicatePolicy
    ) -> ListDiff<Element> where Rules.Element == Element {
        let oldElements = Array(old)
        var newElements = Array(new)
        if policy == .replaceWithNewer {
            newElements = DuplicatePolicy.carryingNewestContent(newElements, id: rules.id)
        }
        return oldElements.withUnsafeBufferPointer { oldBuffer in
            newElements.withUnsafeBufferPointer { newBuffer in
                ListDiffEngine(old: oldBuffer, new: newBuffer, rules: rules, policy: policy.matchingPolicy)
                    .run()
            }
        }
    }

    /// Computes the diff from `old` to `new`, matching elements by `id`; content changes are
    /// detected with `==` (the public spelling passes `isContentEqual: ==`).
    @inlinable
    package init<ID: Hashable>(
        from old: some Collection<Element>,
        to new: some Collection<Element>,
        id: (Element) -> ID,
        duplicates policy: DuplicatePolicy = .keepFirst
    ) where Element: Equatable {
        self = withoutActuallyEscaping(id) { id in
            Self.compute(old, new, ClosureRules(identify: id, compare: { $0 == $1 }), policy)
        }
    }
}

extension ListDiff where Element: Identifiable & Equatable {
    /// Computes the diff from `old` to `new`, matching elements by `id`; an element whose `id`
    /// is kept but which is no longer `==` is an update.
    @inlinable
    public init(
        from old: some Collection<Element>,
        to new: some Collection<Element>,
        duplicates policy: DuplicatePolicy = .keepFirst
    ) {
        self = Self.compute(old, new, IdentifiableRules(), policy)
    }
}

extension ListDiff where Element: Hashable {
    /// Computes the diff from `old` to `new` for values that are their own identity (strings,
    /// UUIDs, identifiers): there are no updates.
    @inlinable
    public init(
        from old: some Collection<Element>,
        to new: some Collection<Element>,
        duplicates policy: DuplicatePolicy = .keepFirst
    ) {
        self = Self.compute(old, new, ValueRules(), policy)
    }
}

extension ListDiff where Element: Hashable & Identifiable {
    /// Computes the diff from `old` to `new`, matching elements by `id` and reporting an update
    /// when a kept element is no longer `==` (`Identifiable` wins over plain `Hashable`).
    @inlinable
    public init(
        from old: some Collection<Element>,
        to new: some Collection<Element>,
        duplicates policy: DuplicatePolicy = .keepFirst
    ) {
        self = Self.compute(old, new, IdentifiableRules(), policy)
    }
}

/// The flat diff algorithm over two buffers.
@usableFromInline
struct ListDiffEngine<Rules: DiffRules> {
    @usableFromInline typealias Element = Rules.Element
    @usableFromInline let old: UnsafeBufferPointer<Element>
    @usableFromInline let new: UnsafeBufferPointer<Element>
    @usableFromInline let rules: Rules
    @usableFromInline let policy: DuplicatePolicy

    @inlinable
    init(
        old: UnsafeBufferPointer<Element>, new: UnsafeBufferPointer<Element>, rules: Rules,
        policy: DuplicatePolicy
    ) {
        self.old = old
        self.new = new
        self.rules = rules
        self.policy = policy
    }

    @inlinable @inline(__always)
    func id(_ element: Element) -> Rules.ID { rules.id(element) }

    @inlinable @inline(__always)
    func isContentEqual(_ old: Element, _ new: Element) -> Bool { rules.isContentEqual(old, new) }

    @inlinable
    func run() -> ListDiff<Element> {
        let oldCount = old.count
        let newCount = new.count
        let shorter = min(oldCount, newCount)
        var prefix = 0
        while prefix < shorter, id(old[prefix]) == id(new[prefix]) { prefix &+= 1 }
        var suffix = 0
        while suffix < shorter &- prefix,
            id(old[oldCount &- 1 &- suffix]) == id(new[newCount &- 1 &- suffix])
        {
            suffix &+= 1
        }
        // Pure insertion (append, prepend, or in the middle), pure removal, or no change: the
        // identifiers outside the changed run already match in order. One side contains the
        // other, so checking the larger side for duplicates covers both.
        if prefix &+ suffix == oldCount {
            if isUnique(new) { return trimmed(prefix: prefix, suffix: suffix) }
        } else if prefix &+ suffix == newCount {
            if isUnique(old) { return trimmed(prefix: prefix, suffix: suffix) }
        } else if let small = smallEdit(prefix: prefix, suffix: suffix) {
            return small
        }
        return general()
    }

    @inlinable
    func isUnique(_ elements: UnsafeBufferPointer<Element>) -> Bool {
        if elements.count < 2 { return true }
        let table = IdentityTable(count: elements.count)
        for index in 0..<elements.count {
            let key = id(elements[index])
            let clash = table.insertIfAbsent(hash: key.hashValue, reference: index) {
                id(elements[$0]) == key
            }
            if clash != nil { return false }
        }
        return true
    }

    /// The diff when only the run between `prefix` and `suffix` differs, on one side only.
    @inlinable
    func trimmed(prefix: Int, suffix: Int) -> ListDiff<Element> {
        ordered(
            deletes: Array(prefix..<(old.count &- suffix)),
            inserts: Array(prefix..<(new.count &- suffix))
        )
    }

    /// The diff made of `deletes` and `inserts` only (ascending offsets; no identifier is both
    /// deleted and inserted, and neither side has duplicates), with its updates.
    @inlinable
    func ordered(deletes: [Int], inserts: [Int]) -> ListDiff<Element> {
        let oldCount = old.count
        let newCount = new.count
        var updates: [OffsetMove] = []
        var updatedElements: [Element] = []
        var replacedElements: [Element] = []
        var deleteCursor = 0
        var insertCursor = 0
        var oldOffset = 0
        var newOffset = 0
        while oldOffset < oldCount, newOffset < newCount {
            if deleteCursor < deletes.count, deletes[deleteCursor] == oldOffset {
                deleteCursor &+= 1
                oldOffset &+= 1
            } else if insertCursor < inserts.count, inserts[insertCursor] == newOffset {
                insertCursor &+= 1
                newOffset &+= 1
            } else {
                if !isContentEqual(old[oldOffset], new[newOffset]) {
                    updates.append(OffsetMove(from: oldOffset, to: newOffset))
                    updatedElements.append(new[newOffset])
                    replacedElements.append(old[oldOffset])
                }
                oldOffset &+= 1
                newOffset &+= 1
            }
        }
        return ListDiff(
            deletes: deletes, deletedElements: deletes.map { old[$0] },
            inserts: inserts, insertedElements: inserts.map { new[$0] },
            moves: [], movedElements: [], updates: updates, updatedElements: updatedElements,
            replacedElements: replacedElements, duplicates: DroppedDuplicates(),
            oldCount: oldCount, newCount: newCount
        )
    }
}
