import Foundation

extension ListDataSource: Codable {
    /// How many levels of drill-down children a decoded data source may have. The file decides
    /// the depth, and comparing, hashing and walking a source recurse through it, so the
    /// decoder bounds it well below what any thread's stack can hold.
    package static let maximumNestingDepth = 64

    enum CodingKeys: String, CodingKey {
        case title, sections
    }

    /// Decodes a data source (view models through the decoder's ``CellViewModelRegistry``).
    /// Throws `DecodingError.dataCorrupted` when drill-down children nest deeper than
    /// `maximumNestingDepth`.
    public init(from decoder: any Decoder) throws {
        let depth = decoder.codingPath.lazy.filter { $0.stringValue == ListItem.CodingKeys.child.stringValue }
            .count
        if depth > Self.maximumNestingDepth {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription:
                        "data sources are nested more than \(Self.maximumNestingDepth) levels deep"))
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        listSections = try container.decode([ListDataSection].self, forKey: .sections)
    }

    /// Encodes a data source.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encode(listSections, forKey: .sections)
    }

    /// Loads a data source from JSON; custom view models are looked up in `registry`. Throws a
    /// `DecodingError` naming the coding path of the first problem (an unknown view-model type,
    /// a missing key, a value of the wrong type).
    public static func decode(from data: Data, registry: CellViewModelRegistry = .standard) throws
        -> ListDataSource
    {
        let decoder = JSONDecoder()
        decoder.userInfo[CellViewModelRegistry.userInfoKey] = registry
        return try decoder.decode(ListDataSource.self, from: data)
    }

    /// The data source as JSON (keys sorted, so equal sources give equal bytes). Throws an
    /// `EncodingError` for a view model whose type `registry` does not know.
    public func encoded(registry: CellViewModelRegistry = .standard, prettyPrinted: Bool = false) throws
        -> Data
    {
        let encoder = JSONEncoder()
        encoder.outputFormatting = prettyPrinted ? [.sortedKeys, .prettyPrinted] : [.sortedKeys]
        encoder.userInfo[CellViewModelRegistry.userInfoKey] = registry
        return try encoder.encode(self)
    }
}

extension ListDataSection: Codable {
    enum CodingKeys: String, CodingKey {
        case id, header, footer, items
    }

    /// Decodes a section (`header`, `footer` optional; `items` default to none; without an
    /// `id`, as AEViewModel's JSON writes it, the identifier is derived from the texts —
    /// `derivedIdentifier(header:footer:items:)`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        header = try container.decodeIfPresent(String.self, forKey: .header)
        footer = try container.decodeIfPresent(String.self, forKey: .footer)
        listItems = try container.decodeIfPresent([ListItem].self, forKey: .items) ?? []
        id =
            try container.decodeIfPresent(String.self, forKey: .id)
            ?? Self.derivedIdentifier(header: header, footer: footer, items: listItems)
    }

    /// Encodes a section.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeIfPresent(header, forKey: .header)
        try container.encodeIfPresent(footer, forKey: .footer)
        try container.encode(listItems, forKey: .items)
    }
}

extension ListItem: Codable {
    enum CodingKeys: String, CodingKey {
        case id, identifier, kind, reuseIdentifier, viewModel, child
    }

    /// Decodes an item (`kind` defaults to basic, `reuseIdentifier` to the kind). The identifier
    /// is `id`, or `identifier` as AEViewModel's JSON writes it; a view model without a `type`
    /// (AEViewModel's `{"title": …, "detail": …}`) is a ``BasicCellViewModel``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.id) {
            id = try container.decode(String.self, forKey: .id)
        } else {
            id = try container.decode(String.self, forKey: .identifier)
        }
        kind = try container.decodeIfPresent(CellKind.self, forKey: .kind) ?? .basic
        reuseIdentifier =
            try container.decodeIfPresent(String.self, forKey: .reuseIdentifier) ?? kind.rawValue
        cellViewModel = try container.decodeIfPresent(AnyCellViewModel.self, forKey: .viewModel)
        childList = try container.decodeIfPresent(ListDataSource.self, forKey: .child)
    }

    /// Encodes an item (the reuse identifier only when it differs from the kind).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(kind, forKey: .kind)
        if reuseIdentifier != kind.rawValue {
            try container.encode(reuseIdentifier, forKey: .reuseIdentifier)
        }
        try container.encodeIfPresent(cellViewModel, forKey: .viewModel)
        try container.encodeIfPresent(childList, forKey: .child)
    }
}
