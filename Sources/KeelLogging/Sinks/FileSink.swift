import Foundation
import KeelSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The data-protection class given to log files on Apple platforms.
///
/// A headless value: on iOS it becomes the file's `FileProtectionType` (the raw values are
/// Foundation's constants); on Linux it has no effect.
public enum LogFileProtection: String, Sendable, CaseIterable {
    /// Readable only while the device is unlocked; writes while locked fail (and are reported).
    case complete = "NSFileProtectionComplete"
    /// Files open before the device locked stay writable; new files need it unlocked.
    case completeUnlessOpen = "NSFileProtectionCompleteUnlessOpen"
    /// Protected from boot until the user first unlocks, then accessible: the default, so
    /// background work can still log.
    case completeUntilFirstUserAuthentication = "NSFileProtectionCompleteUntilFirstUserAuthentication"
    /// No data protection.
    case none = "NSFileProtectionNone"
}

/// Writes records to files in a directory, buffered, with rotation by size and age.
///
/// The current file is `<name>.log`; rotated files are `<name>.1.log` (newest) …
/// `<name>.<maximumFileCount-1>.log` (oldest). Rotation never deletes the file being written.
/// Records at `Options/syncLevel` and above (`error` by default) are written and `fsync`ed
/// before the logging call returns; the others are buffered, and a buffered line reaches the
/// file at the latest about a second later, when the process calls `exit`, or when
/// ``LogRouter/flush()`` runs. Failures while logging (a removed file, a full disk) are
/// reported once and never stop the process.
///
/// Files are private to the user: the directory is `0700` (created so, or tightened when it
/// already exists), files are `0600`, and neither is reached through a symbolic link — a
/// symlinked, foreign-owned or shared (sticky) directory is refused, and files are opened
/// with `O_NOFOLLOW` relative to the directory's descriptor, so a link planted later is never
/// followed.
public final class FileSink: LogSink, Sendable {
    /// Rotation, durability, format and protection settings.
    public struct Options: Sendable {
        /// The file name without extension.
        package var name: String
        /// Rotate before a line would make the file larger than this (bytes).
        package var maximumFileSize: Int
        /// Rotate when the current file's first record is older than this.
        package var maximumAge: TimeInterval
        /// Files kept, the current one included (clamped to 1…1000 by the sink).
        package var maximumFileCount: Int
        /// The most bytes all files may take together; the oldest go first.
        package var totalQuota: Int
        /// Records at this level and above are on disk when the call returns; `nil` never syncs.
        package var syncLevel: LogLevel?
        /// Bytes buffered before a write.
        package var bufferSize: Int
        /// The longest a buffered line waits before it is written; `nil` waits for the buffer
        /// to fill (or a flush).
        package var flushInterval: Duration? = .seconds(1)
        /// Plain text or JSON Lines.
        package var format: LogFormat
        /// The data protection of the directory and files on Apple platforms; `nil` leaves the
        /// system's default.
        package var fileProtection: LogFileProtection?

        /// Settings; the defaults are 1 MB, 24 h, 5 files, 20 MB, sync at `error`, 64 KiB
        /// buffered, text, protected until first unlock.
        ///
        /// - Parameters:
        ///   - name: the file name without extension.
        ///   - maximumFileSize: rotate before a line would make the file larger than this (bytes).
        ///   - maximumAge: rotate when the current file's first record is older than this.
        ///   - maximumFileCount: files kept, the current one included (clamped to 1…1000).
        ///   - totalQuota: the most bytes all files may take together; the oldest go first.
        ///   - syncLevel: records at this level and above are on disk when the call returns;
        ///     `nil` never syncs.
        ///   - bufferSize: bytes buffered before a write.
        ///   - format: plain text or JSON Lines.
        ///   - fileProtection: the data protection of the directory and files on Apple
        ///     platforms; `nil` leaves the system's default.
        public init(
            name: String = "app",
            maximumFileSize: Int = 1_000_000,
            maximumAge: TimeInterval = 24 * 3600,
            maximumFileCount: Int = 5,
            totalQuota: Int = 20_000_000,
            syncLevel: LogLevel? = .error,
            bufferSize: Int = 64 * 1024,
            format: LogFormat = .text,
            fileProtection: LogFileProtection? = .completeUntilFirstUserAuthentication
        ) {
            self.name = name
            self.maximumFileSize = maximumFileSize
            self.maximumAge = maximumAge
            self.maximumFileCount = maximumFileCount
            self.totalQuota = totalQuota
            self.syncLevel = syncLevel
            self.bufferSize = bufferSize
            self.format = format
            self.fileProtection = fileProtection
        }
    }

    /// The permissions of the log directory.
    package static let directoryMode: mode_t = POSIXFiles.privateDirectoryMode
    /// The permissions of log files.
    package static let fileMode: mode_t = 0o600

    /// Writes every byte to a descriptor; returns `errno` on failure.
    typealias Writer = @Sendable (Int32, UnsafeBufferPointer<UInt8>) -> Int32?

    /// Runs the work after the delay: the timed flush of a buffer that did not fill.
    typealias FlushScheduler = @Sendable (Duration, @escaping @Sendable () -> Void) -> Void

    /// The system's scheduler: a utility-priority dispatch timer.
    static let dispatchScheduler: FlushScheduler = { delay, work in
        let (seconds, attoseconds) = delay.components
        let nanoseconds = Int(clamping: seconds) &* 1_000_000_000 &+ Int(attoseconds / 1_000_000_000)
        DispatchQueue.global(qos: .utility).asyncAfter(
            deadline: .now() + .nanoseconds(max(0, nanoseconds)), execute: work)
    }

    /// Schedules the timed flush.
    private let scheduler: FlushScheduler

    /// The open files and the buffer. Every read and write of them, and every write, rename
    /// and removal of the files themselves, happens inside `files.withLock`, so records reach
    /// the files in order and rotation never interleaves with a write.
    private let files: Locked<Files>

    /// The folder holding the files.
    package let directory: URL
    /// The settings.
    package let options: Options

    /// Opens (or creates) the log file in `directory`, creating the directory if needed.
    ///
    /// - Parameters:
    ///   - directory: the folder of the log files (made `0700`, or tightened to it).
    ///   - options: rotation, durability, format and protection settings.
    ///   - onFailure: called once per run of failures while logging; by default (`nil`) the
    ///     failure is written to standard error.
    /// - Throws: ``FileSinkError`` naming the path when the directory or file is unusable or
    ///   unsafe (a symbolic link, another user's, not a regular file).
    public convenience init(
        directory: URL,
        options: Options = Options(),
        onFailure: (@Sendable (FileSinkError) -> Void)? = nil
    ) throws {
        try self.init(
            directory: directory, options: options, onFailure: onFailure, writer: POSIXIO.writeAll,
            scheduler: Self.dispatchScheduler)
    }

    /// The most files a sink keeps: `maximumFileCount` is clamped to 1…1000, so a configured
    /// `Int.max` cannot make listing and rotation walk 9e18 file names.
    package static let maximumFileCountLimit = 1000

    /// The designated initialiser, with the write primitive and the timed flush's scheduler
    /// injectable for tests.
    init(
        directory: URL,
        options: Options,
        onFailure: (@Sendable (FileSinkError) -> Void)?,
        writer: @escaping Writer,
        scheduler: @escaping FlushScheduler = FileSink.dispatchScheduler
    ) throws {
        var options = options
        options.maximumFileCount = min(max(1, options.maximumFileCount), Self.maximumFileCountLimit)
        options.maximumFileSize = max(1, options.maximumFileSize)
        options.bufferSize = max(0, options.bufferSize)
        self.directory = directory
        self.options = options
        var files = Files(
            directory: directory, options: options,
            onFailure: onFailure ?? { StandardError.write("KeelLogging: \($0)\n") }, writer: writer,
            fileStart: Date())
        files.directoryFD = try Self.openDirectory(directory, protection: options.fileProtection)
        files.buffer.reserveCapacity(options.bufferSize + 4096)
        do {
            files.fd = try files.openCurrent()
        } catch {
            close(files.directoryFD)
            files.directoryFD = -1
            throw error
        }
        self.files = Locked(files)
        self.scheduler = scheduler
        LiveFileSinks.shared.insert(self)
    }

    deinit {
        LiveFileSinks.shared.remove(self)
        files.withLock { files in
            files.flush()
            if files.fd >= 0 { close(files.fd) }
            if files.directoryFD >= 0 { close(files.directoryFD) }
        }
    }

    /// The file being written now.
    package var currentFileURL: URL { directory.appendingPathComponent(Files.fileName(index: 0, options)) }

    /// Every log file present, oldest first, the current one last.
    public var logFiles: [URL] {
        files.withLock { files in
            (0..<options.maximumFileCount).reversed().filter { files.regularFileSize(index: $0) != nil }.map(
                files.url(index:))
        }
    }

    /// Appends the record; rotates first if the line would overflow the file or the file is
    /// too old; syncs to disk for severe records.
    public func receive(_ record: LogRecord) {
        let startsTimer = files.withLock { files -> Bool in
            files.append(record)
            guard files.flushPending == false, !files.buffer.isEmpty, options.flushInterval != nil else {
                return false
            }
            files.flushPending = true
            return true
        }
        if startsTimer, let interval = options.flushInterval {
            scheduler(interval) { [weak self] in self?.timedFlush() }
        }
    }

    /// The timed flush: writes what waited since the timer started (a later record starts the
    /// next timer).
    private func timedFlush() {
        files.withLock { files in
            files.flushPending = false
            files.flush()
        }
    }

    /// Flushes every file sink alive in the process: at `exit`, and when an app goes to the
    /// background or terminates. A sink whose lock is held is skipped rather than waited for:
    /// an `onFailure` handler that calls `exit` runs under that lock, and waiting would hang.
    package static func flushAll() {
        for sink in LiveFileSinks.shared.sinks() {
            _ = sink.files.withLockIfAvailable { $0.flush() }
        }
    }

    /// Writes buffered lines to the file.
    public func flush() {
        files.withLock { $0.flush() }
    }

    // MARK: - Directory and file safety

    /// Opens `directory` under the private-folder rule every Keel folder follows
    /// (``POSIXFiles/openPrivateDirectory(_:currentUser:)``: missing folders created `0700`, a
    /// symbolic link, another user's or a shared folder refused, an existing one tightened to
    /// owner-only), then gives it `protection`.
    static func openDirectory(_ directory: URL, protection: LogFileProtection?) throws -> Int32 {
        let descriptor: Int32
        do {
            descriptor = try POSIXFiles.openPrivateDirectory(directory)
        } catch let failure as PrivateDirectoryFailure {
            let reason = failure.reason.description
            switch failure.reason {
            case .cannotCreate, .notADirectory:
                throw FileSinkError.cannotCreateDirectory(path: directory.path, reason: reason)
            case .cannotOpen:
                throw FileSinkError.cannotOpenFile(path: directory.path, reason: reason)
            case .symbolicLink, .ownedByAnotherUser, .shared, .cannotRestrict:
                throw FileSinkError.insecureDirectory(path: directory.path, reason: reason)
            }
        }
        applyProtection(protection, path: directory.path)
        return descriptor
    }

    /// Sets the Apple data-protection class; nothing elsewhere. A failure is ignored on
    /// purpose: this also runs when a file is reopened during rotation, and logging must not
    /// stop because a protection class could not be set (the stores, which can refuse to
    /// open, throw instead).
    static func applyProtection(_ protection: LogFileProtection?, path: String) {
        guard let protection else { return }
        try? POSIXFiles.applyDataProtection(named: protection.rawValue, toPath: path)
    }

    /// The descriptors, the buffer and the rotation state: touched only inside the sink's
    /// lock, which its methods run under.
    private struct Files {
        let directory: URL
        let options: Options
        let onFailure: @Sendable (FileSinkError) -> Void
        let writer: Writer
        var directoryFD: Int32 = -1
        var fd: Int32 = -1
        var buffer: [UInt8] = []
        var currentSize = 0
        var fileStart: Date
        var encoder = LineEncoder()
        var failing = false
        /// A timed flush is scheduled and has not run yet.
        var flushPending = false

        init(
            directory: URL, options: Options, onFailure: @escaping @Sendable (FileSinkError) -> Void,
            writer: @escaping Writer, fileStart: Date
        ) {
            self.directory = directory
            self.options = options
            self.onFailure = onFailure
            self.writer = writer
            self.fileStart = fileStart
        }

        /// Appends the record's line; rotates first if it would overflow the file or the file
        /// is too old; syncs to disk for severe records.
        mutating func append(_ record: LogRecord) {
            let lineStart = buffer.count
            encoder.append(record, format: options.format, to: &buffer)
            let lineLength = buffer.count - lineStart
            let tooBig = currentSize > 0 && currentSize + lineLength > options.maximumFileSize
            let tooOld =
                currentSize > 0 && record.timestamp.timeIntervalSince(fileStart) >= options.maximumAge
            if tooBig || tooOld {
                writeBuffered(upTo: lineStart)
                rotate()
            }
            if currentSize == 0 { fileStart = record.timestamp }
            currentSize += lineLength
            if let syncLevel = options.syncLevel, record.level >= syncLevel {
                flush()
                if fd >= 0 { fsync(fd) }
            } else if buffer.count >= options.bufferSize {
                flush()
            }
        }

        static func fileName(index: Int, _ options: Options) -> String {
            index == 0 ? "\(options.name).log" : "\(options.name).\(index).log"
        }

        func url(index: Int) -> URL {
            directory.appendingPathComponent(fileName(index: index))
        }

        func fileName(index: Int) -> String {
            Self.fileName(index: index, options)
        }

        /// The size of a regular file (not a link) at `index`, or `nil` when there is none.
        func regularFileSize(index: Int) -> Int? {
            var info = stat()
            guard directoryFD >= 0,
                fstatat(directoryFD, fileName(index: index), &info, AT_SYMLINK_NOFOLLOW) == 0,
                (info.st_mode & S_IFMT) == S_IFREG
            else { return nil }
            return Int(info.st_size)
        }

        mutating func openCurrent() throws -> Int32 {
            let path = url(index: 0).path
            // O_NONBLOCK: opening a FIFO planted in place of the file must not hang.
            let descriptor = openat(
                directoryFD, fileName(index: 0),
                O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, FileSink.fileMode)
            guard descriptor >= 0 else {
                let code = errno
                throw FileSinkError.cannotOpenFile(
                    path: path, reason: code == ELOOP ? "it is a symbolic link" : POSIXIO.describe(code))
            }
            var info = stat()
            guard fstat(descriptor, &info) == 0 else {
                let reason = POSIXIO.describe(errno)
                close(descriptor)
                throw FileSinkError.cannotOpenFile(path: path, reason: reason)
            }
            let refusal: String? =
                if (info.st_mode & S_IFMT) != S_IFREG {
                    "not a regular file"
                } else if info.st_uid != geteuid() {
                    "owned by user \(info.st_uid)"
                } else if info.st_nlink > 1 {
                    "it has other hard links"
                } else {
                    nil
                }
            if let refusal {
                close(descriptor)
                throw FileSinkError.cannotOpenFile(path: path, reason: refusal)
            }
            _ = fcntl(descriptor, F_SETFL, O_WRONLY | O_APPEND)
            if info.st_mode & 0o077 != 0 { fchmod(descriptor, info.st_mode & FileSink.fileMode) }
            FileSink.applyProtection(options.fileProtection, path: path)
            currentSize = Int(info.st_size)
            if currentSize > 0 {
                #if canImport(Darwin)
                    fileStart = Date(timeIntervalSince1970: TimeInterval(info.st_mtimespec.tv_sec))
                #else
                    fileStart = Date(timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec))
                #endif
            }
            return descriptor
        }

        /// Writes buffered lines to the file.
        mutating func flush() {
            writeBuffered(upTo: buffer.count)
        }

        /// Writes `buffer[..<end]` and removes it from the buffer.
        mutating func writeBuffered(upTo end: Int) {
            guard end > 0 else { return }
            defer { buffer.removeFirst(end) }
            reopenIfRemoved()
            guard fd >= 0 else { return }
            let failure = buffer.withUnsafeBufferPointer {
                writer(fd, UnsafeBufferPointer(rebasing: $0[..<end]))
            }
            if let failure {
                report(.writeFailed(path: url(index: 0).path, reason: POSIXIO.describe(failure)))
            } else {
                failing = false
            }
        }

        /// A file unlinked while open would swallow every later line: notice it and start anew
        /// (the directory too, when it went with it).
        mutating func reopenIfRemoved() {
            var info = stat()
            let removed = fd < 0 || fstat(fd, &info) != 0 || info.st_nlink == 0
            guard removed else { return }
            if fd >= 0 {
                close(fd)
                report(.fileRemoved(path: url(index: 0).path))
            }
            fd = -1
            do {
                var directoryInfo = stat()
                if directoryFD < 0 || fstat(directoryFD, &directoryInfo) != 0 || directoryInfo.st_nlink == 0 {
                    if directoryFD >= 0 { close(directoryFD) }
                    directoryFD = -1
                    directoryFD = try FileSink.openDirectory(directory, protection: options.fileProtection)
                }
                fd = try openCurrent()
            } catch {
                report(
                    error as? FileSinkError ?? .cannotOpenFile(path: url(index: 0).path, reason: "\(error)"))
            }
        }

        mutating func report(_ failure: FileSinkError) {
            guard !failing else { return }
            failing = true
            onFailure(failure)
        }

        mutating func rotate() {
            if fd >= 0 {
                close(fd)
                fd = -1
            }
            // Renames and removals are relative to the directory's descriptor and act on links
            // themselves, so a link planted in place of an archive is replaced, never followed.
            var failure: String?
            let oldest = fileName(index: options.maximumFileCount - 1)
            if unlinkat(directoryFD, oldest, 0) != 0, errno != ENOENT { failure = POSIXIO.describe(errno) }
            if failure == nil, options.maximumFileCount > 1 {
                for index in stride(from: options.maximumFileCount - 2, through: 0, by: -1) {
                    if renameat(directoryFD, fileName(index: index), directoryFD, fileName(index: index + 1))
                        != 0,
                        errno != ENOENT
                    {
                        failure = POSIXIO.describe(errno)
                        break
                    }
                }
            }
            if let failure { report(.rotationFailed(path: url(index: 0).path, reason: failure)) }
            currentSize = 0
            do {
                fd = try openCurrent()
            } catch {
                report(
                    error as? FileSinkError ?? .cannotOpenFile(path: url(index: 0).path, reason: "\(error)"))
            }
            enforceQuota()
        }

        /// Deletes the oldest rotated files until everything fits in the quota.
        func enforceQuota() {
            var archives: [(name: String, size: Int)] = []
            for index in stride(from: options.maximumFileCount - 1, through: 1, by: -1) {
                if let size = regularFileSize(index: index) {
                    archives.append((fileName(index: index), size))
                }
            }
            var total = archives.reduce(currentSize) { $0 + $1.size }
            for archive in archives where total > options.totalQuota {
                unlinkat(directoryFD, archive.name, 0)
                total -= archive.size
            }
        }
    }
}

/// The file sinks alive in the process, for the flush at `exit` (registered with the C
/// library when the first sink opens). A sink leaves when it is freed.
private final class LiveFileSinks: Sendable {
    /// A sink, held weakly.
    private struct Entry {
        weak var sink: FileSink?
    }

    static let shared = LiveFileSinks()

    private let entries = Locked<[ObjectIdentifier: Entry]>([:])
    private let exitHandler = Locked(false)

    func insert(_ sink: FileSink) {
        let registers = exitHandler.withLock { registered -> Bool in
            defer { registered = true }
            return !registered
        }
        if registers { atexit { FileSink.flushAll() } }
        entries.withLock { $0[ObjectIdentifier(sink)] = Entry(sink: sink) }
    }

    func remove(_ sink: FileSink) {
        entries.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(sink)) }
    }

    func sinks() -> [FileSink] {
        entries.withLock { $0.values.compactMap(\.sink) }
    }
}
