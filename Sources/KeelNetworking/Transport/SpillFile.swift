import Foundation
import KeelSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An unlinked `0600` file holding a body's overflow: appended at the end, read from the front.
/// `@unchecked Sendable`: its counters and batch are only touched under its ``BodyBuffer``'s
/// lock; reads of a claimed region (which nothing writes again until it is consumed) happen
/// outside it; the descriptor closes when the last holder lets go.
final class SpillFile: @unchecked Sendable {
    /// What the consumer reads next.
    enum Claim {
        /// Bytes not written to the file yet.
        case memory(Data)
        /// A region of the file.
        case file(offset: Int64, count: Int)
    }

    /// Chunks are gathered up to this size and written in one call: the session delegate that
    /// appends must stay quicker than libcurl's reading, whose deliveries queue up in memory
    /// (FoundationNetworking has no back-pressure) while it lags.
    private static let writeBatch = 256 << 10

    private let descriptor: Int32
    private var written: Int64 = 0
    private var consumed: Int64 = 0
    /// Bytes after the file's, not written yet.
    private var batch = Data()

    init(directory: URL) throws {
        let path = directory.appendingPathComponent(".keel-body-\(UUID().uuidString)").path
        let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw POSIXFileFailure(path: path, reason: POSIXFiles.errorText()) }
        unlink(path)  // nobody else can open it; the space is freed when it closes
        descriptor = fd
    }

    deinit {
        close(descriptor)
    }

    var isEmpty: Bool { consumed == written && batch.isEmpty }
    var pending: Int64 { written - consumed + Int64(batch.count) }

    func append(_ data: Data) throws {
        if batch.isEmpty { batch.reserveCapacity(Self.writeBatch + data.count) }
        batch.append(data)
        guard batch.count >= Self.writeBatch else { return }
        try batch.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let count = pwrite(descriptor, raw.baseAddress! + offset, raw.count - offset, off_t(written))
                if count < 0 {
                    if errno == EINTR { continue }
                    throw POSIXFileFailure(path: "body spill file", reason: POSIXFiles.errorText())
                }
                offset += count
                written += Int64(count)
            }
        }
        batch.removeAll(keepingCapacity: true)
    }

    /// Takes the next at most `limit` bytes: a region of the file, or, once the file is
    /// drained, the batch not yet written (the file then starts again at the front so it does
    /// not grow for ever).
    func claim(upTo limit: Int) -> Claim {
        if consumed == written {
            if written > 0 { _ = ftruncate(descriptor, 0) }
            consumed = 0
            written = 0
            let count = min(limit, batch.count)
            let data = Data(batch.prefix(count))
            batch.removeFirst(count)
            return .memory(data)
        }
        let count = Int(min(Int64(limit), written - consumed))
        defer { consumed += Int64(count) }
        return .file(offset: consumed, count: count)
    }

    /// Reads the claimed region at `offset`.
    func read(at offset: Int64, count: Int) throws -> Data {
        var data = Data(count: count)
        try data.withUnsafeMutableBytes { raw in
            var done = 0
            while done < count {
                let got = pread(
                    descriptor, raw.baseAddress! + done, count - done, off_t(offset + Int64(done)))
                if got < 0, errno == EINTR { continue }
                guard got > 0 else {
                    throw POSIXFileFailure(path: "body spill file", reason: POSIXFiles.errorText())
                }
                done += got
            }
        }
        return data
    }
}
