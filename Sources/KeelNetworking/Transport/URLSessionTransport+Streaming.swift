import Foundation
import KeelSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSessionTransport {
    /// Sends the request and returns once its head arrives; the body follows through a
    /// ``ResponseBody`` with back-pressure (suspending the task on Apple platforms, spilling to a
    /// `0600` file on Linux: see <doc:StreamingAndLiveConnections>). The response
    /// body cap applies to the head's `Content-Length` and to the bytes as they arrive.
    public func stream(_ request: TransportRequest) async throws -> StreamedResponse {
        try await stream(request, backPressure: .platformDefault)
    }

    /// ``stream(_:)`` with the given back-pressure (tests choose the mode and its bounds).
    package func stream(_ request: TransportRequest, backPressure: BackPressure) async throws
        -> StreamedResponse
    {
        try Self.checkFileBody(request)
        return try await run { continuation in
            self.startStream(request, backPressure: backPressure, continuation: continuation)
        }
    }

    /// Makes the task, registers its stream with the router and binds the body's
    /// back-pressure to the task (not yet resumed).
    private func startStream(
        _ request: TransportRequest, backPressure: BackPressure,
        continuation: CheckedContinuation<StreamedResponse, any Error>
    ) -> URLSessionTask {
        let (task, uploadSize) = makeTask(for: request)
        let buffer = BodyBuffer(backPressure: backPressure)
        let boxed = UncheckedStreamTask(task)
        let queue = RequestQueue()
        buffer.bind(
            pause: { boxed.task.suspend() }, resume: { boxed.task.resume() },
            cancel: { queue.cancelSoon(boxed.task) })
        router.registerStream(
            task,
            entry: StreamEntry(
                head: continuation, buffer: buffer, progress: request.progress.map(MonotonicProgress.init),
                uploadSize: uploadSize, limit: request.maximumResponseBodyBytes,
                credentialHeaders: request.credentialHeaders))
        return task
    }
}

/// Carries a task into the body's back-pressure closures. `@unchecked Sendable`:
/// `URLSessionTask` is thread-safe; only `suspend`, `resume` and (through `RequestQueue`)
/// `cancel` are called through it.
private struct UncheckedStreamTask: @unchecked Sendable {
    let task: URLSessionTask

    init(_ task: URLSessionTask) {
        self.task = task
    }
}

/// One streamed task's state in the router.
final class StreamEntry: @unchecked Sendable {
    // Every mutable field is only touched under `SessionRouter.streams`' lock.
    /// Resumed once: with the head, or with the failure that came before it.
    var head: CheckedContinuation<StreamedResponse, any Error>?
    let buffer: BodyBuffer
    let progress: MonotonicProgress?
    let uploadSize: Int64?
    let limit: Int?
    let credentialHeaders: Set<String>
    var received: Int64 = 0
    var expected: Int64?
    var sent: Int64 = 0
    /// Set when the transport stopped the task itself; reported instead of the cancellation.
    var failure: (any Error)?
    /// A declined authentication challenge's response: the head, with an empty body.
    var challenged: HTTPURLResponse?

    init(
        head: CheckedContinuation<StreamedResponse, any Error>, buffer: BodyBuffer,
        progress: MonotonicProgress?,
        uploadSize: Int64?, limit: Int?, credentialHeaders: Set<String>
    ) {
        self.head = head
        self.buffer = buffer
        self.progress = progress
        self.uploadSize = uploadSize
        self.limit = limit
        self.credentialHeaders = credentialHeaders
    }
}

extension SessionRouter {
    func registerStream(_ task: URLSessionTask, entry: StreamEntry) {
        streams.withLock { $0[task.taskIdentifier] = entry }
    }

    /// The head of a streamed task: checked against the limits, then handed to the caller
    /// with the body to come. `false` when the task is not a stream.
    func streamDidReceive(
        _ dataTask: URLSessionDataTask, response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) -> Bool {
        enum Step {
            case notStream
            case refuse(CheckedContinuation<StreamedResponse, any Error>?, any Error)
            case deliver(CheckedContinuation<StreamedResponse, any Error>?, StreamedResponse)
        }
        let step = streams.withLock { streams -> Step in
            guard let entry = streams[dataTask.taskIdentifier] else { return .notStream }
            guard let http = response as? HTTPURLResponse else {
                streams[dataTask.taskIdentifier] = nil
                entry.buffer.finish(nil)
                return .refuse(entry.head.take(), URLError(.badServerResponse))
            }
            if let problem = ResponseLimits.problem(
                with: http, limit: entry.limit, method: dataTask.originalRequest?.httpMethod)
            {
                streams[dataTask.taskIdentifier] = nil
                entry.buffer.finish(nil)
                return .refuse(entry.head.take(), problem)
            }
            let declared = ResponseLimits.declaredLength(of: http) ?? -1
            entry.expected = declared > 0 ? declared : nil
            return .deliver(
                entry.head.take(), StreamedResponse(response: http, body: ResponseBody(buffer: entry.buffer)))
        }
        switch step {
        case .notStream:
            return false
        case .refuse(let head, let error):
            head?.resume(throwing: error)
            completionHandler(.cancel)
        case .deliver(let head, let streamed):
            completionHandler(.allow)
            head?.resume(returning: streamed)
        }
        return true
    }

    /// A chunk of a streamed task's body: counted against the cap, queued for the reader.
    /// `false` when the task is not a stream.
    func streamDidReceive(_ dataTask: URLSessionDataTask, data: Data) -> Bool {
        enum Step {
            case notStream
            case queued(StreamEntry)
            case tooLarge(StreamEntry, limit: Int)
        }
        let step = streams.withLock { streams -> Step in
            guard let entry = streams[dataTask.taskIdentifier] else { return .notStream }
            entry.received += Int64(data.count)
            if let limit = entry.limit, entry.received > Int64(limit) {
                streams[dataTask.taskIdentifier] = nil
                return .tooLarge(entry, limit: limit)
            }
            return .queued(entry)
        }
        switch step {
        case .notStream:
            return false
        case .queued(let entry):
            entry.buffer.push(data)
            if let progress = entry.progress {
                let (received, expected) = streams.withLock { _ in (entry.received, entry.expected) }
                progress.report(
                    TransferProgress(direction: .download, completedBytes: received, totalBytes: expected))
            }
        case .tooLarge(let entry, let limit):
            // Over the cap: the reader gets the error and the transfer stops (closing its connection).
            entry.buffer.fail(APIError.responseTooLarge(limit: limit))
            RequestQueue().cancelSoon(dataTask)
        }
        return true
    }

    /// The credential headers a streamed task declared, or `nil` when it is not a stream.
    func streamCredentialHeaders(_ task: URLSessionTask) -> Set<String>? {
        streams.withLock { $0[task.taskIdentifier]?.credentialHeaders }
    }

    /// Records why the transport stopped a streamed task (a refused redirect).
    func streamDidFail(_ task: URLSessionTask, _ failure: any Error) {
        streams.withLock { streams in
            if let entry = streams[task.taskIdentifier], entry.failure == nil { entry.failure = failure }
        }
    }

    /// Records a declined authentication challenge of a streamed task.
    func streamWasChallenged(_ task: URLSessionTask, response: HTTPURLResponse?) {
        streams.withLock { streams in
            guard let entry = streams[task.taskIdentifier], entry.failure == nil else { return }
            if let response {
                entry.challenged = response
            } else {
                entry.failure = APIError.invalidResponse(
                    reason: "an authentication challenge came without a response", body: Data())
            }
        }
    }

    /// Upload progress of a streamed task.
    func streamDidSend(_ task: URLSessionTask, bytes: Int64, expected: Int64) {
        let update = streams.withLock { streams -> (MonotonicProgress, Int64, Int64?)? in
            guard let entry = streams[task.taskIdentifier], let progress = entry.progress else { return nil }
            entry.sent += bytes
            return (progress, entry.sent, expected > 0 ? expected : entry.uploadSize)
        }
        if let (progress, sent, total) = update {
            progress.report(TransferProgress(direction: .upload, completedBytes: sent, totalBytes: total))
        }
    }

    /// The end of a streamed task: the head's failure if it never came, else the body's end.
    /// `false` when the task is not a stream.
    func streamDidComplete(_ task: URLSessionTask, error: (any Error)?) -> Bool {
        guard let entry = streams.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else {
            return false
        }
        let head = streams.withLock { _ in entry.head.take() }
        if let head {
            if let failure = entry.failure {
                head.resume(throwing: failure)
            } else if let challenged = entry.challenged {
                entry.buffer.finish(nil)
                head.resume(
                    returning: StreamedResponse(
                        response: challenged, body: ResponseBody(buffer: entry.buffer)))
            } else {
                head.resume(throwing: error ?? URLError(.badServerResponse))
            }
            return true
        }
        if let failure = entry.failure {
            entry.buffer.finish(failure)
        } else if let error = error as? URLError {
            entry.buffer.finish(TransportErrorClassifier.classify(error))
        } else {
            entry.buffer.finish(error)
        }
        return true
    }
}

extension Optional {
    /// The value, leaving `nil` behind.
    fileprivate mutating func take() -> Wrapped? {
        defer { self = nil }
        return self
    }
}
