/// Why a ``FileSink`` could not be created, or what went wrong while it was writing.
public enum FileSinkError: Error, Equatable, CustomStringConvertible {
    /// The log directory could not be created.
    case cannotCreateDirectory(path: String, reason: String)
    /// The log file could not be opened for writing.
    case cannotOpenFile(path: String, reason: String)
    /// Writing to the log file failed (a full disk, say); the buffered lines were dropped.
    case writeFailed(path: String, reason: String)
    /// The log file was removed while in use; a new one was created.
    case fileRemoved(path: String)
    /// Rotating the files failed; logging continues in the current file.
    case rotationFailed(path: String, reason: String)
    /// The log directory is unsafe to write into: a symbolic link, or another user's.
    case insecureDirectory(path: String, reason: String)

    /// A one-line explanation naming the path.
    public var description: String {
        switch self {
        case .cannotCreateDirectory(let path, let reason): "cannot create log directory \(path): \(reason)"
        case .cannotOpenFile(let path, let reason): "cannot open log file \(path): \(reason)"
        case .writeFailed(let path, let reason): "cannot write log file \(path): \(reason)"
        case .fileRemoved(let path): "log file \(path) was removed while in use; created it again"
        case .rotationFailed(let path, let reason): "cannot rotate log file \(path): \(reason)"
        case .insecureDirectory(let path, let reason): "refusing log directory \(path): \(reason)"
        }
    }
}
