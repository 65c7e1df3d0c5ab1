import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default ``Transport``: Foundation's `URLSession` (FoundationNetworking on Linux).
///
/// Bodies in memory go through `upload(for:from:)` and files through `upload(for:fromFile:)`,
/// so an explicit `Content-Length` is never combined with a body stream (Linux would send both
/// that and `Transfer-Encoding: chunked`). Progress comes from a task-level delegate, the only
/// kind Linux calls for async uploads; when download progress is requested the response is
/// received as a download so that the delegate sees its bytes.
public final class URLSessionTransport: Transport {
    /// The session requests run on.
    public let session: URLSession

    /// A transport on a session with `configuration` (ephemeral by default: no shared cookie
    /// or cache storage between clients).
    public init(configuration: URLSessionConfiguration = .ephemeral) {
        session = URLSession(configuration: configuration)
    }

    /// A transport on an existing session.
    public init(session: URLSession) {
        self.session = session
    }

    /// Sends the request through the session.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        let delegate = request.progress.map { TransferDelegate(MonotonicProgress($0)) }
        let data: Data
        let response: URLResponse
        switch request.body {
        case .none:
            if let delegate {
                let (file, head) = try await session.download(for: request.urlRequest, delegate: delegate)
                defer { try? FileManager.default.removeItem(at: file) }
                data = try Data(contentsOf: file)
                response = head
            } else {
                (data, response) = try await session.data(for: request.urlRequest)
            }
        case .data(let body):
            (data, response) = try await session.upload(for: request.urlRequest, from: body, delegate: delegate)
        case .file(let url):
            (data, response) = try await session.upload(
                for: request.urlRequest, fromFile: url, delegate: delegate)
        }
        guard let http = response as? HTTPURLResponse else {
            throw URLError(.badServerResponse)
        }
        if let delegate {
            // Delegate callbacks are queued on the session's serial delegate queue and may still
            // be pending when the async call returns: let them run before reporting completion.
            let queue = session.delegateQueue
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                queue.addOperation { done.resume() }
            }
            delegate.finish(body: request.body, received: Int64(data.count))
        }
        return TransportResponse(response: http, data: data)
    }
}

/// A task-level delegate turning byte counts into ``TransferProgress`` values.
final class TransferDelegate: NSObject, URLSessionTaskDelegate, URLSessionDownloadDelegate, Sendable {
    private let progress: MonotonicProgress

    init(_ progress: MonotonicProgress) {
        self.progress = progress
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64,
        totalBytesSent: Int64, totalBytesExpectedToSend: Int64
    ) {
        progress.report(
            TransferProgress(
                direction: .upload, completedBytes: totalBytesSent,
                totalBytes: totalBytesExpectedToSend > 0 ? totalBytesExpectedToSend : nil))
    }

    func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
        totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64
    ) {
        progress.report(
            TransferProgress(
                direction: .download, completedBytes: totalBytesWritten,
                totalBytes: totalBytesExpectedToWrite > 0 ? totalBytesExpectedToWrite : nil))
    }

    func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL
    ) {}

    /// Reports completion (1.0) for the directions that ran, in case the last callback was
    /// short of the total.
    func finish(body: TransportRequest.Body, received: Int64) {
        let sent: Int64?
        switch body {
        case .none: sent = nil
        case .data(let data): sent = Int64(data.count)
        case .file(let url):
            sent = fileSize(at: url)
        }
        if let sent, sent > 0 {
            progress.report(TransferProgress(direction: .upload, completedBytes: sent, totalBytes: sent))
        } else {
            progress.report(TransferProgress(direction: .download, completedBytes: received, totalBytes: received))
        }
    }
}

/// The size of the file at `url`, or `nil` when it cannot be read.
func fileSize(at url: URL) -> Int64? {
    guard let size = try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize else { return nil }
    return Int64(size)
}
