import Foundation

/// Problems a ``DiskStore`` meets. Reads never throw them: a corrupt entry is removed and
/// reported as a miss, a corrupt index is rebuilt from the folders.
package enum DiskStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An entry file failed validation (it has been removed).
    case corruptEntry(key: String, reason: String)
    /// The index file could not be parsed at `line` (it has been rebuilt from the entries).
    case corruptIndex(file: String, line: Int, reason: String)
    /// A file operation failed.
    case ioFailed(path: String, reason: String)

    /// A sentence naming what was wrong and where.
    package var description: String {
        switch self {
        case .corruptEntry(let key, let reason): return "corrupt disk-cache entry for \(key): \(reason)"
        case .corruptIndex(let file, let line, let reason):
            return "corrupt disk-cache index \(file):\(line): \(reason)"
        case .ioFailed(let path, let reason): return "disk-cache I/O failed at \(path): \(reason)"
        }
    }
}
