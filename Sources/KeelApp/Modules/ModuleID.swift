import KeelSupport

/// Identifies an ``AppModule``; apps declare their modules' ids as static members.
///
/// ```swift
/// extension ModuleID { static let shop: ModuleID = "shop" }
/// ```
public struct ModuleID: StringIdentifier, Comparable, ExpressibleByStringLiteral {
    /// The name.
    public let rawValue: String

    /// Wraps a name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

}

/// Where a module is in its lifecycle.
public enum ModuleState: Hashable, Sendable {
    /// Added; not started yet.
    case registered
    /// `start()` is running.
    case starting
    /// Started.
    case started
    /// `stop()` is running.
    case stopping
    /// Stopped (after a stop or a rollback).
    case stopped
    /// `start()` threw; the message says why.
    case failed(String)
}

/// A step recorded in ``ModuleRegistry/lifecycleLog``.
package enum ModuleLifecycleEvent: Hashable, Sendable {
    /// `start()` began.
    case starting(ModuleID)
    /// `start()` returned.
    case started(ModuleID)
    /// `start()` threw.
    case failed(ModuleID)
    /// `stop()` began.
    case stopping(ModuleID)
    /// `stop()` returned.
    case stopped(ModuleID)
    /// The module and everything it registered were removed.
    case unloaded(ModuleID)
}

/// Errors from the module registry. Every case names the modules involved.
package enum ModuleError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Two modules share an id.
    case duplicateModule(ModuleID)
    /// `requiredBy` depends on a module that was never added.
    case missingDependency(ModuleID, requiredBy: ModuleID)
    /// Modules depend on each other in a circle: a closed path in dependency order starting at
    /// its first member by id (`[A, B, A]`: A depends on B, which depends on A).
    case cycle([ModuleID])
    /// A second module claimed (or routed into) a scheme another module owns.
    case schemeConflict(scheme: String, owner: ModuleID, claimant: ModuleID)
    /// A second module declared an action name another module owns.
    case actionConflict(action: String, owner: ModuleID, claimant: ModuleID)
    /// A module's registration step failed (e.g. a route conflict); nothing of it was kept.
    case registrationFailed(ModuleID, reason: String)
    /// A module's `start()` threw; the modules started before it were stopped again.
    case startFailed(ModuleID, reason: String)
    /// ``ModuleRegistry/stopAll()`` ran while ``ModuleRegistry/startAll()`` was starting
    /// modules: this one and the ones after it were not started.
    case stoppedDuringStart(ModuleID)
    /// No module has this id.
    case notFound(ModuleID)
    /// The module cannot be stopped or unloaded while these modules depend on it.
    case hasDependents(ModuleID, dependents: [ModuleID])
    /// A second module declared a type at a URL another module owns.
    case typeConflict(url: String, owner: ModuleID, claimant: ModuleID)
    /// No module declares a type at this URL (or the URL has no scheme and host).
    case typeNotFound(url: String)
    /// The type declared at `url` is not a `expected`.
    case typeMismatch(url: String, expected: String)

    /// A readable message.
    package var description: String {
        switch self {
        case .duplicateModule(let id): return "module \(id) was added twice"
        case .missingDependency(let id, let requiredBy):
            return "module \(requiredBy) depends on missing module \(id)"
        case .cycle(let ids):
            return "module dependency cycle: \(ids.map(\.rawValue).joined(separator: " -> "))"
        case .schemeConflict(let scheme, let owner, let claimant):
            return "module \(claimant) cannot use scheme \(scheme)://, owned by \(owner)"
        case .actionConflict(let action, let owner, let claimant):
            return "module \(claimant) cannot declare action \(action), owned by \(owner)"
        case .registrationFailed(let id, let reason): return "module \(id) failed to register: \(reason)"
        case .startFailed(let id, let reason): return "module \(id) failed to start: \(reason)"
        case .stoppedDuringStart(let id):
            return "stopAll() ran during start-up: module \(id) and the ones after it were not started"
        case .notFound(let id): return "no module \(id)"
        case .hasDependents(let id, let dependents):
            return "module \(id) is needed by \(dependents.map(\.rawValue).joined(separator: ", "))"
        case .typeConflict(let url, let owner, let claimant):
            return "module \(claimant) cannot declare a type at \(url), owned by \(owner)"
        case .typeNotFound(let url): return "no module declares a type at \(url)"
        case .typeMismatch(let url, let expected): return "the type at \(url) is not a \(expected)"
        }
    }
}

/// Errors from invoking typed actions.
package enum ActionError: Error, Hashable, Sendable {
    /// No module declares this action.
    case notFound(String)
    /// The action or route returned something other than the key's output type.
    case typeMismatch(String)
}

/// The lookup key of a type URL: `scheme://host/path`, scheme and host lowercased, without a
/// trailing slash, query or fragment; `nil` when the text has no scheme or no host.
enum ModuleTypeURL {
    static func key(_ url: String) -> String? {
        // The delimiters are found as UTF-8 bytes, as `RouteURL` finds them: a combining mark
        // after a `/`, `?` or `#` merges with it into one `Character` and would hide it.
        let bytes = url.utf8
        var schemeEnd: String.Index?
        var index = bytes.startIndex
        while let colon = bytes[index...].firstIndex(of: UInt8(ascii: ":")) {
            if bytes[colon...].starts(with: "://".utf8) {
                schemeEnd = colon
                break
            }
            index = bytes.index(after: colon)
        }
        guard let schemeEnd else { return nil }
        let scheme = url[..<schemeEnd].lowercased()
        var rest = url[bytes.index(schemeEnd, offsetBy: 3)...]
        if let end = rest.utf8.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
            rest = rest[..<end]
        }
        let slash = rest.utf8.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
        let host = rest[..<slash].lowercased()
        var path = rest[slash...].utf8[...]
        while path.last == UInt8(ascii: "/") { path = path.dropLast() }
        guard !scheme.isEmpty, !host.isEmpty,
            scheme.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." })
        else { return nil }
        return "\(scheme)://\(host)\(Substring(path))"
    }
}
