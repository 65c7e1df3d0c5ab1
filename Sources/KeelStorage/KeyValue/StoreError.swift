/// What went wrong in a key-value store; every case names the file (or suite) and, where
/// there is one, the key.
public enum StoreError: Error, Equatable, CustomStringConvertible {
    /// A namespace file is not valid JSON, or not a JSON object. It is left untouched: the
    /// namespace refuses reads and writes until ``FileStore/quarantineCorruptNamespace(_:)``.
    case corruptFile(file: String, reason: String)
    /// A stored value no longer decodes as the key's type.
    case typeMismatch(key: String, file: String, reason: String)
    /// A value could not be encoded (a non-finite number, say).
    case encodingFailed(key: String, reason: String)
    /// Reading a file or directory failed.
    case readFailed(file: String, reason: String)
    /// Writing failed (read-only directory, full disk); the previous data is intact.
    case writeFailed(file: String, reason: String)
    /// A migration failed. When a step failed, nothing was changed; in the rare case that
    /// writing the migrated files failed after some were renamed into place (step `write`),
    /// `reason` names the namespaces already replaced. A write that fails earlier is
    /// ``writeFailed(file:reason:)`` with nothing changed.
    case migrationFailed(version: Int, step: String, reason: String)
    /// An invalid key or namespace name (empty, or unusable as a file name).
    case invalidName(String, reason: String)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .corruptFile(let file, let reason): "corrupt store file \(file): \(reason)"
        case .typeMismatch(let key, let file, let reason):
            "\(file): value of '\(key)' does not decode: \(reason)"
        case .encodingFailed(let key, let reason): "cannot encode value of '\(key)': \(reason)"
        case .readFailed(let file, let reason): "cannot read \(file): \(reason)"
        case .writeFailed(let file, let reason): "cannot write \(file): \(reason); previous data kept"
        case .migrationFailed(let version, let step, let reason):
            "migration to version \(version) failed at step '\(step)': \(reason)"
        case .invalidName(let name, let reason): "invalid name '\(name)': \(reason)"
        }
    }
}
