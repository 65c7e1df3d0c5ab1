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
}

#if canImport(Darwin)
    /// Downloads that go on while the app is suspended or terminated, on a
    /// `URLSessionConfiguration.background` session (Apple platforms). The system performs the
    /// transfer; when it ends with a `2xx` answer, the file is moved to where `destination`
    /// says (`0600`, one atomic rename) and `completion` is told; another status (an error
    /// page) is reported as ``APIError/status(code:headers:body:isBodyTruncated:)`` and its
    /// body dropped. The session stores and sends no cookies and caches nothing.
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
    public final class BackgroundDownloads: NSObject, URLSessionDownloadDelegate, @unchecked Sendable {
        // `@unchecked Sendable`: `session` is set once in `init`; the mutable state is in
        // `pending`, under its lock.
        /// The background session's identifier.
        public let identifier: String
        private let destination: @Sendable (URL) -> URL?
        private let completion: @Sendable (URL, Result<URL, any Error>) -> Void
        private let pending = Locked<(() -> Void)?>(nil)
        private var session: URLSession!

        /// A background session named `identifier`. `destination` maps a finished download's
        /// original URL to the file it goes to (`nil`: discard it); `completion` gets the
        /// original URL and the file, or why it failed.
        public init(
            identifier: String, destination: @escaping @Sendable (URL) -> URL?,
            completion: @escaping @Sendable (URL, Result<URL, any Error>) -> Void
        ) {
            self.identifier = identifier
            self.destination = destination
            self.completion = completion
            super.init()
            let configuration = URLSessionConfiguration.background(withIdentifier: identifier)
            configuration.httpCookieStorage = nil
            configuration.httpShouldSetCookies = false
            configuration.urlCache = nil
            session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
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
            pending.withLock { $0 = completionHandler }
            return true
        }

        /// Moves a finished download into place and reports it.
        public func urlSession(
            _ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL
        ) {
            // The file at `location` is removed when this method returns: move it now.
            guard let original = downloadTask.originalRequest?.url else { return }
            guard let target = destination(original) else { return }
            let result = Result { () throws -> URL in
                try BackgroundDownloadOutcome.decide(downloadTask.response).get()
                guard chmod(location.path, 0o600) == 0, rename(location.path, target.path) == 0 else {
                    throw DownloadFileError(path: target.path, reason: POSIXFiles.errorText())
                }
                return target
            }
            completion(original, result)
        }

        /// Reports a download that failed.
        public func urlSession(
            _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
        ) {
            guard let error, let original = task.originalRequest?.url else { return }
            completion(original, .failure(error))
        }

        /// Calls the completion handler the app delegate handed over, on the main queue.
        public func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {
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
        /// built and adapted by the interceptors now (a token in it must outlive the transfer),
        /// then the system performs it, even after the app is suspended.
        public func backgroundDownload(_ endpoint: some APIEndpoint, with downloads: BackgroundDownloads)
            async throws
        {
            let endpoint = Endpoint<Data>(endpoint, decoding: .data)
            let adapted = try await adaptedRequest(
                for: endpoint, timeout: endpoint.timeout ?? configuration.timeout)
            downloads.start(adapted.request)
        }
    }
#endif
