import Foundation
import KeelSupport

/// The image cache's index file as it is spelled on disk: `DiskStoreIndex` in the image
/// format (`keel-image-index 2`, entries of the one namespace `entries` named by file name
/// alone). A version-1 index (whose entries stored the URL in plaintext) empties the cache.
struct DiskIndex: Equatable {
    typealias Record = DiskStoreIndex.Record

    /// The largest entry size an index line may state (1 TiB).
    static let maximumRecordSize = DiskStoreIndex.maximumRecordSize

    /// Records by entry file name.
    var records: [String: Record] = [:]

    /// The sum of the record sizes, saturating at `Int.max`.
    var totalSize: Int { store.totalSize }

    /// The text form.
    func serialized() -> Data { store.serialized(format: ImageDiskCache.format) }

    /// Parses the text form; throws `ImageDiskCacheError/corruptIndex(file:line:reason:)`
    /// naming the first bad line.
    static func parse(_ data: Data, file: String) throws -> DiskIndex {
        let parsed = try DiskStoreIndex.parse(data, file: file, format: ImageDiskCache.format)
        let prefix = ImageDiskCache.format.defaultNamespace.name + "/"
        var index = DiskIndex()
        for (path, record) in parsed.records {
            index.records[String(path.dropFirst(prefix.count))] = record
        }
        return index
    }

    /// Whether `name` is an entry file name: 64 lowercase hex digits (a SHA-256).
    static func isEntryName(_ name: String) -> Bool { DiskStoreIndex.isEntryName(name) }

    private var store: DiskStoreIndex {
        let prefix = ImageDiskCache.format.defaultNamespace.name + "/"
        return DiskStoreIndex(records: Dictionary(records.map { (prefix + $0.key, $0.value) }) { $1 })
    }
}
