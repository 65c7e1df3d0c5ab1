import Foundation

extension DiskStore {
    /// A user's part of the store: its own folder under the store's.
    package struct Namespace: Hashable, Sendable {
        /// The folder name: 1 to 80 of `a-z`, `0-9`, `-`, `_`; never `index` or `lock`.
        package let name: String

        /// The namespace called `name`; `nil` when the name is not a valid folder name.
        package init?(_ name: String) {
            let bytes = name.utf8
            guard (1...80).contains(bytes.count), name != "index", name != "lock",
                bytes.allSatisfy({
                    (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D || $0 == 0x5F
                })
            else { return nil }
            self.name = name
        }
    }

    /// What a store's files look like: its index header, the entry magic and the namespace
    /// written without a prefix in the index.
    package struct Format: Sendable {
        /// The index file's first line (`keel-image-index 2`).
        package var indexHeader: String
        /// First lines of older index versions whose stores are emptied on open.
        package var legacyIndexHeaders: [String]
        /// The first four bytes of every entry file.
        package var entryMagic: [UInt8]
        /// The namespace whose entries the index names without a prefix and whose file names
        /// are the unsalted key hash; its folder is created on open.
        package var defaultNamespace: Namespace
        /// The file in the store's folder that instances `flock` while they rewrite the index or
        /// sweep (`lock` for the image cache, whose earlier versions lock it too); `nil` locks
        /// the folder itself, so the store leaves no file behind when it holds no entry.
        package var lockFile: String?

        /// Creates a format (`entryMagic` must be four bytes).
        package init(
            indexHeader: String, legacyIndexHeaders: [String] = [], entryMagic: String,
            defaultNamespace: Namespace, lockFile: String? = nil
        ) {
            precondition(entryMagic.utf8.count == 4, "an entry magic is four bytes")
            self.indexHeader = indexHeader
            self.legacyIndexHeaders = legacyIndexHeaders
            self.entryMagic = Array(entryMagic.utf8)
            self.defaultNamespace = defaultNamespace
            self.lockFile = lockFile
        }
    }

    /// Limits and expiry.
    package struct Configuration: Sendable {
        /// The size in bytes above which a sweep runs; a larger entry is not written.
        package var sizeLimit: Int
        /// A sweep deletes entries until the size is at most `sizeLimit × trimRatio`.
        package var trimRatio: Double
        /// How long entries live by default; `nil` for no expiry.
        package var expiry: Duration?
        /// Writes between index writes.
        package var indexWriteInterval: Int

        /// Creates a configuration (values clamped to their ranges; a NaN `trimRatio` is 1, a
        /// sweep trimming to the limit, where it used to reach the sweep and trap converting
        /// the target size to `Int`).
        package init(sizeLimit: Int, trimRatio: Double, expiry: Duration?, indexWriteInterval: Int) {
            self.sizeLimit = max(0, sizeLimit)
            self.trimRatio = trimRatio.isNaN ? 1 : min(max(trimRatio, 0), 1)
            self.expiry = expiry
            self.indexWriteInterval = max(1, indexWriteInterval)
        }
    }

    /// What the store did on its own, for its owner's log.
    package enum Event: Sendable, Equatable {
        /// An entry failed validation and was deleted.
        case removedEntry(DiskStoreError)
        /// The index was corrupt and has been rebuilt from the folders.
        case rebuiltIndex(DiskStoreError)
        /// An index of a legacy version was found: every entry was deleted.
        case discardedLegacyStore(path: String)
        /// A write's entry was stored, but the sweep or index write after it failed (the write
        /// still succeeded; a later sweep, index write or flush writes the index again).
        case deferredMaintenance(DiskStoreError)
    }
}
