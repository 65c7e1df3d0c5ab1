import Foundation

/// One versioned change of a store's schema: an ordered list of steps that bring the store to
/// `version`. See ``KeyValueStore/migrate(_:)``.
///
/// ```swift
/// let migrations = [
///     StoreMigration(version: 2, steps: [.rename("onboarded", to: "hasShownGuide")]),
///     StoreMigration(version: 3, steps: [
///         .changeType(of: "fontSize", from: String.self, to: Double.self) { Double($0) ?? 17 },
///     ]),
/// ]
/// try store.migrate(migrations)
/// ```
public struct StoreMigration: Sendable {
    /// One step of a migration.
    public struct Step: Sendable {
        /// The step's name, reported when it fails.
        package let name: String
        let apply: @Sendable (inout MigrationContext) throws -> Void

        /// A step running `body`.
        public static func custom(
            _ name: String, _ body: @escaping @Sendable (inout MigrationContext) throws -> Void
        )
            -> Step
        {
            Step(name: name, apply: body)
        }

        /// Renames a key (no effect when the old key is absent; replaces an existing new key).
        public static func rename(_ old: String, to new: String, in namespace: StoreNamespace = .default)
            -> Step
        {
            custom("rename \(old) to \(new)") { context in
                guard let fragment = context.namespaces[namespace]?[old] else { return }
                context.namespaces[namespace]?[old] = nil
                context.namespaces[namespace, default: [:]][new] = fragment
            }
        }

        /// Converts a key's value from `Old` to `New` (no effect when absent).
        public static func changeType<Old: Codable & Sendable, New: Codable & Sendable>(
            of key: String,
            in namespace: StoreNamespace = .default,
            from old: Old.Type,
            to new: New.Type,
            _ transform: @escaping @Sendable (Old) throws -> New
        ) -> Step {
            custom("change type of \(key) from \(Old.self) to \(New.self)") { context in
                guard let value = try context.value(forKey: key, in: namespace, as: Old.self) else { return }
                try context.set(try transform(value), forKey: key, in: namespace)
            }
        }
    }

    /// The version the store has after this migration.
    package let version: Int
    /// The steps, in order.
    package let steps: [Step]

    /// Creates a migration to `version`.
    public init(version: Int, steps: [Step]) {
        self.version = version
        self.steps = steps
    }
}

/// The data a migration step reads and changes: a working copy of every namespace. Nothing is
/// written unless every step of every pending migration succeeds.
public struct MigrationContext: Sendable {
    /// Every namespace's members as raw JSON.
    package var namespaces: [StoreNamespace: [String: Data]]

    /// The value under `key`, decoded as `Value`, or `nil` when absent.
    public func value<Value: Decodable>(
        forKey key: String, in namespace: StoreNamespace = .default, as type: Value.Type
    )
        throws -> Value?
    {
        guard let fragment = namespaces[namespace]?[key] else { return nil }
        let decoder = StoreCoding.makeDecoder()
        do {
            return try decoder.decode(type, from: fragment)
        } catch {
            throw StoreError.typeMismatch(
                key: key, file: namespace.rawValue, reason: StoreEngine.describe(error))
        }
    }

    /// Stores `value` under `key`.
    public mutating func set<Value: Encodable>(
        _ value: Value, forKey key: String, in namespace: StoreNamespace = .default
    )
        throws
    {
        let encoder = StoreCoding.makeEncoder()
        do {
            namespaces[namespace, default: [:]][key] = try encoder.encode(value)
        } catch {
            throw StoreError.encodingFailed(key: key, reason: StoreEngine.describeEncoding(error))
        }
    }

    /// Removes `key`.
    public mutating func removeValue(forKey key: String, in namespace: StoreNamespace = .default) {
        namespaces[namespace]?[key] = nil
    }

    /// The keys of `namespace`, sorted.
    public func keys(in namespace: StoreNamespace = .default) -> [String] {
        namespaces[namespace]?.keys.sorted() ?? []
    }
}

/// What ``KeyValueStore/migrate(_:)`` did.
public struct MigrationReport: Sendable, Equatable {
    /// The version before.
    public let fromVersion: Int
    /// The version after.
    public let toVersion: Int
    /// The versions of the migrations that ran, in order (empty when already current).
    public let applied: [Int]

    /// Creates a report.
    package init(fromVersion: Int, toVersion: Int, applied: [Int]) {
        self.fromVersion = fromVersion
        self.toVersion = toVersion
        self.applied = applied
    }
}

extension StoreNamespace {
    /// Keel's own bookkeeping (the store's schema version).
    package static let keelMetadata: StoreNamespace = "keel-metadata"
}

extension StoreEngine {
    private static let versionKey = "storeVersion"

    /// Runs the migrations newer than the stored version, all or nothing.
    func migrate(_ migrations: [StoreMigration]) throws -> MigrationReport {
        let ordered = migrations.sorted { $0.version < $1.version }
        for (previous, next) in zip(ordered, ordered.dropFirst()) where previous.version == next.version {
            throw StoreError.migrationFailed(
                version: next.version, step: "-",
                reason: "two migrations to this version; nothing was changed")
        }
        var report: MigrationReport?
        var target = 0
        do {
            try transact { snapshot in
                var context = MigrationContext(namespaces: snapshot)
                let current = try context.value(forKey: Self.versionKey, in: .keelMetadata, as: Int.self) ?? 0
                let pending = ordered.filter { $0.version > current }
                guard let last = pending.last else {
                    report = MigrationReport(fromVersion: current, toVersion: current, applied: [])
                    return []
                }
                target = last.version
                for migration in pending {
                    for step in migration.steps {
                        do {
                            try step.apply(&context)
                        } catch {
                            throw StoreError.migrationFailed(
                                version: migration.version, step: step.name,
                                reason: "\(error); nothing was changed")
                        }
                    }
                }
                try context.set(target, forKey: Self.versionKey, in: .keelMetadata)
                // Data first, the version last: everything is written before any file is
                // replaced, and the version is the last one replaced.
                var changed: [(StoreNamespace, [String: Data])] = []
                for (namespace, members) in context.namespaces where namespace != .keelMetadata {
                    if snapshot[namespace] != members { changed.append((namespace, members)) }
                }
                for namespace in snapshot.keys where context.namespaces[namespace] == nil {
                    changed.append((namespace, [:]))
                }
                changed.sort { $0.0.rawValue < $1.0.rawValue }
                changed.append((.keelMetadata, context.namespaces[.keelMetadata] ?? [:]))
                report = MigrationReport(
                    fromVersion: current, toVersion: target, applied: pending.map(\.version))
                return changed
            }
        } catch let partial as PartialReplaceFailure {
            let names = partial.replaced.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            throw StoreError.migrationFailed(
                version: target, step: "write",
                reason:
                    "\(partial.failure); namespaces \(names) were already replaced with migrated data but the version was not written"
            )
        }
        guard let report else { preconditionFailure("transact returned without running the migration") }
        return report
    }
}
