/// Which copy of a repeated identifier survives — in a diff, in
/// `deduplicated(by:keeping:)` and in a ``PagingController``
/// (`PagingConfiguration(duplicatePolicy:)`). Every other copy is dropped and reported, so
/// duplicates can never reach a consumer that crashes on them (UIKit's diffable data source,
/// for one).
///
/// The choice depends only on positions, never on hash values, so results are the same in
/// every run and every process.
///
/// | Policy | Position kept | Content kept |
/// |---|---|---|
/// | ``keepFirst`` | first copy | first copy |
/// | ``keepLast`` | last copy | last copy |
/// | ``replaceWithNewer`` | first copy | last copy |
public enum DuplicatePolicy: Hashable, Sendable, CaseIterable {
    /// The first copy wins; later ones are dropped (the default). In a paged list: the item
    /// already loaded stays and the new copy is dropped.
    case keepFirst
    /// The last copy wins where it stands; earlier ones are dropped ("the newest page wins").
    /// In a paged list the loaded copy is removed and the new copy appears in its new page.
    case keepLast
    /// The first copy keeps its place but takes the last copy's content; later copies are
    /// dropped. In a paged list the loaded item is updated in place (reported as an update),
    /// so nothing moves under the user.
    case replaceWithNewer
}

extension DuplicatePolicy {
    /// `elements` with each identifier's first copy carrying its last copy's content; the later
    /// copies stay (a following ``keepFirst`` pass drops and reports them).
    @inlinable
    static func carryingNewestContent<Element, ID: Hashable>(_ elements: [Element], id: (Element) -> ID)
        -> [Element]
    {
        var firstOffset: [ID: Int] = [:]
        var result = elements
        var repeated = false
        for (offset, element) in elements.enumerated() {
            let key = id(element)
            if let first = firstOffset[key] {
                result[first] = element
                repeated = true
            } else {
                firstOffset[key] = offset
            }
        }
        return repeated ? result : elements
    }

    /// The policy the identity-matching pass runs with: ``replaceWithNewer`` matches like
    /// ``keepFirst`` once ``carryingNewestContent(_:id:)`` has moved the content.
    @inlinable
    var matchingPolicy: DuplicatePolicy { self == .keepLast ? .keepLast : .keepFirst }
}

extension Sequence {
    /// The elements with duplicate identifiers removed, keeping one copy of each identifier
    /// per `policy` and otherwise preserving order.
    ///
    /// ```swift
    /// let page = [Row(id: 1), Row(id: 2), Row(id: 1)]
    /// page.deduplicated(by: \.id)  // rows 1 and 2
    /// ```
    @inlinable
    public func deduplicated<ID: Hashable>(
        by id: (Element) throws -> ID,
        keeping policy: DuplicatePolicy = .keepFirst
    ) rethrows -> [Element] {
        var seen = Set<ID>()
        switch policy {
        case .keepFirst:
            var result: [Element] = []
            result.reserveCapacity(underestimatedCount)
            for element in self where seen.insert(try id(element)).inserted {
                result.append(element)
            }
            return result
        case .keepLast:
            var reversedResult: [Element] = []
            for element in self.reversed() where seen.insert(try id(element)).inserted {
                reversedResult.append(element)
            }
            return reversedResult.reversed()
        case .replaceWithNewer:
            var result: [Element] = []
            var offsets: [ID: Int] = [:]
            for element in self {
                let key = try id(element)
                if let offset = offsets[key] {
                    result[offset] = element
                } else {
                    offsets[key] = result.count
                    result.append(element)
                }
            }
            return result
        }
    }
}

extension Sequence where Element: Identifiable {
    /// The elements with duplicate `id`s removed per `policy`, otherwise in order.
    @inlinable
    public func deduplicated(keeping policy: DuplicatePolicy = .keepFirst) -> [Element] {
        deduplicated(by: { $0.id }, keeping: policy)
    }
}
