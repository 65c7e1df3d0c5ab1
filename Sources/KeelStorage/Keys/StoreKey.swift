import KeelSupport

/// A group of keys stored together (one file per namespace in a ``FileStore``).
public struct StoreNamespace: StringIdentifier, ExpressibleByStringLiteral {
    /// The namespace's name; also its file name in a ``FileStore``.
    public let rawValue: String

    /// Creates a namespace.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Where keys go unless they name another namespace.
    public static let `default`: StoreNamespace = "default"
}

/// A typed key with its default value, declared once:
///
/// ```swift
/// extension StoreKey where Value == Bool {
///     static let hasShownGuide = StoreKey("hasShownGuide", default: false)
/// }
/// ```
public struct StoreKey<Value: Codable & Sendable>: Sendable {
    /// The key's name within its namespace.
    package let name: String
    /// What reads return while nothing is stored.
    package let defaultValue: Value
    /// The namespace the key belongs to.
    package let namespace: StoreNamespace

    /// Creates a key.
    public init(_ name: String, default defaultValue: Value, namespace: StoreNamespace = .default) {
        self.name = name
        self.defaultValue = defaultValue
        self.namespace = namespace
    }
}
