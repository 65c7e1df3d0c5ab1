/// What a cell shows: a `Codable`, `Hashable`, `Sendable` value with a stable type name, so a
/// ``ListItem`` can carry any view model and still round-trip through JSON (via a
/// ``CellViewModelRegistry``).
public protocol CellViewModel: Codable, Hashable, Sendable {
    /// The name written as `"type"` in JSON; unique within a registry.
    static var typeName: String { get }
}

extension CellViewModel {
    fileprivate func isEqual(to other: any CellViewModel) -> Bool {
        (other as? Self) == self
    }
}

/// Any ``CellViewModel``, type-erased: `Hashable` by type and value, `Codable` as
/// `{"type": name, "value": {…}}`.
package struct AnyCellViewModel: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The wrapped view model.
    package let base: any CellViewModel

    /// Wraps a view model.
    package init(_ base: any CellViewModel) {
        self.base = base
    }

    /// The wrapped view model's type name.
    package var typeName: String { type(of: base).typeName }

    /// Equal when of the same type and equal value.
    package static func == (lhs: Self, rhs: Self) -> Bool { lhs.base.isEqual(to: rhs.base) }

    /// Hashes the type name and the value.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(typeName)
        hasher.combine(base)
    }

    /// The wrapped value's description.
    package var description: String { "\(base)" }

    enum CodingKeys: String, CodingKey {
        case type
        case value
    }

    /// Encodes `{"type", "value"}`; throws `EncodingError.invalidValue` when the encoder carries
    /// a registry that would not decode the type again: one that does not know its name, or maps
    /// the name to another type (an app's type registered under a stock name).
    package func encode(to encoder: any Encoder) throws {
        if let registry = encoder.userInfo[CellViewModelRegistry.userInfoKey] as? CellViewModelRegistry {
            let registered = registry.type(named: typeName)
            if registered.map({ ObjectIdentifier($0) != ObjectIdentifier(type(of: base)) }) ?? true {
                let problem =
                    registered.map { "is registered for another type, \($0)" } ?? "is not registered"
                throw EncodingError.invalidValue(
                    base,
                    EncodingError.Context(
                        codingPath: encoder.codingPath,
                        debugDescription:
                            "view-model type name '\(typeName)' of \(type(of: base)) \(problem);"
                            + " it could not be decoded"))
            }
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(typeName, forKey: .type)
        try container.encode(base, forKey: .value)
    }

    /// Decodes `{"type", "value"}` with the decoder's registry (the standard one by default);
    /// an unknown type is a `DecodingError` at this coding path, never a silent drop. An object
    /// without `"type"` is AEViewModel's basic view model only when it has no other keys than
    /// `"title"`, `"detail"` and `"image"`; any other object without `"type"` (a misspelled
    /// `"Type"`, a `"value"` payload) is `DecodingError.keyNotFound` for `"type"` here.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard container.contains(.type) else {
            let keys = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
            let foreign = keys.filter { !Self.basicModelKeys.contains($0) }.sorted()
            guard foreign.isEmpty else {
                throw DecodingError.keyNotFound(
                    CodingKeys.type,
                    DecodingError.Context(
                        codingPath: decoder.codingPath,
                        debugDescription:
                            "view model without \"type\" has keys \(foreign) that AEViewModel's basic"
                            + " view model (title, detail, image) does not; they would be lost"))
            }
            base = try BasicCellViewModel(from: decoder)
            return
        }
        let name = try container.decode(String.self, forKey: .type)
        let registry =
            decoder.userInfo[CellViewModelRegistry.userInfoKey] as? CellViewModelRegistry ?? .standard
        guard let type = registry.type(named: name) else {
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container,
                debugDescription:
                    "unknown view-model type '\(name)'; register it in the CellViewModelRegistry")
        }
        base = try Self.decodeValue(type, from: container)
    }

    /// The keys of AEViewModel's basic view model, the only shape decoded without `"type"`.
    private static let basicModelKeys: Set<String> = ["title", "detail", "image"]

    /// Any key of a JSON object, to list the keys a view model without `"type"` has.
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private static func decodeValue<Model: CellViewModel>(
        _ type: Model.Type, from container: KeyedDecodingContainer<CodingKeys>
    ) throws -> any CellViewModel {
        try container.decode(Model.self, forKey: .value)
    }
}

/// The view-model types a JSON document may name, by ``CellViewModel/typeName``.
public struct CellViewModelRegistry: Sendable {
    /// The key under which encoders and decoders carry a registry in `userInfo`.
    package static let userInfoKey = CodingUserInfoKey(rawValue: "KeelLists.CellViewModelRegistry")!

    private var types: [String: any CellViewModel.Type]

    /// The stock view models.
    public static let standard = CellViewModelRegistry(types: [
        BasicCellViewModel.self, ToggleCellViewModel.self, SliderCellViewModel.self,
        TextFieldCellViewModel.self,
        TextViewCellViewModel.self, ButtonCellViewModel.self, SpinnerCellViewModel.self,
    ])

    /// A registry of `types` (a later type replaces an earlier one with the same name).
    public init(types: [any CellViewModel.Type]) {
        self.types = [:]
        for type in types { self.types[type.typeName] = type }
    }

    /// Adds (or replaces) a type.
    package mutating func register(_ type: any CellViewModel.Type) {
        types[type.typeName] = type
    }

    /// A copy with `type` added.
    public func registering(_ type: any CellViewModel.Type) -> Self {
        var copy = self
        copy.register(type)
        return copy
    }

    /// The type registered under `name`.
    package func type(named name: String) -> (any CellViewModel.Type)? { types[name] }

    /// The registered names, sorted.
    package var typeNames: [String] { types.keys.sorted() }
}
