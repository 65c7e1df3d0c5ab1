import Foundation
import KeelSupport

/// The image cache's entry files: `DiskStoreEntry`s with the magic `KIMG`, carrying the
/// SHA-256 of the key (the request URL). The layout is the one version 2 of the image cache
/// wrote (now with a checksum over the whole file), and version-2 files are still read, so
/// caches written before the shared engine keep their entries.
enum DiskEntry {
    /// The file bytes of an entry for `key`.
    static func encode(_ payload: Data, key: String, expiresAt: Int64) -> Data {
        DiskStoreEntry.encode(
            payload, digest: SHA256.hash(key.utf8), expiresAt: expiresAt,
            magic: ImageDiskCache.format.entryMagic)
    }

    /// Validates the whole file and returns its payload and expiry, or throws
    /// `ImageDiskCacheError/corruptEntry(key:reason:)` saying what is wrong with it.
    static func decode(_ file: Data, key: String) throws -> (payload: Data, expiresAt: Int64) {
        do {
            return try DiskStoreEntry.decode(
                file, digest: SHA256.hash(key.utf8), magic: ImageDiskCache.format.entryMagic)
        } catch let invalid as DiskStoreEntry.Invalid {
            throw ImageDiskCacheError.corruptEntry(key: key, reason: invalid.reason)
        }
    }
}
