import Foundation
import KeelSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Whether a finished background download is the file that was asked for: pure, so the rule
/// is tested on every platform. Only a `2xx` answer is moved into place; an error page (a
/// `403`, a `500`) the system downloaded just the same is not.
package enum BackgroundDownloadOutcome {
    /// `.success` for an HTTP `2xx` response; otherwise the failure reported instead of the
    /// file: ``APIError/status(code:headers:body:isBodyTruncated:)`` for another status,
    /// ``APIError/invalidResponse(reason:body:)`` without an HTTP response.
    package static func decide(_ response: URLResponse?) -> Result<Void, APIError> {
        guard let http = response as? HTTPURLResponse else {
            return .failure(
                .invalidResponse(
                    reason: "the background download ended without an HTTP response", body: Data()))
        }
        guard (200..<300).contains(http.statusCode) else {
            return .failure(
                .status(
                    code: http.statusCode, headers: APIClient.headers(of: http), body: Data(),
                    isBodyTruncated: false))
        }
        return .success(())
    }

    /// ``decide(_:)``, then the size: a finished file of more than `maximumBytes` bytes is
    /// ``APIError/responseTooLarge(limit:)``, never moved into place.
    package static func decide(_ response: URLResponse?, fileSize: Int64, maximumBytes: Int64)
        -> Result<Void, APIError>
    {
        if case .failure(let error) = decide(response) { return .failure(error) }
        guard fileSize <= maximumBytes else { return .failure(.responseTooLarge(limit: Int(maximumBytes))) }
        return .success(())
    }

    /// Whether a transfer that has written `written` bytes of `expected` (negative: unknown,
    /// as `NSURLSessionTransferSizeUnknown`) has passed `limit`: it is cancelled then, as soon
    /// as the announced length says so or the bytes pass it.
    package static func exceedsLimit(written: Int64, expected: Int64, limit: Int64) -> Bool {
        written > limit || expected > limit
    }
}

#if canImport(Darwin)
    /// Downloads that go on while the app is suspended or terminated, on a
    /// `URLSessionConfiguration.background` session (Apple platforms). The system performs the
    /// transfer; when it ends with a `2xx` answer, the file is moved to where `destination`
    /// says (`0600`, one atomic rename) and `completion` is told; another status (an error
    /// page) is reported as ``APIError/status(code:headers:body:isBodyTruncated:)`` and its
    /// body dropped. A transfer past `maximumBytes` (announced, or as written) is cancelled
    /// and reported as ``APIError/responseTooLarge(limit:)``. The session stores and sends no
    /// cookies and caches nothing.
    ///
    /// Create one per identifier at launch (the system reconnects a relaunched app's session by
    /// its identifier), start downloads with `APIClient.backgroundDownload(_:with:)`, and hand
    /// the system's wake-up to it from the app delegate:
    ///
    /// ```swift
    /// func application(
    ///     _ application: UIApplication, handleEventsForBackgroundURLSession identifier: String,
    ///     completionHandler: @escaping () -> Void
    /// ) {
    ///     _ = downloads.handleEvents(forBackgroundSession: identifier, completionHandler: completionHandler)
    /// }
    /// ```
    ///
    /// The completion handler is called once the session has delivered every event (after
    /// the files are in place), on the main queue, as the system asks.
    ///
    /// **Redirects and pins.** The system follows a background task's redirects itself: a
    /// background session's delegate is never asked, so ``RedirectPolicy`` cannot strip the
    /// request's headers on a redirect to another origin or refuse `https` → `http`. Keel
    /// therefore refuses to start a background download whose request carries a credential
    /// (a ``CredentialHeaders`` header, one an interceptor or ``AuthenticationProvider``
    /// declared, or user info in the URL) unless `allowsCredentialHeaders` is `true` — the app
    /// then accepts that the credential follows any redirect the server sends. A download from
    /// a presigned URL (the credential in its query, no header) needs no opt-in. Server trust
    /// challenges do reach this delegate: given `pinning` (the ``PinningPolicy`` the client's
    /// ``URLSessionTransport`` has), they are answered as the transport answers them, and a
    /// download through a client whose transport pins is refused while this session has none.
    public final class BackgroundDownloads: @unchecked Sendable {
        // `@unchecked Sendable`: every stored property is a constant; the mutable state is the
        // delegate's, under its lock.
        /// The background session's identifier.
        public let identifier: String
        private let delegate: BackgroundSessionDelegate
        private let session: URLSession
        /// The pins server trust challenges are answered with.
        package var pinning: PinningPolicy? { delegate.pinning }
        /// Whether a request carrying a credential may be started (it follows redirects).
        package let allowsCredentialHeaders: Bool

        /// A background session named `identifier`. `destination` maps a finished download's
        /// original URL to the file it goes to (`nil`: discard it); `completion` gets the
        /// original URL and the file, or why it failed. `pinning` is enforced on every server
        /// trust challenge; `allowsCredentialHeaders` lets requests carrying a credential start
        /// although the system follows their redirects, to any origin, with every header.
        /// `maximumBytes` (1 GiB by default) bounds each file: a transfer announcing or writing
        /// more is cancelled.
        public init(
            identifier: String, pinning: PinningPolicy? = nil, allowsCredentialHeaders: Bool = false,
            maximumBytes: Int64 = 1 << 30,
            destination: @escaping @Sendable (URL) -> URL?,
            completion: @escaping @Sendable (URL, Result<URL, any Error>) -> Void
        ) {
            self.identifier = identifier
            self.allowsCredentialHeaders = allowsCredentialHeaders
            delegate = BackgroundSessionDelegate(
                destination: destination, completion: completion, pinning: pinning,
                maximumBytes: max(0, maximumBytes))
            let configuration = URLSessionConfiguration.background(withIdentifier: identifier)
            configuration.httpCookieStorage = nil
            configuration.httpShouldSetCookies = false
            configuration.urlCache = nil
            // The session keeps its delegate (not this object, so the session's callbacks are
            // not part of the public API) until it is invalidated.
            session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        }

        /// Starts downloading `request` (already through the client's interceptors).
        package func start(_ request: URLRequest) {
            session.downloadTask(with: request).resume()
        }

        /// Takes the system's wake-up for `identifier`; `false` when it names another session.
        public func handleEvents(
            forBackgroundSession identifier: String, completionHandler: @escaping () -> Void
        )
            -> Bool
        {
            guard identifier == self.identifier else { return false }
            delegate.pending.withLock { $0 = completionHandler }
            return true
        }
    }

    /// The background session's delegate: moves finished downloads into place, answers trust
    /// challenges with the pins and hands the system's completion handler back.
    /// `@unchecked Sendable`: its constants are set in `init`; `pending` is under its lock.
    private final class BackgroundSessionDelegate: NSObject, URLSessionDownloadDelegate,
        @unchecked Sendable
    {
        let destination: @Sendable (URL) -> URL?
        let completion: @Sendable (URL, Result<URL, any Error>) -> Void
        let pinning: PinningPolicy?
        let maximumBytes: Int64
        let pending = Locked<(() -> Void)?>(nil)
        /// The tasks cancelled for passing ``maximumBytes``: their completion reports the limit,
        /// not a cancellation.
        let tooLarge = Locked<Set<Int>>([])

        init(
            destination: @escaping @Sendable (URL) -> URL?,
            completion: @escaping @Sendable (URL, Result<URL, any Error>) -> Void,
            pinning: PinningPolicy?, maximumBytes: Int64
        ) {
            self.destination = destination
            self.completion = completion
            self.pinning = pinning
            self.maximumBytes = maximumBytes
        }

        /// Cancels a transfer as soon as it announces or writes more than ``maximumBytes``.
        func urlSession(
            _ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
            totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64
        ) {
            guard
                BackgroundDownloadOutcome.exceedsLimit(
                    written: totalBytesWritten, expected: totalBytesExpectedToWrite, limit: maximumBytes)
            else { return }
            tooLarge.withLock { _ = $0.insert(downloadTask.taskIdentifier) }
            downloadTask.cancel()
        }

        /// Moves a finished download into place and reports it.
        func urlSession(
            _ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL
        ) {
            // The file at `location` is removed when this method returns: move it now.
            guard let original = downloadTask.originalRequest?.url else { return }
            guard let target = destination(original) else { return }
            let size = (try? location.resourceValues(forKeys: [.fileSizeKey]).fileSize).map(Int64.init) ?? 0
            let result = Result { () throws -> URL in
                try BackgroundDownloadOutcome.decide(
                    downloadTask.response, fileSize: size, maximumBytes: maximumBytes
                ).get()
                guard chmod(location.path, 0o600) == 0, rename(location.path, target.path) == 0 else {
                    throw DownloadFileError(path: target.path, reason: POSIXFiles.errorText())
                }
                return target
            }
            completion(original, result)
        }

        /// Answers server trust challenges with `pinning` through ``ServerTrustPinning``, as
        /// ``URLSessionTransport`` does; without pins, and for any other challenge, the
        /// system's default handling.
        func urlSession(
            _ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
            completionHandler:
                @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
        ) {
            guard let pinning else {
                completionHandler(.performDefaultHandling, nil)
                return
            }
            let (disposition, credential) = ServerTrustPinning(policy: pinning).disposition(for: challenge)
            completionHandler(disposition, credential)
        }

        /// Reports a download that failed.
        func urlSession(
            _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
        ) {
            let cutOff = tooLarge.withLock { $0.remove(task.taskIdentifier) != nil }
            guard let error, let original = task.originalRequest?.url else { return }
            completion(
                original, .failure(cutOff ? APIError.responseTooLarge(limit: Int(maximumBytes)) : error))
        }

        /// Calls the completion handler the app delegate handed over, on the main queue.
        func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {
            let handler = pending.withLock { handler -> (() -> Void)? in
                defer { handler = nil }
                return handler
            }
            guard let handler else { return }
            let box = UncheckedHandler(handler: handler)
            DispatchQueue.main.async { box.handler() }
        }
    }

    /// Carries the system's completion handler to the main queue. `@unchecked Sendable`: it is
    /// called once, there.
    private struct UncheckedHandler: @unchecked Sendable {
        let handler: () -> Void
    }

    extension APIClient {
        /// Starts downloading `endpoint` on `downloads`' background session: the request is
        /// built and adapted by the interceptors now (a credential in it, allowed only with
        /// `allowsCredentialHeaders`, must outlive the transfer),
        /// then the system performs it, even after the app is suspended.
        ///
        /// - Throws: ``APIError/invalidRequest(field:reason:)`` when the request carries a
        ///   credential and `downloads` was not created with `allowsCredentialHeaders` (the
        ///   system follows a background task's redirects with every header, to any origin), or
        ///   when this client's ``URLSessionTransport`` pins hosts and `downloads` has no
        ///   `pinning`.
        public func backgroundDownload(_ endpoint: some APIEndpoint, with downloads: BackgroundDownloads)
            async throws
        {
            let endpoint = Endpoint<Data>(endpoint, decoding: .data)
            let adapted = try await adaptedRequest(
                for: endpoint, timeout: endpoint.timeout ?? configuration.timeout, usesClientSession: false)
            if (transport as? URLSessionTransport)?.pinning != nil, downloads.pinning == nil {
                throw APIError.invalidRequest(
                    field: "pinning",
                    reason:
                        "the client's transport pins hosts and the background session has no pins: "
                        + "pass the same PinningPolicy to BackgroundDownloads(pinning:)")
            }
            if !downloads.allowsCredentialHeaders {
                let credentials = configuration.credentialHeaders.declaring(adapted.credentialHeaders)
                if let name = adapted.request.allHTTPHeaderFields?.keys.first(where: {
                    credentials.contains($0)
                }) {
                    throw APIError.invalidRequest(
                        field: "headers[\(name)]",
                        reason:
                            "a background session follows redirects itself, to any origin, with every "
                            + "header: create BackgroundDownloads(allowsCredentialHeaders: true) to send it")
                }
                if let url = adapted.request.url, CachedExchange.hasUserInfo(url) {
                    throw APIError.invalidRequest(
                        field: "url",
                        reason:
                            "user info in a background download's URL follows its redirects: "
                            + "create BackgroundDownloads(allowsCredentialHeaders: true) to send it")
                }
            }
            downloads.start(adapted.request)
        }
    }
#endif
