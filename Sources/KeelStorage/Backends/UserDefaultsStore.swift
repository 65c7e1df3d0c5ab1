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

    /// A store in `defaults`, whose persistent domain is `domain` (tests inject a `UserDefaults`
    /// subclass that refuses to synchronise).
    package init(
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
        if namespace == .default, name.utf8.starts(with: Self.reservedPrefix.utf8) {
            throw StoreError.invalidName(
                name,
                reason: "default keys cannot start with '\(Self.reservedPrefix)' (reserved for namespaces)")
        }
    }

    private var persisted: [String: Any] {
        defaults.defaults.persistentDomain(forName: domain) ?? [:]
    }

    /// `.default`, every namespace with an entry in this layout, and the metadata namespace
    /// (the schema version) when an earlier version's layout holds it.
    func namespaces() throws -> [StoreNamespace] {
        var found: Set<StoreNamespace> = [.default]
        let reserved = Array(Self.reservedPrefix.utf8)
        let persisted = persisted
        for key in persisted.keys where key.utf8.starts(with: reserved) {
            let rest = key.utf8.dropFirst(reserved.count)
            guard let colon = rest.firstIndex(of: UInt8(ascii: ":")),
                let bytes = Hex.decode(String(decoding: rest[..<colon], as: UTF8.self)),
                let name = StrictUTF8.string(bytes), !name.isEmpty
            else { continue }
            found.insert(StoreNamespace(rawValue: name))
        }
        let metadata = StoreNamespace.keelMetadata
        if !found.contains(metadata), !legacyMembers(metadata, in: persisted).isEmpty {
            found.insert(metadata)
        }
        return found.sorted { $0.rawValue < $1.rawValue }
    }

    /// The entry marking a domain past the earlier layout: written by the domain's first
    /// commit, holding the names (a JSON array) that were there then. Only those can be an
    /// earlier version's `<namespace>.<key>` entries; a dotted default key written later never
    /// is (before the marker, every dotted name may be).
    private static let domainMarker = reservedPrefix

    /// The names that may be earlier-layout entries: the marker's list, or every dotted name
    /// (not this layout's) while there is no marker.
    private func legacyNames(in persisted: [String: Any]) -> Set<String> {
        if let marker = persisted[Self.domainMarker] {
            guard let data = marker as? Data, let names = try? JSONDecoder().decode([String].self, from: data)
            else { return [] }
            return Set(names)
        }
        return Set(persisted.keys.filter { Self.mayBeLegacy($0) })
    }

    /// Whether `key` has the earlier layout's shape: dotted, and not this layout's.
    private static func mayBeLegacy(_ key: String) -> Bool {
        key.utf8.contains(UInt8(ascii: ".")) && !key.utf8.starts(with: reservedPrefix.utf8)
    }

    /// Whether `namespace` may still have entries of the earlier layout (`<namespace>.<key>`) to
    /// read: it has not been written in this layout yet.
    private func readsLegacy(_ namespace: StoreNamespace, in persisted: [String: Any]) -> Bool {
        namespace != .default && persisted[prefix(namespace)] == nil
    }

    /// The earlier layout's entries of `namespace` (`<namespace>.<key>`), by key: only names that
    /// may be earlier-layout entries (``legacyNames(in:)``). Cut by UTF-8 bytes, so a key that
    /// starts with a combining mark is kept whole.
    private func legacyMembers(_ namespace: StoreNamespace, in persisted: [String: Any]) -> [String: Data] {
        let legacy = Array((namespace.rawValue + ".").utf8)
        var members: [String: Data] = [:]
        for name in legacyNames(in: persisted)
        where name.utf8.starts(with: legacy) && name.utf8.count > legacy.count {
            if let value = persisted[name], let fragment = Self.fragment(stored: value) {
                members[String(decoding: name.utf8.dropFirst(legacy.count), as: UTF8.self)] = fragment
            }
        }
        return members
    }

    func load(_ namespace: StoreNamespace) throws -> [String: Data] {
        let prefix = Array(prefix(namespace).utf8)
        let reserved = Array(Self.reservedPrefix.utf8)
        let persisted = persisted
        // Earlier-layout entries are the namespaces' data, not default keys (as before).
        let legacy = namespace == .default ? legacyNames(in: persisted) : []
        var members: [String: Data] = [:]
        for (key, value) in persisted where key.utf8.starts(with: prefix) {
            if namespace == .default, key.utf8.starts(with: reserved) || legacy.contains(key) { continue }
            // By UTF-8 bytes: `hasPrefix` compares characters, and a name starting with a
            // combining mark joins the prefix's ":" into one.
            let name = String(decoding: key.utf8.dropFirst(prefix.count), as: UTF8.self)
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

    /// Whether the caller already holds the domain's commit lock (inside ``exclusively(_:)``).
    var holdsLock = false

    func commit(_ namespace: StoreNamespace, changes: [String: Data?]) throws -> [String: Data] {
        // One commit at a time per domain in this process: two instances moving a namespace's
        // earlier entries over could otherwise copy an old value over the other's new one.
        try withCommitLock { try commitLocked(namespace, changes: changes) }
    }

    private func withCommitLock<T>(_ body: () throws -> T) throws -> T {
        if holdsLock { return try body() }
        return try Self.commitLock(for: domain).withLock(body)
    }

    func exclusively<T>(_ body: (any StorePersistence) throws -> T) throws -> T {
        var locked = self
        locked.holdsLock = true
        return try withCommitLock { try body(locked) }
    }

    /// Locks by domain, shared by every instance in the process.
    private static let commitLocks = Locked<[String: Locked<Void>]>([:])

    private static func commitLock(for domain: String) -> Locked<Void> {
        commitLocks.withLock { locks in
            if let lock = locks[domain] { return lock }
            let lock = Locked<Void>(())
            locks[domain] = lock
            return lock
        }
    }

    private func commitLocked(_ namespace: StoreNamespace, changes: [String: Data?]) throws -> [String: Data]
    {
        _ = try apply(changes, to: namespace)
        guard defaults.defaults.synchronize() else {
            throw StoreError.writeFailed(file: location(of: namespace), reason: "synchronize() failed")
        }
        return try load(namespace)
    }

    /// Sets `changes` (and, on a namespace's first write, the layout's bookkeeping) in the
    /// defaults without synchronising; returns every entry name set or removed.
    private func apply(_ changes: [String: Data?], to namespace: StoreNamespace) throws -> Set<String> {
        let prefix = prefix(namespace)
        let persisted = persisted
        var touched: Set<String> = []
        if persisted[Self.domainMarker] == nil {
            // The domain's first commit: freeze which names may be earlier-layout entries
            // before any new dotted key lands.
            let names = persisted.keys.filter { Self.mayBeLegacy($0) }.sorted()
            defaults.defaults.set(try JSONEncoder().encode(names), forKey: Self.domainMarker)
            touched.insert(Self.domainMarker)
        }
        if readsLegacy(namespace, in: persisted) {
            // First write to this namespace since the layout changed: move its earlier entries
            // over (left in place, hidden from `.default`), then mark it moved. Each copy reads
            // the live entry, never one a concurrent commit has since written.
            for (name, fragment) in legacyMembers(namespace, in: self.persisted)
            where defaults.defaults.object(forKey: prefix + name) == nil {
                defaults.defaults.set(fragment, forKey: prefix + name)
                touched.insert(prefix + name)
            }
            defaults.defaults.set(Data("true".utf8), forKey: prefix)
            touched.insert(prefix)
        }
        for (name, fragment) in changes {
            if let fragment {
                defaults.defaults.set(fragment, forKey: prefix + name)
            } else {
                defaults.defaults.removeObject(forKey: prefix + name)
            }
            touched.insert(prefix + name)
        }
        return touched
    }

    /// Puts the entries `touched` back as `before` held them (removing those it did not hold)
    /// and synchronises; the text to add to the failure's reason.
    private func undo(_ touched: Set<String>, _ before: [String: Any]) -> String {
        for name in touched {
            if let old = before[name] {
                defaults.defaults.set(old, forKey: name)
            } else {
                defaults.defaults.removeObject(forKey: name)
            }
        }
        return defaults.defaults.synchronize()
            ? "; the changes were undone"
            : "; the changes were undone in memory, but synchronising that failed too"
    }

    /// Replaces the namespaces as one change: every namespace's entries are set first (staged
    /// in the defaults' memory), then synchronised once. When that fails, every entry set is
    /// put back as it was (and synchronised): nothing is replaced, never some namespaces.
    func replace(_ namespaces: [(StoreNamespace, [String: Data])]) throws {
        try withCommitLock {
            // Each namespace used to be committed and synchronised in turn: a failure after the
            // first left those before it migrated and the version not.
            let before = persisted
            var touched: Set<String> = []
            for (namespace, members) in namespaces {
                let existing = try load(namespace)
                var changes: [String: Data?] = [:]
                for name in existing.keys where members[name] == nil { changes[name] = .some(nil) }
                for (name, fragment) in members { changes[name] = fragment }
                do {
                    touched.formUnion(try apply(changes, to: namespace))
                } catch {
                    let reason = "\(error)" + undo(touched, before)
                    throw StoreError.writeFailed(file: location(of: namespace), reason: reason)
                }
            }
            guard defaults.defaults.synchronize() else {
                throw StoreError.writeFailed(
                    file: location(of: namespaces.last?.0 ?? .default),
                    reason: "synchronize() failed" + undo(touched, before))
            }
        }
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
