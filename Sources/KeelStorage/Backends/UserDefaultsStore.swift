import Foundation
import KeelSupport

/// A key-value store in `UserDefaults`: the original app foundation's store, typed and
/// observable.
///
/// Each key is its own `UserDefaults` entry holding the value's JSON (keys of namespaces other
/// than `.default` are prefixed `<namespace>.`). Writes are coalesced and followed by
/// `synchronize()`, because on Linux `UserDefaults` loses every write that is not synchronised.
/// Observation comes from the store itself (no KVO), so it works on Linux; changes made by other
/// processes are not observed.
public final class UserDefaultsStore: EngineBackedStore, @unchecked Sendable {
    private let box: DefaultsBox

    /// The defaults the store writes to.
    package var defaults: UserDefaults { box.defaults }

    /// A store in `UserDefaults.standard` (the original foundation's `UserDefaultsStore()`):
    /// it cannot fail, so it does not throw.
    public convenience init() {
        self.init(
            defaults: .standard, domain: Self.standardDomain, coalescing: .milliseconds(50),
            clock: ContinuousClock())
    }

    /// A store in the suite `suiteName` (an App Group, say), or `.standard` when `nil`.
    ///
    /// - Throws: ``StoreError/readFailed(file:reason:)`` when the suite cannot be opened.
    public convenience init(
        suiteName: String? = nil,
        coalescing: Duration = .milliseconds(50),
        clock: any Clock<Duration> = ContinuousClock()
    ) throws {
        guard let defaults = suiteName.map({ UserDefaults(suiteName: $0) }) ?? .standard else {
            throw StoreError.readFailed(
                file: suiteName ?? "standard", reason: "cannot open the UserDefaults suite")
        }
        self.init(
            defaults: defaults, domain: suiteName ?? Self.standardDomain, coalescing: coalescing,
            clock: clock)
    }

    private init(
        defaults: UserDefaults, domain: String, coalescing: Duration, clock: any Clock<Duration>
    ) {
        box = DefaultsBox(defaults)
        super.init(
            engine: StoreEngine(
                persistence: DefaultsPersistence(defaults: box, domain: domain),
                coalescing: coalescing, clock: clock))
    }

    /// The persistent domain of `UserDefaults.standard`.
    private static var standardDomain: String {
        Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName
    }
}

/// `UserDefaults` is thread-safe but not `Sendable` in every SDK.
struct DefaultsBox: @unchecked Sendable {
    // Invariant: UserDefaults is documented as thread-safe.
    let defaults: UserDefaults

    init(_ defaults: UserDefaults) {
        self.defaults = defaults
    }
}

/// Keys of one `UserDefaults` domain as namespaces.
struct DefaultsPersistence: StorePersistence {
    let defaults: DefaultsBox
    let domain: String

    func location(of namespace: StoreNamespace) -> String {
        "UserDefaults(\(domain))"
    }

    private func prefix(_ namespace: StoreNamespace) -> String {
        namespace == .default ? "" : namespace.rawValue + "."
    }

    private var persisted: [String: Any] {
        defaults.defaults.persistentDomain(forName: domain) ?? [:]
    }

    func namespaces() throws -> [StoreNamespace] {
        [.default]
    }

    func load(_ namespace: StoreNamespace) throws -> [String: Data] {
        let prefix = prefix(namespace)
        var members: [String: Data] = [:]
        for (key, value) in persisted where key.hasPrefix(prefix) {
            let name = String(key.dropFirst(prefix.count))
            if namespace == .default, name.contains(".") { continue }
            if let data = value as? Data, (try? JSONObjectScanner.validateFragment(data)) != nil {
                members[name] = data
            } else if let fragment = Self.fragment(fromPropertyList: value) {
                // A value written by plain UserDefaults code: keep it readable.
                members[name] = fragment
            }
        }
        return members
    }

    func commit(_ namespace: StoreNamespace, changes: [String: Data?]) throws -> [String: Data] {
        let prefix = prefix(namespace)
        for (name, fragment) in changes {
            if let fragment {
                defaults.defaults.set(fragment, forKey: prefix + name)
            } else {
                defaults.defaults.removeObject(forKey: prefix + name)
            }
        }
        guard defaults.defaults.synchronize() else {
            throw StoreError.writeFailed(file: location(of: namespace), reason: "synchronize() failed")
        }
        return try load(namespace)
    }

    func replace(_ namespace: StoreNamespace, with members: [String: Data]) throws {
        let existing = try load(namespace)
        var changes: [String: Data?] = [:]
        for name in existing.keys where members[name] == nil { changes[name] = .some(nil) }
        for (name, fragment) in members { changes[name] = fragment }
        _ = try commit(namespace, changes: changes)
    }

    private static func fragment(fromPropertyList value: Any) -> Data? {
        switch value {
        case let string as String: return try? JSONEncoder().encode(string)
        case let date as Date:
            return try? StoreCoding.makeEncoder().encode(date)
        case let number as NSNumber:
            return JSONSerialization.isValidJSONObject([number])
                ? (try? JSONSerialization.data(withJSONObject: [number])).map {
                    Data($0.dropFirst().dropLast())
                } : nil
        default:
            guard JSONSerialization.isValidJSONObject(value) else { return nil }
            return try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])
        }
    }
}
