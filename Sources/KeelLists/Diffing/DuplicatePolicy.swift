/// Which occurrence of a duplicated identifier a diff or ``Swift/Sequence/deduplicated(by:keeping:)``
/// keeps. Every other occurrence is dropped and reported, so duplicates can never reach a
/// consumer that crashes on them (UIKit's diffable data source, for one).
///
/// The choice depends only on positions, never on hash values, so results are the same in
/// every run and every process.
public enum DuplicatePolicy: Hashable, Sendable {
    /// The first occurrence wins; later ones are dropped (the default).
    case keepFirst
    /// The last occurrence wins; earlier ones are dropped (for example "the newest page wins").
    case keepLast
}

extension Sequence {
    /// The elements with duplicate identifiers removed, keeping one occurrence of each identifier
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
