import KeelSupport

/// A typed key for a service in a ``ServiceContainer``: the service's type plus an optional
/// name, so two `String` settings or two `APIClient`s can be told apart.
///
/// Declare keys as static members so call sites never spell free strings:
/// ```swift
/// extension ServiceKeys {
///     static let analytics = ServiceKey<any Analytics>()
///     static let backupClient = ServiceKey<APIClient>("backup")
/// }
/// ```
public struct ServiceKey<Service: Sendable>: Hashable, Sendable, CustomStringConvertible {
    /// The type-erased identity.
    @usableFromInline package let erased: AnyServiceKey

    /// A key for `Service`, optionally named.
    public init(_ name: String = "", _ type: Service.Type = Service.self) {
        erased = AnyServiceKey(type: ObjectIdentifier(Service.self), name: name, typeName: "\(Service.self)")
    }

    /// The optional name.
    package var name: String { erased.name }

    /// `Type` or `Type["name"]`.
    public var description: String { erased.description }
}

/// A namespace for an app's ``ServiceKey`` constants.
public enum ServiceKeys {}

/// A ``ServiceKey`` with its service type erased: the container's dictionary key.
@usableFromInline
package struct AnyServiceKey: Hashable, Sendable, CustomStringConvertible {
    /// The key's names, shared by every copy: a key is copied on every resolve (into the
    /// resolver, for cycle checks and paths), and one reference costs one retain where two
    /// strings cost two and an outlined copy each.
    final class Names: Sendable {
        let name: String
        let typeName: String

        init(name: String, typeName: String) {
            self.name = name
            self.typeName = typeName
        }
    }

    let type: ObjectIdentifier
    /// The type's and the name's hash, computed once: a lookup then feeds the hasher one
    /// word instead of re-hashing the name's bytes on every resolve.
    private let identityHash: Int
    private let names: Names

    init(type: ObjectIdentifier, name: String, typeName: String) {
        self.type = type
        names = Names(name: name, typeName: typeName)
        var hasher = Hasher()
        hasher.combine(type)
        hasher.combine(name)
        identityHash = hasher.finalize()
    }

    /// The key's name (empty when unnamed).
    package var name: String { names.name }
    /// The service type's name, for messages.
    package var typeName: String { names.typeName }

    /// Equal when the type and the name are.
    @usableFromInline package static func == (lhs: AnyServiceKey, rhs: AnyServiceKey) -> Bool {
        // Copies of one key (the usual case: a static key) share their names.
        lhs.type == rhs.type && (lhs.names === rhs.names || lhs.names.name == rhs.names.name)
    }

    /// Hashes the type and the name (through their hash, computed when the key was made).
    @usableFromInline package func hash(into hasher: inout Hasher) {
        hasher.combine(identityHash)
    }

    /// `Type` or `Type["name"]`.
    @usableFromInline package var description: String {
        name.isEmpty ? typeName : "\(typeName)[\"\(name)\"]"
    }
}

/// How long a resolved instance lives.
///
/// Built in: ``transient``, ``singleton``, ``cached``, ``weak``, ``graph``. Any other value is
/// a named custom scope that caches like ``cached`` and is reset on its own with
/// ``ServiceContainer/reset(_:)``:
/// ```swift
/// extension ServiceScope { static let session = ServiceScope(rawValue: "session") }
/// ```
public struct ServiceScope: StringIdentifier {
    /// The scope's name.
    public let rawValue: String

    /// A scope by name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A new instance on every resolve.
    public static let transient = ServiceScope(rawValue: "transient")
    /// One instance for the container's lifetime; ``ServiceContainer/reset(_:)`` ignores it.
    public static let singleton = ServiceScope(rawValue: "singleton")
    /// One instance until ``ServiceContainer/reset(_:)`` with `.cached`.
    public static let cached = ServiceScope(rawValue: "cached")
    /// The same object while something else holds it strongly; non-objects are transient.
    public static let weak = ServiceScope(rawValue: "weak")
    /// One instance per resolution tree (shared by everything one top-level resolve builds).
    public static let graph = ServiceScope(rawValue: "graph")

}
