/// Why a ``ListSnapshot`` refused an operation. The snapshot is left unchanged.
public struct ListSnapshotError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Hashable, Sendable {
        /// A section identifier that is already in the snapshot (or repeated in the request).
        case duplicateSection
        /// An item identifier that is already in the snapshot (or repeated in the request).
        case duplicateItem
        /// A section identifier that is not in the snapshot.
        case unknownSection
        /// An item identifier that is not in the snapshot.
        case unknownItem
        /// Items were appended without a section to hold them.
        case noSection
        /// A section or item was placed relative to itself.
        case relativeToItself
    }

    /// What went wrong.
    public var kind: Kind
    /// The identifier concerned, as text.
    public var identifier: String

    /// Creates an error about `identifier`.
    package init(_ kind: Kind, identifier: String) {
        self.kind = kind
        self.identifier = identifier
    }

    @usableFromInline
    init(_ kind: Kind, _ identifier: some Any) {
        self.init(kind, identifier: String(describing: identifier))
    }

    /// A sentence naming the identifier.
    public var description: String {
        switch kind {
        case .duplicateSection: "section \(identifier) is already in the snapshot"
        case .duplicateItem: "item \(identifier) is already in the snapshot"
        case .unknownSection: "section \(identifier) is not in the snapshot"
        case .unknownItem: "item \(identifier) is not in the snapshot"
        case .noSection: "cannot add item \(identifier): the snapshot has no section"
        case .relativeToItself: "\(identifier) cannot be placed relative to itself"
        }
    }
}
