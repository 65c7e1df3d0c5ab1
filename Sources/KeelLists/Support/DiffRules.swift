/// How a diff identifies elements and compares their content.
///
/// The diff engines are generic over this protocol rather than over stored closures, so that for
/// the common cases (`Hashable` values, `Identifiable & Equatable` elements) the compiler
/// specialises and inlines identifier access and comparison into the hot loops.
@usableFromInline
protocol DiffRules {
    associatedtype Element
    associatedtype ID: Hashable

    /// The element's identifier.
    func id(_ element: Element) -> ID
    /// Whether two elements with the same identifier have the same content.
    func isContentEqual(_ old: Element, _ new: Element) -> Bool
}

/// Values that are their own identity; content never changes.
@usableFromInline
struct ValueRules<Element: Hashable>: DiffRules {
    @inlinable init() {}
    @inlinable @inline(__always) func id(_ element: Element) -> Element { element }
    @inlinable @inline(__always) func isContentEqual(_ old: Element, _ new: Element) -> Bool { true }
}

/// `Identifiable` elements whose content is compared with `==`.
@usableFromInline
struct IdentifiableRules<Element: Identifiable & Equatable>: DiffRules {
    @inlinable init() {}
    @inlinable @inline(__always) func id(_ element: Element) -> Element.ID { element.id }
    @inlinable @inline(__always) func isContentEqual(_ old: Element, _ new: Element) -> Bool { old == new }
}

/// Identifier and content comparison supplied as closures.
@usableFromInline
struct ClosureRules<Element, ID: Hashable>: DiffRules {
    @usableFromInline let identify: (Element) -> ID
    @usableFromInline let compare: (Element, Element) -> Bool

    @inlinable
    init(identify: @escaping (Element) -> ID, compare: @escaping (Element, Element) -> Bool) {
        self.identify = identify
        self.compare = compare
    }

    @inlinable @inline(__always) func id(_ element: Element) -> ID { identify(element) }
    @inlinable @inline(__always) func isContentEqual(_ old: Element, _ new: Element) -> Bool {
        compare(old, new)
    }
}
