/// One section of a sectioned list: the section's own value (its model) and its items.
public struct ListSection<Model, Item> {
    /// The section's value: its identifier and whatever its header shows.
    public var model: Model
    /// The items in the section, in order.
    public var items: [Item]

    /// Creates a section.
    public init(_ model: Model, items: [Item]) {
        self.model = model
        self.items = items
    }
}

extension ListSection: Sendable where Model: Sendable, Item: Sendable {}
extension ListSection: Equatable where Model: Equatable, Item: Equatable {}
extension ListSection: Hashable where Model: Hashable, Item: Hashable {}

extension ListSection: Identifiable where Model: Identifiable {
    /// The model's identifier.
    public var id: Model.ID { model.id }
}
