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
///
/// Response bodies are appended in place (linear in their size) and capped by
/// `TransportRequest/maximumResponseBodyBytes`: a larger body, or a `Content-Length` that
/// announces one or does not parse, stops the task (closing its connection) with a typed
/// ``APIError``. Redirects go through `redirectPolicy`: credentials never follow a redirect to
/// another origin, and `https` → `http` is refused.
public final class URLSessionTransport: Transport {
    /// The session requests run on (its delegate belongs to the transport).
    package let session: URLSession
    /// How redirects are judged.
    package let redirectPolicy: RedirectPolicy
    /// The public-key pins server trust must match, enforced on Apple platforms (FoundationNetworking
    /// on Linux delivers no server-trust challenge, so there the pins are not checked).
    package let pinning: PinningPolicy?
    /// The session's delegate: redirects, pins and each task's state.
    let router: SessionRouter
    /// Credential headers the app's configuration put in `httpAdditionalHeaders`, lifted out
    /// of the session and set on each request instead: the session re-adds its own headers to a
    /// redirected request after the delegate has judged it, so left there they would follow a
    /// redirect to any origin.
    package let sessionCredentials: [String: String]
    /// Whether the session attaches credentials the client's requests do not show (lifted
    /// headers, or cookies from a cookie store): the HTTP cache then treats every request as
    /// credentialed, keeping its responses to the client's scope.
    package let attachesSessionCredentials: Bool

    /// A transport on a new session with `configuration` (``defaultConfiguration()`` by
    /// default: ephemeral, no cookies, no URL cache), judging redirects by `redirectPolicy`
    /// and, with `pinning`, refusing a pinned host whose chain matches none of its pins.
    ///
    /// A configuration with a `urlCache` (`URLCache.shared` in `.default`, an in-memory one in
    /// `.ephemeral`) gets `urlCache = nil` (on a copy; the app's object is left as it is): a
    /// cache keyed by URL alone would keep one account's responses for another and bypass the
    /// ``HTTPCache`` scopes. Use ``APIClient/Configuration``'s `cache` instead. Credential
    /// headers in `httpAdditionalHeaders` are set on each request rather than by the session,
    /// so a redirect to another origin strips them; an ``APIClient`` on this transport sets
    /// them only on requests to its credential scope's origins, as its default headers (a
    /// direct call to another origin goes without them).
    public init(
        configuration: URLSessionConfiguration = URLSessionTransport.defaultConfiguration(),
        redirectPolicy: RedirectPolicy = .default,
        pinning: PinningPolicy? = nil
    ) {
        var configuration = configuration
        var copied = false
        func copyOnce() {
            guard !copied else { return }
            configuration = (configuration.copy() as? URLSessionConfiguration) ?? configuration
            copied = true
        }
        if configuration.urlCache != nil {
            copyOnce()
            configuration.urlCache = nil
        }
        var lifted: [String: String] = [:]
        if let additional = configuration.httpAdditionalHeaders {
            var kept: [AnyHashable: Any] = [:]
            for (key, value) in additional {
                if let name = key as? String, let text = value as? String,
                    redirectPolicy.credentialHeaders.contains(name)
                {
                    lifted[name] = text
                } else {
                    kept[key] = value
                }
            }
            if !lifted.isEmpty {
                copyOnce()
                configuration.httpAdditionalHeaders = kept
            }
        }
        sessionCredentials = lifted
        attachesSessionCredentials =
            !lifted.isEmpty || (configuration.httpShouldSetCookies && configuration.httpCookieStorage != nil)
        let router = SessionRouter(redirectPolicy: redirectPolicy, pinning: pinning)
        self.router = router
        self.redirectPolicy = redirectPolicy
        self.pinning = pinning
        session = URLSession(configuration: configuration, delegate: router, delegateQueue: nil)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// An ephemeral configuration that stores and sends no cookies and caches nothing.
    ///
    /// Cookies are opt-in: FoundationNetworking on Linux matches stored cookies by host only
    /// (a `Secure; Path=/only` cookie goes back over plain `http` and to every path), so a
    /// jar there leaks what the server scoped. An app that needs a session cookie passes a
    /// configuration with `httpCookieStorage` set (on Apple platforms matching follows RFC 6265)
    /// or sets the `Cookie` header itself, which the credential rules then cover.
    public static func defaultConfiguration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return configuration
    }

    /// Declares `headers` as credentials of `task`, a task on ``session`` that the transport
    /// does not run itself (a WebSocket's upgrade). Call it before the task is resumed: a
    /// redirect to another origin then strips them with the policy's own (an undeclared task
    /// has only the policy's).
    package func registerDeclared(_ task: URLSessionTask, headers: Set<String>) {
        router.registerDeclared(task, headers: headers)
    }

    /// The redirect the session delegate refused for `task`, a task registered with
    /// ``registerDeclared(_:headers:)`` (a WebSocket's upgrade), taken once: the session reports
    /// such a task's failure without the reason, which this names.
    package func refusedRedirect(of task: URLSessionTask) -> APIError? {
        router.takeRefusedRedirect(task)
    }

    /// The request the session sends for `task`'s redirect to `proposed`, or why it is refused:
    /// what the session delegate decides.
    package func redirect(_ task: URLSessionTask, to proposed: URLRequest) -> Result<
        URLRequest, RedirectPolicy.Refusal
    > {
        router.redirect(task, to: proposed)
    }

    /// Sends the request through the session.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        try Self.checkFileBody(request)
        return try await run { continuation in self.start(request, continuation: continuation) }
    }

    /// A file body the client checked must still be at its path: the session is given a path
    /// (`uploadTask(with:fromFile:)` takes no descriptor), so a file renamed over it since the
    /// check (a FIFO, `/dev/zero`, another file) is refused here instead of being uploaded.
    /// What is left is the moment between this check and the session's own `open`.
    ///
    /// - Throws: ``APIError/invalidRequest(field:reason:)`` naming the path.
    static func checkFileBody(_ request: TransportRequest) throws {
        guard case .file(let url) = request.body, let checked = request.checkedFile, checked.url == url
        else { return }
        guard checked.pathStillNamesCheckedFile else {
            throw APIError.invalidRequest(
                field: "body.file", reason: "'\(url.path)' was replaced after it was checked")
        }
    }

    /// Runs one task that `start` makes (registered, not yet resumed) and that resumes the
    /// continuation; cancelling the calling task cancels it. `send` and `stream` both run here.
    func run<Result: Sendable>(
        _ start: @escaping @Sendable (CheckedContinuation<Result, any Error>) -> URLSessionTask
    ) async throws -> Result {
        let state = Locked<(task: URLSessionTask?, cancelled: Bool)>((nil, false))
        let work = RequestQueue()
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation {
                    (continuation: CheckedContinuation<Result, any Error>) in
                    // Tasks are made and resumed on a dispatch queue: FoundationNetworking waits
                    // (`sync`) for the session's work queue in both, and a fast response keeps
                    // that queue busy; on the two-thread cooperative pool those waits held up
                    // every timer, so timeouts fired late. The queue is this request's own
                    // serial queue: not a global one (global queues get no new thread while
                    // their threads are blocked by an app's synchronous work; a request waited
                    // 30 s for one in the full test suite), not one shared by every transport
                    // (a busy session's `sync` held up every other client's requests), and not
                    // one per transport (a cancellation waiting for its session held up the
                    // client's next request). Start and cancel of one request stay in order.
                    work.queue.async {
                        let task = start(continuation)
                        let cancelled = state.withLock { state -> Bool in
                            state.task = task
                            return state.cancelled
                        }
                        task.resume()
                        if cancelled { work.cancelSoon(task) }
                    }
                }
            } onCancel: {
                let task = state.withLock { state -> URLSessionTask? in
                    state.cancelled = true
                    return state.task
                }
                if let task { work.cancelSoon(task) }
            }
        } catch let error as URLError {
            throw TransportErrorClassifier.classify(error)
        }
    }

    /// The session task for `request`'s body (a data task, or an upload from memory or a
    /// file) and the bytes it uploads, when known. Whole and streamed calls both start here.
    func makeTask(for request: TransportRequest) -> (URLSessionTask, uploadSize: Int64?) {
        let urlRequest =
            request.attachesSessionCredentials ?? true
            ? withSessionCredentials(request.urlRequest) : request.urlRequest
        switch request.body {
        case .none:
            return (session.dataTask(with: urlRequest), nil)
        case .data(let data):
            return (session.uploadTask(with: urlRequest, from: data), Int64(data.count))
        case .file(let url):
            let size =
                request.checkedFile.flatMap { $0.url == url ? $0.size : nil } ?? fileSize(at: url)
            return (session.uploadTask(with: urlRequest, fromFile: url), size)
        }
    }

    /// `request` with the ``sessionCredentials`` it does not set itself: on the request, a
    /// redirect to another origin strips them as it strips the request's own.
    package func withSessionCredentials(_ request: URLRequest) -> URLRequest {
        guard !sessionCredentials.isEmpty else { return request }
        var request = request
        for (name, value) in sessionCredentials where request.value(forHTTPHeaderField: name) == nil {
            request.setValue(value, forHTTPHeaderField: name)
        }
        return request
    }

    /// Makes the task for `request` and registers it with the router (not yet resumed).
    private func start(
        _ request: TransportRequest, continuation: CheckedContinuation<TransportResponse, any Error>
    ) -> URLSessionTask {
        let (task, uploadSize) = makeTask(for: request)
        router.register(
            task,
            entry: SessionRouter.Entry(
                continuation: continuation, progress: request.progress.map(MonotonicProgress.init),
                uploadSize: uploadSize, limit: request.maximumResponseBodyBytes,
                credentialHeaders: request.credentialHeaders))
        return task
    }

}

/// One request's private serial queue, which always gets a thread of its own (an
/// overcommitting queue), unlike the global concurrent queues. `@unchecked Sendable`: `queue` is
/// immutable and `DispatchQueue` is thread-safe (the iOS 16 SDK does not mark it `Sendable`).
final class RequestQueue: @unchecked Sendable {
    let queue = DispatchQueue(label: "keel.networking.urlsession", qos: .userInitiated)

    /// Cancels on this queue: a cancellation handler or delegate callback must not wait for the
    /// session. Cancelling removes the transfer from the session, which closes its connection.
    func cancelSoon(_ task: URLSessionTask) {
        let box = UncheckedTask(task)
        queue.async { box.task.cancel() }
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

/// The session delegate: routes callbacks to each task's continuation and progress, and judges
/// every redirect by the transport's ``RedirectPolicy``.
final class SessionRouter: NSObject, URLSessionDataDelegate, Sendable {
    /// One task's state. A class so the body is appended in place under the router's lock (a
    /// struct copied out of the dictionary and back would copy the whole body per chunk).
    final class Entry: @unchecked Sendable {
        // Every mutable field is only touched under `SessionRouter.entries`' lock.
        let continuation: CheckedContinuation<TransportResponse, any Error>
        let progress: MonotonicProgress?
        let uploadSize: Int64?
        let limit: Int?
        /// Headers the client marked as credentials on this request, stripped on a redirect
        /// to another origin with the policy's own.
        let credentialHeaders: Set<String>
        var data = Data()
        var response: URLResponse?
        var sent: Int64 = 0
        /// Set when the transport stopped the task itself; reported instead of the cancellation.
        var failure: (any Error)?
        /// The response of an HTTP authentication challenge the transport declined (a `401` or
        /// `407` with `WWW-Authenticate`/`Proxy-Authenticate`): the task is cancelled and this
        /// response, with whatever body arrived, is what the call returns.
        var challenged: HTTPURLResponse?

        init(
            continuation: CheckedContinuation<TransportResponse, any Error>, progress: MonotonicProgress?,
            uploadSize: Int64?, limit: Int?, credentialHeaders: Set<String> = []
        ) {
            self.credentialHeaders = credentialHeaders
            self.continuation = continuation
            self.progress = progress
            self.uploadSize = uploadSize
            self.limit = limit
        }
    }

    private let entries = Locked<[Int: Entry]>([:])
    /// The credential headers declared for tasks the transport does not run itself (a
    /// WebSocket's upgrade), by task: stripped on a redirect to another origin.
    private let declared = Locked<[Int: Set<String>]>([:])
    /// Streamed tasks (`stream(_:)`), handled in URLSessionTransport+Streaming.swift.
    let streams = Locked<[Int: StreamEntry]>([:])
    private let redirectPolicy: RedirectPolicy
    #if canImport(Security)
        private let pinning: ServerTrustPinning?
    #endif

    init(redirectPolicy: RedirectPolicy, pinning: PinningPolicy?) {
        self.redirectPolicy = redirectPolicy
        #if canImport(Security)
            self.pinning = pinning.map { ServerTrustPinning(policy: $0) }
        #endif
    }

    #if canImport(Security)
        /// Server trust goes through the pins (every decision is ``PinningPolicy``'s).
        func urlSession(
            _ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
            completionHandler:
                @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
        ) {
            let (disposition, credential) =
                pinning?.disposition(for: challenge) ?? (.performDefaultHandling, nil)
            completionHandler(disposition, credential)
        }
    #endif

    /// An HTTP authentication challenge (a `401` with `WWW-Authenticate`) is declined and its
    /// response returned, so the client sees ``APIError/status(code:headers:body:isBodyTruncated:)``
    /// at once and interceptors (``AuthenticationInterceptor``) decide. Answering with
    /// `.performDefaultHandling` (what a delegate without this method gets) leaves the task
    /// hanging until its deadline on Linux; there `.rejectProtectionSpace` and
    /// `.cancelAuthenticationChallenge` end the task as cancelled. Server trust and client
    /// certificates keep the platform's (and the pins') handling.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler:
            @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        switch ChallengeAnswer(method: challenge.protectionSpace.authenticationMethod) {
        case .platform:
            #if canImport(Security)
                urlSession(session, didReceive: challenge, completionHandler: completionHandler)
            #else
                completionHandler(.performDefaultHandling, nil)
            #endif
        case .declineAndReturnResponse:
            let response = (challenge.failureResponse ?? task.response) as? HTTPURLResponse
            streamWasChallenged(task, response: response)
            entries.withLock { entries in
                guard let entry = entries[task.taskIdentifier], entry.failure == nil else { return }
                if let response {
                    entry.challenged = response
                } else {
                    entry.failure = APIError.invalidResponse(
                        reason: "an authentication challenge came without a response", body: Data())
                }
            }
            completionHandler(.cancelAuthenticationChallenge, nil)
        }
    }

    func register(_ task: URLSessionTask, entry: Entry) {
        entries.withLock { $0[task.taskIdentifier] = entry }
    }

    /// Declares `headers` as credentials of `task`, a task on this router's session that the
    /// transport does not run itself (a WebSocket): call it before the task is resumed, so a
    /// redirect to another origin strips them with the policy's own. Forgotten when the task
    /// completes.
    func registerDeclared(_ task: URLSessionTask, headers: Set<String>) {
        declared.withLock { $0[task.taskIdentifier] = headers }
    }

    /// The refused redirects of registered tasks, by task, until taken.
    private let refusedRedirects = Locked<[Int: APIError]>([:])

    /// The redirect refused for registered `task`, removed.
    func takeRefusedRedirect(_ task: URLSessionTask) -> APIError? {
        refusedRedirects.withLock { $0.removeValue(forKey: task.taskIdentifier) }
    }

    /// The request to send for `task`'s redirect to `proposed`, or why it is refused: the
    /// policy's decision with the header names declared for the task (by the call that runs
    /// it, or ``registerDeclared(_:headers:)``).
    func redirect(_ task: URLSessionTask, to proposed: URLRequest) -> Result<
        URLRequest, RedirectPolicy.Refusal
    > {
        // Without the task's URL the redirect is judged as one from an unknown origin (fail
        // closed): credentials stripped, or refused by a policy that stays on one origin.
        let source = task.currentRequest?.url ?? task.originalRequest?.url ?? Self.unknownSource
        let names =
            entries.withLock { $0[task.taskIdentifier]?.credentialHeaders } ?? streamCredentialHeaders(task)
            ?? declared.withLock { $0[task.taskIdentifier] } ?? []
        return redirectPolicy.request(redirecting: proposed, from: source, declared: names)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        if streamDidReceive(dataTask, response: response, completionHandler: completionHandler) { return }
        // A head that fails the limits ends the call at once: the caller does not wait for the
        // cancelled task to drain through the session's queue.
        let failed = entries.withLock { entries -> (Entry, APIError)? in
            guard let entry = entries[dataTask.taskIdentifier] else { return nil }
            entry.response = response
            if let problem = ResponseLimits.problem(
                with: response as? HTTPURLResponse, limit: entry.limit,
                method: dataTask.originalRequest?.httpMethod)
            {
                entries[dataTask.taskIdentifier] = nil
                return (entry, problem)
            }
            if let limit = entry.limit, let expected = ResponseLimits.declaredLength(of: response),
                expected > 0
            {
                entry.data.reserveCapacity(Int(min(expected, Int64(limit), 16 << 20)))
            }
            return nil
        }
        if let (entry, problem) = failed {
            entry.continuation.resume(throwing: problem)
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        if streamDidReceive(dataTask, data: data) { return }
        enum Step {
            case report(MonotonicProgress, Int64, Int64?)
            case tooLarge(Entry, limit: Int)
        }
        let step = entries.withLock { entries -> Step? in
            guard let entry = entries[dataTask.taskIdentifier], entry.failure == nil else { return nil }
            if let limit = entry.limit, data.count > limit - entry.data.count {
                entries[dataTask.taskIdentifier] = nil
                return .tooLarge(entry, limit: limit)
            }
            entry.data.append(data)
            guard let progress = entry.progress else { return nil }
            let expected = entry.response?.expectedContentLength ?? -1
            return .report(progress, Int64(entry.data.count), expected > 0 ? expected : nil)
        }
        switch step {
        case .report(let progress, let received, let total):
            progress.report(
                TransferProgress(direction: .download, completedBytes: received, totalBytes: total))
        case .tooLarge(let entry, let limit):
            // Over the cap: fail the call now and stop the transfer (closing its connection).
            entry.continuation.resume(throwing: APIError.responseTooLarge(limit: limit))
            RequestQueue().cancelSoon(dataTask)
        case nil:
            break
        }
    }

    /// The source a redirect is judged from when its task has no URL: one without an origin.
    static let unknownSource = URL(string: "about:blank")!

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        switch redirect(task, to: request) {
        case .success(let next):
            completionHandler(next)
        case .failure(let refusal):
            let source = task.currentRequest?.url ?? task.originalRequest?.url ?? request.url
            let target = request.url ?? source
            guard let source, let target else {
                completionHandler(nil)
                return
            }
            streamDidFail(task, APIError.redirectRefused(from: source, to: target, reason: refusal.reason))
            // A registered task (a WebSocket's upgrade) fails with the redirect's response, not
            // the reason: it is kept for the task's owner to name.
            if declared.withLock({ $0[task.taskIdentifier] != nil }) {
                refusedRedirects.withLock {
                    $0[task.taskIdentifier] = APIError.redirectRefused(
                        from: source, to: target, reason: refusal.reason)
                }
            }
            entries.withLock { entries in
                if let entry = entries[task.taskIdentifier], entry.failure == nil {
                    entry.failure = APIError.redirectRefused(from: source, to: target, reason: refusal.reason)
                }
            }
            completionHandler(nil)
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        streamDidSend(task, bytes: bytesSent, expected: totalBytesExpectedToSend)
        // The running total is summed from `bytesSent`: FoundationNetworking reads
        // `totalBytesSent` when the queued callback runs, so a fast upload would report its
        // final total for every chunk and the steps in between would be lost.
        let update = entries.withLock { entries -> (MonotonicProgress, Int64, Int64?)? in
            guard let entry = entries[task.taskIdentifier], let progress = entry.progress else { return nil }
            entry.sent += bytesSent
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
        declared.withLock { $0[task.taskIdentifier] = nil }
        if streamDidComplete(task, error: error) { return }
        guard let entry = entries.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let failure = entry.failure {
            entry.continuation.resume(throwing: failure)
            return
        }
        if let challenged = entry.challenged {
            // The task ended because the challenge was declined: the call gets the challenge's
            // response (and any body that arrived before it), not a cancellation.
            let body = entry.response == nil ? Data() : entry.data
            entry.continuation.resume(returning: TransportResponse(response: challenged, data: body))
            return
        }
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

/// How ``URLSessionTransport`` answers an authentication challenge, by its method: pure, so
/// the choice is tested on every platform.
package enum ChallengeAnswer: Equatable {
    /// Server trust (the pins decide on Apple platforms) and client certificates: the
    /// platform's handling.
    case platform
    /// HTTP authentication (Basic, Digest, NTLM, Negotiate …): decline, end the task and
    /// return the challenge's `401`/`407` response as the result.
    case declineAndReturnResponse

    /// The values of `NSURLAuthenticationMethodServerTrust` and
    /// `NSURLAuthenticationMethodClientCertificate` (unavailable in FoundationNetworking).
    package static let platformMethods: Set<String> = [
        "NSURLAuthenticationMethodServerTrust", "NSURLAuthenticationMethodClientCertificate",
    ]

    /// The answer for a protection space's `authenticationMethod`.
    package init(method: String) {
        switch method {
        case _ where Self.platformMethods.contains(method):
            self = .platform
        default:
            self = .declineAndReturnResponse
        }
    }
}

/// The checks a response head must pass before its body is read: pure, shared by every
/// transport and the client.
package enum ResponseLimits {
    /// The `Content-Length` the response declares: `nil` when absent; throws-free, so an
    /// invalid value is reported by ``problem(with:limit:)``.
    static func declaredLength(of response: URLResponse?) -> Int64? {
        guard let http = response as? HTTPURLResponse,
            let value = http.value(forHTTPHeaderField: "Content-Length")
        else { return nil }
        return try? parseContentLength(value).get()
    }

    /// A `Content-Length` value as a byte count (RFC 9110 §8.6: one or more digits; a list of
    /// identical values is accepted), or why it is not one: not digits, differing values, or a
    /// number past `Int64.max`.
    package static func parseContentLength(_ value: String) -> Result<Int64, APIError> {
        var result: Int64?
        for part in value.split(separator: ",", omittingEmptySubsequences: false) {
            let digits = part.trimmingCharacters(in: .whitespaces)
            guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
                return .failure(invalid(value, "is not a number of bytes"))
            }
            var length: Int64 = 0
            for byte in digits.utf8 {
                let (times, overflow1) = length.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times.addingReportingOverflow(Int64(byte - 48))
                guard !overflow1, !overflow2 else {
                    return .failure(invalid(value, "is larger than any body can be"))
                }
                length = sum
            }
            if let result, result != length { return .failure(invalid(value, "lists different lengths")) }
            result = length
        }
        guard let result else { return .failure(invalid(value, "is empty")) }
        return .success(result)
    }

    /// Why a response with this head cannot be accepted under `limit`, or `nil`. The
    /// `Content-Length` must parse; it counts against `limit` only when a body follows (not for
    /// `HEAD`, where it describes the `GET` body, nor for 1xx, 204 and 304).
    package static func problem(with response: HTTPURLResponse?, limit: Int?, method: String? = nil)
        -> APIError?
    {
        guard let response, let value = response.value(forHTTPHeaderField: "Content-Length") else {
            return nil
        }
        switch parseContentLength(value) {
        case .failure(let error):
            return error
        case .success(let length):
            let status = response.statusCode
            let bodiless =
                method?.uppercased() == "HEAD" || (100..<200).contains(status) || status == 204
                || status == 304
            if let limit, !bodiless, length > Int64(max(0, limit)) { return .responseTooLarge(limit: limit) }
            return nil
        }
    }

    private static func invalid(_ value: String, _ why: String) -> APIError {
        let shown = value.count > 40 ? String(value.prefix(40)) + "…" : value
        return .invalidResponse(reason: "Content-Length '\(shown)' \(why)", body: Data())
    }
}

/// The size of the file at `url`, or `nil` when it cannot be read.
func fileSize(at url: URL) -> Int64? {
    guard let size = try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize else { return nil }
    return Int64(size)
}
