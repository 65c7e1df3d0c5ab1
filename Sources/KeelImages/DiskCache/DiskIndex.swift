import Foundation

/// The disk cache's own record of its entries: size, last access and expiry per file.
///
/// File dates are not used: Linux ignores attempts to set creation dates and `noatime`
/// mounts never update access dates. The index is advisory — the entry files decide what
/// exists — so a lost or corrupt index costs only recency information, and it is rebuilt
/// from the directory.
struct DiskIndex: Equatable {
    struct Record: Equatable {
        /// Bytes on disk (header included).
        var size: Int
        /// Last access, milliseconds since 1970.
        var accessed: Int64
        /// Expiry, milliseconds since 1970 (`Int64.max`: never).
        var expires: Int64
    }

    /// Version 2: entries carry the key's hash, not the key. A version-1 index (entries that
    /// store the URL in plaintext) is recognised by ``legacyHeader`` and its cache emptied.
    static let header = "keel-image-index 2"
    static let legacyHeader = "keel-image-index 1"

    /// The largest entry size an index line may state (1 TiB). A larger one is a corrupt or
    /// hostile index: it is rejected, and the index rebuilt from the files, so no sum of
    /// sizes can overflow.
    static let maximumRecordSize = 1 << 40

    var records: [String: Record] = [:]
    /// The sum of the record sizes, saturating at `Int.max` (sizes also come from `stat`, which
    /// a sparse file can make huge).
    var totalSize: Int { records.values.reduce(0) { $0.addingSaturated($1.size) } }

    /// The text form: a header line, then `<name> <size> <accessed> <expires>` per entry.
    func serialized() -> Data {
        var text = Self.header + "\n"
        for (name, record) in records.sorted(by: { $0.key < $1.key }) {
            text += "\(name) \(record.size) \(record.accessed) \(record.expires)\n"
        }
        return Data(text.utf8)
    }

    /// Parses the text form; throws `ImageDiskCacheError/corruptIndex(file:line:reason:)`
    /// naming the first bad line.
    static func parse(_ data: Data, file: String) throws -> DiskIndex {
        func fail(_ line: Int, _ reason: String) -> ImageDiskCacheError {
            .corruptIndex(file: file, line: line, reason: reason)
        }
        guard let text = String(data: data, encoding: .utf8) else { throw fail(1, "not UTF-8") }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        if lines.first.map(String.init) == legacyHeader { throw LegacyIndex() }
        guard lines.first.map(String.init) == header else {
            throw fail(1, "missing header \(header.debugDescription)")
        }
        var index = DiskIndex()
        for (offset, line) in lines.enumerated().dropFirst() {
            let fields = line.split(separator: " ")
            guard fields.count == 4 else {
                throw fail(offset + 1, "expected 4 fields, found \(fields.count)")
            }
            let name = String(fields[0])
            guard isEntryName(name) else { throw fail(offset + 1, "bad entry name \(name.debugDescription)") }
            guard let size = Int(fields[1]), size >= 0, let accessed = Int64(fields[2]),
                let expires = Int64(fields[3])
            else { throw fail(offset + 1, "bad number") }
            guard size <= maximumRecordSize else {
                throw fail(offset + 1, "entry size \(size) exceeds \(maximumRecordSize)")
            }
            index.records[name] = Record(size: size, accessed: accessed, expires: expires)
        }
        return index
    }

    /// Whether `name` is an entry file name: 64 lowercase hex digits (a SHA-256).
    static func isEntryName(_ name: String) -> Bool {
        name.utf8.count == 64
            && name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}

/// Thrown by ``DiskIndex/parse(_:file:)`` for a version-1 index: its entries store their keys
/// (URLs, query tokens included) in plaintext, so the cache discards them.
struct LegacyIndex: Error {}

extension Int {
    /// `self + other`, clamped to `Int.min...Int.max` instead of trapping.
    func addingSaturated(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }

    /// `self - other`, clamped to `Int.min...Int.max` instead of trapping.
    func subtractingSaturated(_ other: Int) -> Int {
        let (difference, overflow) = subtractingReportingOverflow(other)
        return overflow ? (other > 0 ? .min : .max) : difference
    }
}
