/// Why a service could not be resolved or registered. Every case names keys as text
/// (`Type` or `Type["name"]`).
package enum ResolutionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing is registered for the key; `path` is the chain of resolves that led to it,
    /// ending with the missing key.
    case notRegistered(key: String, path: [String])
    /// The services depend on each other in a circle: `[A, B, A]`. Detected in every build.
    case cycle([String])
    /// The registration has an async (or main-actor) factory: resolve it with `try await`.
    case requiresAsync(key: String)
    /// A registration for the key already exists (pass `replace: true`).
    case alreadyRegistered(key: String)

    /// A readable message.
    package var description: String {
        switch self {
        case .notRegistered(let key, let path):
            return "no registration for \(key) (resolving \(path.joined(separator: " -> ")))"
        case .cycle(let path): return "dependency cycle: \(path.joined(separator: " -> "))"
        case .requiresAsync(let key): return "\(key) has an async factory: use try await resolve"
        case .alreadyRegistered(let key): return "\(key) is already registered (use replace: true)"
        }
    }
}

/// Every eager registration that failed in ``ServiceContainer/validate()``, all at once.
package struct ContainerValidationError: Error, Sendable, CustomStringConvertible {
    /// One failed registration.
    package struct Failure: Sendable, CustomStringConvertible {
        /// The key.
        package let key: String
        /// What its resolve threw.
        package let error: any Error

        /// `key: error`.
        package var description: String { "\(key): \(error)" }
    }

    /// The failures, ordered by key.
    package let failures: [Failure]

    /// One line per failure.
    package var description: String {
        "\(failures.count) service(s) failed validation: "
            + failures.map(\.description).joined(separator: "; ")
    }
}

/// A registration as listed by ``ServiceContainer/registrations``.
package struct ServiceRegistrationInfo: Hashable, Sendable {
    /// The key.
    package let key: AnyServiceKey
    /// The scope.
    package let scope: ServiceScope
    /// The module (or other owner) that registered it.
    package let owner: String?
    /// Whether ``ServiceContainer/validate()`` resolves it.
    package let eager: Bool
    /// Whether its factory is async.
    package let isAsync: Bool
}
