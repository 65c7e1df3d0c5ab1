import Foundation
import KeelSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A key-value store in a directory of JSON files, one per namespace (`<namespace>.json`).
///
/// Writes are coalesced (50 ms by default) and can be forced with ``KeyValueStore/flush()``. Every write
/// replaces the file atomically (temporary file, `fsync`, `rename`) with mode 0600, under an
/// advisory lock, re-reading the file first: two processes writing different keys never lose
/// each other's writes (the same key: the last writer wins). A corrupt file is never replaced:
/// its namespace reports ``StoreError/corruptFile(file:reason:)`` until
/// ``quarantineCorruptNamespace(_:)`` moves it aside. Opening the store removes temporary
/// files a writer killed mid-write left behind. Namespace names containing `.corrupt-` are
/// reserved for quarantined files and rejected with ``StoreError/invalidName(_:reason:)``.
public final class FileStore: EngineBackedStore, @unchecked Sendable {
    private let files: FilePersistence

    /// The folder holding the namespace files.
    package var directory: URL { files.directory }

    /// The Apple data-protection class of the directory (ignored on other platforms).
    package let fileProtection: StoreFileProtection

    /// Opens (creating if needed, mode 0700) the store in `directory`, completing a migration
    /// whose process was killed while it renamed its files into place (from its journal) and
    /// removing temporary files left by a writer that was killed mid-write. An existing
    /// directory loses group and
    /// other permissions; a symbolic link, another user's or a shared (sticky) directory is
    /// refused.
    ///
    /// - Parameters:
    ///   - coalescing: how long changes wait before they are written together.
    ///   - clock: times the coalescing (inject a test clock in tests).
    ///   - fileProtection: the data-protection class on iOS, tvOS, watchOS and visionOS.
    /// - Throws: ``StoreError/writeFailed(file:reason:)`` when the directory cannot be made or
    ///   is refused, or an interrupted migration cannot be completed, naming it and the reason;
    ///   ``StoreError/corruptFile(file:reason:)`` for a migration journal that cannot be read
    ///   (it and the migration's files are left as they are).
    public init(
        directory: URL,
        coalescing: Duration = .milliseconds(50),
        clock: any Clock<Duration> = ContinuousClock(),
        fileProtection: StoreFileProtection = .default
    ) throws {
        try POSIXFile.preparePrivateDirectory(directory)
        try POSIXFile.applyProtection(fileProtection, to: directory)
        self.fileProtection = fileProtection
        files = FilePersistence(directory: directory)
        try files.recoverInterruptedReplace()
        super.init(engine: StoreEngine(persistence: files, coalescing: coalescing, clock: clock))
    }

    /// The file of `namespace`.
    package func fileURL(for namespace: StoreNamespace) -> URL {
        files.url(for: namespace)
    }

    /// Moves a corrupt namespace file aside (`<namespace>.corrupt-<time>.json`) so the
    /// namespace starts empty; returns where the file went, or `nil` when there was no file.
    ///
    /// The move happens under the store's lock, never follows a symbolic link and never
    /// replaces an existing file.
    ///
    /// - Throws: ``StoreError/invalidName(_:reason:)`` for a namespace that is not a plain file
    ///   name (`../victim` would have moved a file outside the store);
    ///   ``StoreError/writeFailed(file:reason:)`` when the move fails or the target exists.
    @discardableResult
    public func quarantineCorruptNamespace(_ namespace: StoreNamespace) throws -> URL? {
        try FilePersistence.validate(namespace)
        let source = files.url(for: namespace)
        // The migration holds the store's lock: taking it again here would wait forever.
        guard !engine.isMigratingOnCurrentThread else {
            throw StoreError.writeFailed(
                file: source.path, reason: "the store is migrating on this thread; nothing was moved")
        }
        let stamp = Int(Date().timeIntervalSince1970 * 1000)
        let target = directory.appendingPathComponent("\(namespace.rawValue).corrupt-\(stamp).json")
        let moved: Bool = try files.withLock {
            var info = stat()
            guard lstat(source.path, &info) == 0 else {
                guard errno == ENOENT else {
                    throw StoreError.writeFailed(file: source.path, reason: POSIXFile.errorText())
                }
                return false
            }
            guard lstat(target.path, &info) != 0, errno == ENOENT else {
                throw StoreError.writeFailed(
                    file: target.path, reason: "the quarantine target already exists; nothing was moved")
            }
            guard rename(source.path, target.path) == 0 else {
                throw StoreError.writeFailed(file: source.path, reason: POSIXFile.errorText())
            }
            return true
        }
        // Changes accepted but not yet written are kept: the next flush writes them to a new
        // file in the quarantined one's place.
        engine.refresh(namespace)
        return moved ? target : nil
    }

    /// Calls `hook` before each rename of a migration's files into place, with the index of the
    /// file about to be renamed (tests): an error it throws leaves the directory as a process
    /// killed at that point would (journal and temporary files kept, nothing cleaned up).
    package func onMigrationRename(_ hook: @escaping @Sendable (Int) throws -> Void) {
        files.renameHook.set(hook)
    }

    /// Re-reads every namespace from disk (to see other processes' writes). Changes this store
    /// accepted but has not written yet are kept and still written by the next flush.
    public func reload() {
        let namespaces = Set((try? files.namespaces()) ?? []).union(engine.cachedNamespaces)
        for namespace in namespaces { engine.refresh(namespace) }
    }
}

/// Namespace files in a directory, written atomically under an advisory lock.
struct FilePersistence: StorePersistence {
    let directory: URL
    /// Called before each rename of ``replace(_:)`` with the index of the file (tests simulate
    /// a killed process by throwing from it); shared by every copy of this persistence.
    let renameHook = Locked<(@Sendable (Int) throws -> Void)?>(nil)
    /// Whether the caller already holds the store's lock (inside ``exclusively(_:)``): `flock`
    /// locks of two descriptors conflict even in one process, so it is not taken again.
    var holdsLock = false

    func url(for namespace: StoreNamespace) -> URL {
        directory.appendingPathComponent("\(namespace.rawValue).json")
    }

    private var lockURL: URL { directory.appendingPathComponent(".keel-store.lock") }

    /// The journal of a ``replace(_:)`` in progress: which temporary file becomes which
    /// namespace's. Written (and `fsync`ed) once every temporary file is, before the first
    /// rename; removed after the last.
    var journalURL: URL { directory.appendingPathComponent(".keel-migration.journal") }

    /// Runs `body` holding the store's lock (as commits do).
    ///
    /// Taking the lock first finishes a migration whose process was killed between its renames
    /// (``replayJournal()``): a store another process had open before that crash used to commit
    /// over the half-renamed state, and the next open renamed the migration's older file over
    /// that commit.
    func withLock<T>(_ body: () throws -> T) throws -> T {
        if holdsLock { return try body() }
        return try POSIXFile.withExclusiveLock(lockURL) {
            try replayJournal()
            return try body()
        }
    }

    func exclusively<T>(_ body: (any StorePersistence) throws -> T) throws -> T {
        var locked = self
        locked.holdsLock = true
        return try withLock { try body(locked) }
    }

    func location(of namespace: StoreNamespace) -> String {
        url(for: namespace).path
    }

    func namespaces() throws -> [StoreNamespace] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw StoreError.readFailed(file: directory.path, reason: error.localizedDescription)
        }
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") && !$0.contains(".corrupt-") }
            .map { StoreNamespace(rawValue: String($0.dropLast(5))) }
    }

    /// Removes `.<namespace>.json.<uuid>.tmp` files (and the journal's own temporary files).
    /// Commits write their temporary files while holding the lock, so under it every such file
    /// belongs to a writer that died. Call holding the lock.
    private func removeStaleTemporaries() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let journalTemporary = "." + journalURL.lastPathComponent + "."
        for name in names
        where Self.isStaleTemporary(name) || (name.hasPrefix(journalTemporary) && name.hasSuffix(".tmp")) {
            unlink(directory.appendingPathComponent(name).path)
        }
    }

    /// Whether `name` is a temporary file of an atomic namespace write.
    static func isStaleTemporary(_ name: String) -> Bool {
        name.hasPrefix(".") && name.hasSuffix(".tmp") && name.contains(".json.")
    }

    func load(_ namespace: StoreNamespace) throws -> [String: Data] {
        try Self.validate(namespace)
        // A migration killed between its renames left its journal: taking the lock finishes it
        // (``withLock(_:)``) before this read, which used to see the half-renamed state in a
        // store opened before the crash. Without a journal, one `access`.
        if !holdsLock, access(journalURL.path, F_OK) == 0 { try withLock {} }
        let file = url(for: namespace)
        guard let data = try POSIXFile.read(file, maximumBytes: Self.maximumFileSize) else { return [:] }
        do {
            return try JSONObjectScanner.members(of: data)
        } catch {
            throw StoreError.corruptFile(file: file.path, reason: "\(error)")
        }
    }

    func commit(_ namespace: StoreNamespace, changes: [String: Data?]) throws -> [String: Data] {
        try withLock {
            var members = try load(namespace)
            for (name, fragment) in changes {
                members[name] = fragment
            }
            try write(members, to: namespace)
            return members
        }
    }

    /// Writes every namespace's new file as a temporary first; only when all are written are
    /// they renamed into place, in order. A failure while writing them (full disk, a namespace
    /// over the size limit) removes the temporaries and changes nothing.
    func replace(_ namespaces: [(StoreNamespace, [String: Data])]) throws {
        for (namespace, _) in namespaces { try Self.validate(namespace) }
        try withLock {
            var temporaries: [(namespace: StoreNamespace, temporary: URL)] = []
            do {
                for (namespace, members) in namespaces {
                    let encoded = try encode(members, for: namespace)
                    temporaries.append(
                        (namespace, try POSIXFile.writeTemporary(encoded, beside: url(for: namespace))))
                }
            } catch {
                for (_, temporary) in temporaries { unlink(temporary.path) }
                throw error
            }
            // A process killed between two renames used to leave some namespaces migrated and
            // the rest (and the version) not: the journal lets the next locked operation (an
            // open, a commit, another process's) finish the renames.
            do {
                let journal = Self.journal(temporaries.map { ($0.namespace, $0.temporary.lastPathComponent) })
                guard journal.count <= Self.maximumJournalSize else {
                    throw StoreError.writeFailed(
                        file: journalURL.path,
                        reason:
                            "a migration of \(temporaries.count) namespaces needs a journal over \(Self.maximumJournalSize) bytes; nothing was changed"
                    )
                }
                try POSIXFile.writeAtomically(journal, to: journalURL)
            } catch {
                for (_, temporary) in temporaries { unlink(temporary.path) }
                throw error
            }
            let hook = renameHook.current
            for (index, (namespace, temporary)) in temporaries.enumerated() {
                try hook?(index)
                do {
                    try POSIXFile.moveTemporary(temporary, to: url(for: namespace))
                } catch let failure as StoreError {
                    // The journal goes first: a crash after the first temporary file went but
                    // before the journal did left a journal whose replay renamed the later files
                    // (the version among them) and skipped this one, a store claiming the new
                    // version with a namespace never migrated.
                    unlink(journalURL.path)
                    POSIXFile.syncDirectory(directory)
                    for (_, rest) in temporaries[index...] { unlink(rest.path) }
                    POSIXFile.syncDirectory(directory)
                    throw PartialReplaceFailure(
                        replaced: temporaries[..<index].map(\.namespace), failure: failure)
                }
            }
            POSIXFile.syncDirectory(directory)
            unlink(journalURL.path)
            POSIXFile.syncDirectory(directory)
        }
    }

    /// The journal's contents: `{"renames":[[namespace, temporary file name], …]}`, in order.
    static func journal(_ renames: [(StoreNamespace, String)]) -> Data {
        let entries = renames.map { JSONValue.array([.string($0.0.rawValue), .string($0.1)]) }
        var object = JSONObject()
        object["renames"] = .array(entries)
        return Data(JSONValue.object(object).encoded(pretty: false).utf8)
    }

    /// The renames a journal lists; `nil` when it is not one this store wrote (a namespace that
    /// is not a plain file name, a file that is not that namespace's temporary file).
    static func renames(inJournal data: Data) -> [(StoreNamespace, String)]? {
        guard let value = try? JSONValue.parse(data), let list = value["renames"]?.arrayValue else {
            return nil
        }
        var renames: [(StoreNamespace, String)] = []
        for entry in list {
            guard let pair = entry.arrayValue, pair.count == 2, let name = pair[0].stringValue,
                let temporary = pair[1].stringValue
            else { return nil }
            let namespace = StoreNamespace(rawValue: name)
            guard (try? validate(namespace)) != nil, !temporary.contains("/"),
                temporary.hasPrefix(".\(name).json."), isStaleTemporary(temporary)
            else { return nil }
            renames.append((namespace, temporary))
        }
        return renames
    }

    /// The largest migration journal written and read: about 300,000 namespaces' names. A
    /// migration that would need more fails before it renames anything.
    static let maximumJournalSize = 64 << 20

    /// Opening the store, under its lock: finishes an interrupted migration (``withLock(_:)``
    /// replays its journal), then removes temporary files of writers killed mid-write. A
    /// migration killed before its journal was written changed nothing, and its temporary
    /// files go.
    ///
    /// - Throws: as ``replayJournal()``.
    func recoverInterruptedReplace() throws {
        try withLock { removeStaleTemporaries() }
    }

    /// Under the store's lock: finishes the renames of a ``replace(_:)`` whose process was
    /// killed after writing its journal (every temporary file it lists that is still there is
    /// renamed into place, in order), then removes the journal. Without a journal, one `stat`.
    ///
    /// - Throws: ``StoreError/corruptFile(file:reason:)`` for a journal this store did not
    ///   write (nothing is touched); ``StoreError/writeFailed(file:reason:)`` when a rename
    ///   fails (the journal stays, so the next locked operation tries again).
    private func replayJournal() throws {
        let journal = journalURL
        guard let data = try POSIXFile.read(journal, maximumBytes: Self.maximumJournalSize) else { return }
        guard let renames = Self.renames(inJournal: data) else {
            throw StoreError.corruptFile(
                file: journal.path,
                reason:
                    "not a migration journal this store wrote; the interrupted migration's files were left as they are"
            )
        }
        for (namespace, name) in renames {
            let temporary = directory.appendingPathComponent(name)
            var info = stat()
            guard lstat(temporary.path, &info) == 0 else { continue }  // already renamed
            try POSIXFile.moveTemporary(temporary, to: url(for: namespace))
        }
        POSIXFile.syncDirectory(directory)
        unlink(journal.path)
        POSIXFile.syncDirectory(directory)
    }

    /// Writes `members` as `namespace`'s file (a commit).
    private func write(_ members: [String: Data], to namespace: StoreNamespace) throws {
        try POSIXFile.writeAtomically(try encode(members, for: namespace), to: url(for: namespace))
    }

    /// `members` as `namespace`'s file contents, unless the file would be larger than
    /// ``maximumFileSize``: never a file the store could not read back (the old one is kept).
    private func encode(_ members: [String: Data], for namespace: StoreNamespace) throws -> Data {
        let encoded = JSONObjectScanner.encode(members)
        guard encoded.count <= Self.maximumFileSize else {
            throw StoreError.writeFailed(
                file: url(for: namespace).path,
                reason:
                    "the namespace would be \(encoded.count) bytes, more than \(Self.maximumFileSize) a store file may hold"
            )
        }
        return encoded
    }

    /// The largest namespace file read (64 MiB): a larger one is
    /// ``StoreError/readFailed(file:reason:)``, never read into memory.
    static let maximumFileSize = 64 << 20

    static func validate(_ namespace: StoreNamespace) throws {
        let name = namespace.rawValue
        guard !name.isEmpty, !name.hasPrefix("."), !name.contains("/"), !name.contains("\u{0}"),
            name.utf8.count <= 200
        else {
            throw StoreError.invalidName(name, reason: "a namespace must be a plain file name")
        }
        guard !name.contains(".corrupt-") else {
            throw StoreError.invalidName(
                name,
                reason: "'.corrupt-' is reserved for quarantined files, which namespaces() does not list")
        }
    }
}
