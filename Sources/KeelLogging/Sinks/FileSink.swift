import Foundation
import KeelSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes records to files in a directory, buffered, with rotation by size and age.
///
/// The current file is `<name>.log`; rotated files are `<name>.1.log` (newest) …
/// `<name>.<maxFileCount-1>.log` (oldest). Rotation never deletes the file being written.
/// Records at ``Options/syncLevel`` and above (`error` by default) are written and `fsync`ed
/// before the logging call returns. Failures while logging (a removed file, a full disk) are
/// reported once and never stop the process.
public final class FileSink: LogSink, @unchecked Sendable {
    /// Rotation, durability and format settings.
    public struct Options: Sendable {
        /// The file name without extension.
        public var name: String = "app"
        /// Rotate before a line would make the file larger than this (bytes). Default 1 MB.
        public var maxFileSize: Int = 1_000_000
        /// Rotate when the current file's first record is older than this. Default 24 h.
        public var maxAge: TimeInterval = 24 * 3600
        /// Files kept, the current one included. Default 5.
        public var maxFileCount: Int = 5
        /// The most bytes all files may take together; the oldest go first. Default 20 MB.
        public var totalQuota: Int = 20_000_000
        /// Records at this level and above are on disk when the call returns; `nil` never syncs.
        public var syncLevel: LogLevel? = .error
        /// Bytes buffered before a write. Default 64 KiB.
        public var bufferSize: Int = 64 * 1024
        /// Plain text or JSON Lines.
        public var format: LogFormat = .text

        /// The defaults: 1 MB, 24 h, 5 files, 20 MB, sync at `error`, text.
        public init() {}
    }

    // Invariant: every stored var is read and written only while `lock` is held.
    private let lock = NSLock()
    private var fd: Int32 = -1
    private var buffer: [UInt8] = []
    private var currentSize = 0
    private var fileStart: Date
    private var encoder = LineEncoder()
    private var failing = false

    /// The folder holding the files.
    public let directory: URL
    /// The settings.
    public let options: Options
    private let onFailure: @Sendable (FileSinkError) -> Void

    /// Opens (or creates) the log file in `directory`, creating the directory if needed.
    ///
    /// - Parameter onFailure: called once per run of failures while logging; by default
    ///   (`nil`) the failure is written to standard error.
    /// - Throws: ``FileSinkError`` naming the path when the directory or file is unusable.
    public init(
        directory: URL,
        options: Options = Options(),
        onFailure: (@Sendable (FileSinkError) -> Void)? = nil
    ) throws {
        var options = options
        options.maxFileCount = max(1, options.maxFileCount)
        options.maxFileSize = max(1, options.maxFileSize)
        options.bufferSize = max(0, options.bufferSize)
        self.directory = directory
        self.options = options
        self.onFailure = onFailure ?? { StandardError.write("KeelLogging: \($0)\n") }
        fileStart = Date()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw FileSinkError.cannotCreateDirectory(path: directory.path, reason: Self.reason(error))
        }
        buffer.reserveCapacity(options.bufferSize + 4096)
        fd = try openCurrent()
    }

    deinit {
        flushLocked()
        if fd >= 0 { close(fd) }
    }

    /// The file being written now.
    public var currentFileURL: URL { url(index: 0) }

    /// Every log file present, oldest first, the current one last.
    public var logFiles: [URL] {
        (0..<options.maxFileCount).reversed().map(url(index:)).filter {
            FileManager.default.fileExists(atPath: $0.path)
        }
    }

    /// Appends the record; rotates first if the line would overflow the file or the file is
    /// too old; syncs to disk for severe records.
    public func receive(_ record: LogRecord) {
        lock.lock()
        defer { lock.unlock() }
        let lineStart = buffer.count
        encoder.append(record, format: options.format, to: &buffer)
        let lineLength = buffer.count - lineStart
        let tooBig = currentSize > 0 && currentSize + lineLength > options.maxFileSize
        let tooOld = currentSize > 0 && record.timestamp.timeIntervalSince(fileStart) >= options.maxAge
        if tooBig || tooOld {
            writeBuffered(upTo: lineStart)
            rotateLocked()
        }
        if currentSize == 0 { fileStart = record.timestamp }
        currentSize += lineLength
        if let syncLevel = options.syncLevel, record.level >= syncLevel {
            flushLocked()
            if fd >= 0 { fsync(fd) }
        } else if buffer.count >= options.bufferSize {
            flushLocked()
        }
    }

    /// Writes buffered lines to the file.
    public func flush() {
        lock.lock()
        defer { lock.unlock() }
        flushLocked()
    }

    // MARK: - Locked helpers

    private func url(index: Int) -> URL {
        directory.appendingPathComponent(index == 0 ? "\(options.name).log" : "\(options.name).\(index).log")
    }

    private func openCurrent() throws -> Int32 {
        let path = url(index: 0).path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw FileSinkError.cannotOpenFile(path: path, reason: POSIXIO.describe(errno))
        }
        var info = stat()
        if fstat(descriptor, &info) == 0 {
            currentSize = Int(info.st_size)
            if currentSize > 0 {
                #if canImport(Darwin)
                    fileStart = Date(timeIntervalSince1970: TimeInterval(info.st_mtimespec.tv_sec))
                #else
                    fileStart = Date(timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec))
                #endif
            }
        }
        return descriptor
    }

    private func flushLocked() {
        writeBuffered(upTo: buffer.count)
    }

    /// Writes `buffer[..<end]` and removes it from the buffer.
    private func writeBuffered(upTo end: Int) {
        guard end > 0 else { return }
        defer { buffer.removeFirst(end) }
        reopenIfRemoved()
        guard fd >= 0 else { return }
        let failure = buffer.withUnsafeBufferPointer {
            POSIXIO.writeAll(fd, UnsafeBufferPointer(rebasing: $0[..<end]))
        }
        if let failure {
            report(.writeFailed(path: url(index: 0).path, reason: POSIXIO.describe(failure)))
        } else {
            failing = false
        }
    }

    /// A file unlinked while open would swallow every later line: notice it and start anew.
    private func reopenIfRemoved() {
        var info = stat()
        let removed = fd < 0 || fstat(fd, &info) != 0 || info.st_nlink == 0
        guard removed else { return }
        if fd >= 0 {
            close(fd)
            report(.fileRemoved(path: url(index: 0).path))
        }
        fd = -1
        do {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            fd = try openCurrent()
        } catch {
            report(error as? FileSinkError ?? .cannotOpenFile(path: url(index: 0).path, reason: "\(error)"))
        }
    }

    private func report(_ failure: FileSinkError) {
        guard !failing else { return }
        failing = true
        onFailure(failure)
    }

    private func rotateLocked() {
        if fd >= 0 {
            close(fd)
            fd = -1
        }
        let manager = FileManager.default
        let oldest = url(index: options.maxFileCount - 1)
        do {
            if manager.fileExists(atPath: oldest.path) { try manager.removeItem(at: oldest) }
            if options.maxFileCount > 1 {
                for index in stride(from: options.maxFileCount - 2, through: 0, by: -1) {
                    let source = url(index: index)
                    if manager.fileExists(atPath: source.path) {
                        try manager.moveItem(at: source, to: url(index: index + 1))
                    }
                }
            }
        } catch {
            report(.rotationFailed(path: url(index: 0).path, reason: Self.reason(error)))
        }
        currentSize = 0
        do {
            fd = try openCurrent()
        } catch {
            report(error as? FileSinkError ?? .cannotOpenFile(path: url(index: 0).path, reason: "\(error)"))
        }
        enforceQuota()
    }

    /// Deletes the oldest rotated files until everything fits in the quota.
    private func enforceQuota() {
        let manager = FileManager.default
        var archives: [(url: URL, size: Int)] = []
        for index in stride(from: options.maxFileCount - 1, through: 1, by: -1) {
            let file = url(index: index)
            if let size = (try? manager.attributesOfItem(atPath: file.path))?[.size] as? NSNumber {
                archives.append((file, size.intValue))
            }
        }
        var total = archives.reduce(currentSize) { $0 + $1.size }
        for archive in archives where total > options.totalQuota {
            try? manager.removeItem(at: archive.url)
            total -= archive.size
        }
    }

    private static func reason(_ error: any Error) -> String {
        if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain
        {
            return POSIXIO.describe(Int32(underlying.code))
        }
        return (error as NSError).localizedDescription
    }
}
