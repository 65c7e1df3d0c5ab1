import Foundation
import KeelSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default ``Transport``: Foundation's `URLSession` (FoundationNetworking on Linux).
///
/// Requests run as delegate-driven tasks on the transport's own session, not through the
/// `async` URLSession methods: on Linux, cancelling a Swift task while its `async` URLSession
/// call completes can deadlock inside FoundationNetworking (the cancellation handler waits for
/// the session's queue while that queue waits to resume the task). Here cancellation is handed
/// to another queue, and the session delegate feeds progress, data and completion.
///
/// Bodies in memory go through upload tasks from data and files through upload tasks from
/// files, so an explicit `Content-Length` is never combined with a body stream (Linux would
/// send both that and `Transfer-Encoding: chunked`).
public final class URLSessionTransport: Transport {
    /// The session requests run on (its delegate belongs to the transport).
    public let session: URLSession
    private let router: SessionRouter

    /// A transport on a new session with `configuration` (ephemeral by default: no shared
    /// cookie or cache storage between clients).
    public init(configuration: URLSessionConfiguration = .ephemeral) {
        let router = SessionRouter()
        self.router = router
        session = URLSession(configuration: configuration, delegate: router, delegateQueue: nil)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends the request through the session.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        let handle = Locked<URLSessionTask?>(nil)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<TransportResponse, any Error>) in
                let task: URLSessionTask
                var uploadSize: Int64?
                switch request.body {
                case .none:
                    task = session.dataTask(with: request.urlRequest)
                case .data(let data):
                    task = session.uploadTask(with: request.urlRequest, from: data)
                    uploadSize = Int64(data.count)
                case .file(let url):
                    task = session.uploadTask(with: request.urlRequest, fromFile: url)
                    uploadSize = fileSize(at: url)
                }
                router.register(
                    task,
                    entry: SessionRouter.Entry(
                        continuation: continuation, progress: request.progress.map(MonotonicProgress.init),
                        uploadSize: uploadSize))
                handle.set(task)
                task.resume()
                if Task.isCancelled { Self.cancelSoon(task) }
            }
        } onCancel: {
            if let task = handle.current { Self.cancelSoon(task) }
        }
    }

    /// Cancels on another queue: the cancellation handler must not wait for the session.
    private static func cancelSoon(_ task: URLSessionTask) {
        let box = UncheckedTask(task)
        DispatchQueue.global().async { box.task.cancel() }
    }
}

/// Carries a task to the queue that cancels it.
private struct UncheckedTask: @unchecked Sendable {
    // URLSessionTask is thread-safe; only `cancel()` is called through this box.
    let task: URLSessionTask

    init(_ task: URLSessionTask) {
        self.task = task
    }
}

/// The session delegate: routes callbacks to each task's continuation and progress.
final class SessionRouter: NSObject, URLSessionDataDelegate, Sendable {
    struct Entry {
        let continuation: CheckedContinuation<TransportResponse, any Error>
        let progress: MonotonicProgress?
        let uploadSize: Int64?
        var data = Data()
        var response: URLResponse?
        var sent: Int64 = 0
    }

    private let entries = Locked<[Int: Entry]>([:])

    func register(_ task: URLSessionTask, entry: Entry) {
        entries.withLock { $0[task.taskIdentifier] = entry }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        entries.withLock { $0[dataTask.taskIdentifier]?.response = response }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let update = entries.withLock { entries -> (MonotonicProgress, Int64, Int64?)? in
            guard var entry = entries[dataTask.taskIdentifier] else { return nil }
            entry.data.append(data)
            entries[dataTask.taskIdentifier] = entry
            guard let progress = entry.progress else { return nil }
            let expected = entry.response?.expectedContentLength ?? -1
            return (progress, Int64(entry.data.count), expected > 0 ? expected : nil)
        }
        if let (progress, received, total) = update {
            progress.report(
                TransferProgress(direction: .download, completedBytes: received, totalBytes: total))
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        // The running total is summed from `bytesSent`: FoundationNetworking reads
        // `totalBytesSent` when the queued callback runs, so a fast upload would report its
        // final total for every chunk and the steps in between would be lost.
        let update = entries.withLock { entries -> (MonotonicProgress, Int64, Int64?)? in
            guard var entry = entries[task.taskIdentifier], let progress = entry.progress else { return nil }
            entry.sent += bytesSent
            entries[task.taskIdentifier] = entry
            return (
                progress, entry.sent,
                totalBytesExpectedToSend > 0 ? totalBytesExpectedToSend : entry.uploadSize
            )
        }
        if let (progress, sent, total) = update {
            progress.report(TransferProgress(direction: .upload, completedBytes: sent, totalBytes: total))
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let entry = entries.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let error {
            entry.continuation.resume(throwing: error)
            return
        }
        guard let response = (entry.response ?? task.response) as? HTTPURLResponse else {
            entry.continuation.resume(throwing: URLError(.badServerResponse))
            return
        }
        if let progress = entry.progress {
            if let size = entry.uploadSize, size > 0 {
                progress.report(TransferProgress(direction: .upload, completedBytes: size, totalBytes: size))
            }
            let received = Int64(entry.data.count)
            progress.report(
                TransferProgress(direction: .download, completedBytes: received, totalBytes: received))
        }
        entry.continuation.resume(returning: TransportResponse(response: response, data: entry.data))
    }
}

/// The size of the file at `url`, or `nil` when it cannot be read.
func fileSize(at url: URL) -> Int64? {
    guard let size = try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize else { return nil }
    return Int64(size)
}
