import Foundation

/// A ``DiskStore``'s own record of its entries: size, last access and expiry per file.
///
/// File dates are not used: Linux ignores attempts to set creation dates and `noatime`
/// mounts never update access dates. The index is advisory — the entry files decide what
/// exists — so a lost or corrupt index costs only recency information, and it is rebuilt
/// from the folders.
///
/// Records are keyed by the entry's path below the store's folder, `<namespace>/<name>`.
/// The text form writes entries of the format's default namespace by name alone (so the
/// image cache's index, which had a single namespace, keeps its spelling) and others as
/// `<namespace>/<name>`.
package struct DiskStoreIndex: Equatable, Sendable {
    /// One entry's record.
    package struct Record: Equatable, Sendable {
        /// Bytes on disk (header included).
        package var size: Int
        /// Last access, milliseconds since 1970.
        package var accessed: Int64
        /// Expiry, milliseconds since 1970 (`Int64.max`: never).
        package var expires: Int64

        /// Creates a record.
        package init(size: Int, accessed: Int64, expires: Int64) {
            self.size = size
            self.accessed = accessed
            self.expires = expires
        }
    }

    /// Thrown by ``parse(_:file:format:)`` for an index in one of the format's legacy versions:
    /// the store discards every entry.
    package struct Legacy: Error {}

    /// The largest entry size an index line may state (1 TiB). A larger one is a corrupt or
    /// hostile index: it is rejected, and the index rebuilt from the files, so no sum of
    /// sizes can overflow.
    package static let maximumRecordSize = 1 << 40

    /// Records by `<namespace>/<name>`.
    package var records: [String: Record] = [:]

    /// An empty index, or one holding `records`.
    package init(records: [String: Record] = [:]) {
        self.records = records
    }

    /// The sum of the record sizes, saturating at `Int.max` (sizes also come from `stat`, which
    /// a sparse file can make huge).
    package var totalSize: Int { records.values.reduce(0) { $0.addingSaturated($1.size) } }

    /// The text form: the format's header line, then `<entry> <size> <accessed> <expires>` per
    /// entry.
    package func serialized(format: DiskStore.Format) -> Data {
        let defaultPrefix = format.defaultNamespace.name + "/"
        var text = format.indexHeader + "\n"
        for (path, record) in records.sorted(by: { $0.key < $1.key }) {
            let entry = path.hasPrefix(defaultPrefix) ? String(path.dropFirst(defaultPrefix.count)) : path
            text += "\(entry) \(record.size) \(record.accessed) \(record.expires)\n"
        }
        return Data(text.utf8)
    }

    /// Parses the text form; throws ``DiskStoreError/corruptIndex(file:line:reason:)`` naming
    /// the first bad line, or ``Legacy`` for an index of a legacy version.
    package static func parse(_ data: Data, file: String, format: DiskStore.Format) throws -> DiskStoreIndex {
        func fail(_ line: Int, _ reason: String) -> DiskStoreError {
            .corruptIndex(file: file, line: line, reason: reason)
        }
        guard let text = String(data: data, encoding: .utf8) else { throw fail(1, "not UTF-8") }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        if let first = lines.first.map(String.init), format.legacyIndexHeaders.contains(first) {
            throw Legacy()
        }
        guard lines.first.map(String.init) == format.indexHeader else {
            throw fail(1, "missing header \(format.indexHeader.debugDescription)")
        }
        var index = DiskStoreIndex()
        for (offset, line) in lines.enumerated().dropFirst() {
            let fields = line.split(separator: " ")
            guard fields.count == 4 else {
                throw fail(offset + 1, "expected 4 fields, found \(fields.count)")
            }
            let entry = fields[0].split(separator: "/", omittingEmptySubsequences: false)
            let namespace = entry.count == 2 ? DiskStore.Namespace(String(entry[0])) : format.defaultNamespace
            let name = String(entry[entry.count - 1])
            guard entry.count <= 2, let namespace, isEntryName(name) else {
                throw fail(offset + 1, "bad entry name \(String(fields[0]).debugDescription)")
            }
            guard let size = Int(fields[1]), size >= 0, let accessed = Int64(fields[2]),
                let expires = Int64(fields[3])
            else { throw fail(offset + 1, "bad number") }
            guard size <= maximumRecordSize else {
                throw fail(offset + 1, "entry size \(size) exceeds \(maximumRecordSize)")
            }
            index.records[namespace.name + "/" + name] = Record(
                size: size, accessed: accessed, expires: expires)
        }
        return index
    }

    /// Whether `name` is an entry file name: 64 lowercase hex digits (a SHA-256).
    package static func isEntryName(_ name: String) -> Bool {
        name.utf8.count == 64
            && name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}

extension Int {
    /// `self + other`, clamped to `Int.min...Int.max` instead of trapping.
    package func addingSaturated(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }

    /// `self - other`, clamped to `Int.min...Int.max` instead of trapping.
    package func subtractingSaturated(_ other: Int) -> Int {
        let (difference, overflow) = subtractingReportingOverflow(other)
        return overflow ? (other > 0 ? .min : .max) : difference
    }
}
