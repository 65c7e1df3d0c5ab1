import Foundation
import KeelSupport

/// A key-value store in `UserDefaults`: the original app foundation's store, typed and
/// observable.
///
/// Each key is its own `UserDefaults` entry holding the value's JSON. Keys of `.default` are
/// entries of the same name (any name, dotted ones included, except those starting with the
/// reserved `keel-namespace:`); keys of other namespaces are prefixed
/// `keel-namespace:<hex of the namespace's UTF-8>:`, so no namespace's entry can be mistaken
/// for a default key. Entries that earlier versions wrote as `<namespace>.<key>` are still
/// read as that namespace's, and copied over by its first write. Writes are coalesced and
/// followed by `synchronize()`, because on Linux `UserDefaults` loses every write that is not
/// synchronised.
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

    /// What every entry of a namespace other than `.default` starts with; refused as the start
    /// of a default key.
    static let reservedPrefix = "keel-namespace:"

    /// The entry-name prefix of `namespace`'s keys: none for `.default`, else the reserved prefix
    /// and the namespace's UTF-8 in hexadecimal (so it ends at the first ":" after the prefix).
    private func prefix(_ namespace: StoreNamespace) -> String {
        namespace == .default ? "" : Self.reservedPrefix + Hex.encode(namespace.rawValue.utf8) + ":"
    }

    func validate(key name: String, in namespace: StoreNamespace) throws {
        if namespace == .default, name.hasPrefix(Self.reservedPrefix) {
            throw StoreError.invalidName(
                name,
                reason: "default keys cannot start with '\(Self.reservedPrefix)' (reserved for namespaces)")
        }
    }

    private var persisted: [String: Any] {
        defaults.defaults.persistentDomain(forName: domain) ?? [:]
    }

    func namespaces() throws -> [StoreNamespace] {
        [.default]
    }

    /// The entry marking a domain that holds no entries of earlier versions' layout: written
    /// by the first commit to a domain without dotted entry names, so entries written later
    /// (dotted default keys included) are never taken for an earlier version's.
    private static let domainMarker = reservedPrefix

    /// Whether `namespace` may still have entries of the earlier layout (`<namespace>.<key>`) to
    /// read: neither the domain nor the namespace is marked as past them.
    private func readsLegacy(_ namespace: StoreNamespace, in persisted: [String: Any]) -> Bool {
        namespace != .default && persisted[Self.domainMarker] == nil && persisted[prefix(namespace)] == nil
    }

    /// The earlier layout's entries of `namespace` (`<namespace>.<key>`), by key.
    private func legacyMembers(_ namespace: StoreNamespace, in persisted: [String: Any]) -> [String: Data] {
        let legacy = namespace.rawValue + "."
        var members: [String: Data] = [:]
        for (key, value) in persisted where key.hasPrefix(legacy) && key.utf8.count > legacy.utf8.count {
            if let fragment = Self.fragment(stored: value) {
                members[String(key.dropFirst(legacy.count))] = fragment
            }
        }
        return members
    }

    func load(_ namespace: StoreNamespace) throws -> [String: Data] {
        let prefix = prefix(namespace)
        let persisted = persisted
        var members: [String: Data] = [:]
        for (key, value) in persisted where key.hasPrefix(prefix) {
            if namespace == .default, key.hasPrefix(Self.reservedPrefix) { continue }
            let name = String(key.dropFirst(prefix.count))
            // The empty name is the namespace's marker (keys are never empty).
            if !name.isEmpty, let fragment = Self.fragment(stored: value) { members[name] = fragment }
        }
        if readsLegacy(namespace, in: persisted) {
            for (name, fragment) in legacyMembers(namespace, in: persisted) where members[name] == nil {
                members[name] = fragment
            }
        }
        return members
    }

    /// A stored entry as a JSON fragment: Keel's JSON `Data`, or a value written by plain
    /// `UserDefaults` code (kept readable); `nil` for anything else.
    private static func fragment(stored value: Any) -> Data? {
        if let data = value as? Data, (try? JSONObjectScanner.validateFragment(data)) != nil { return data }
        return fragment(fromPropertyList: value)
    }

    func commit(_ namespace: StoreNamespace, changes: [String: Data?]) throws -> [String: Data] {
        let prefix = prefix(namespace)
        let persisted = persisted
        if persisted[Self.domainMarker] == nil,
            !persisted.keys.contains(where: { !$0.hasPrefix(Self.reservedPrefix) && $0.contains(".") })
        {
            // Nothing here can be an earlier version's entry: say so before any dotted key lands.
            defaults.defaults.set(Data("2".utf8), forKey: Self.domainMarker)
        } else if readsLegacy(namespace, in: persisted) {
            // First write to this namespace since the layout changed: move its earlier entries
            // over (left in place: they may as well be default keys), then mark it moved.
            for (name, fragment) in legacyMembers(namespace, in: persisted)
            where persisted[prefix + name] == nil {
                defaults.defaults.set(fragment, forKey: prefix + name)
            }
            defaults.defaults.set(Data("true".utf8), forKey: prefix)
        }
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
