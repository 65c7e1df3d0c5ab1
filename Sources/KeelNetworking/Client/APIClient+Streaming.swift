import Foundation
import KeelSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension APIClient {
    /// Sends `endpoint` and returns as soon as the response head arrives, with the body still
    /// arriving: chunks of bytes with back-pressure, or ``ResponseBody/lines`` and
    /// ``ResponseBody/jsonLines(of:decoder:)`` over them.
    ///
    /// Everything `send` does applies up to the head: interceptors adapt each attempt and
    /// decide retries, an unacceptable status throws ``APIError/status(code:headers:body:isBodyTruncated:)``
    /// (with the first bytes of its body), event monitors see the attempt and the head, and the
    /// call's timeout bounds the wait for the head. The body then counts against the response
    /// body cap (``APIError/responseTooLarge(limit:)``), a connection lost mid-body throws
    /// ``APIError/transport(_:)``, and the monitors' `requestDidFinish` reports its end.
    /// Cancelling the reading task, or dropping the body unread, cancels the transfer. The
    /// HTTP cache is not used.
    ///
    /// ```swift
    /// let streamed = try await client.bytes(for: Endpoint<Data>(.get, target: .path("export"), decoding: .data))
    /// for try await chunk in streamed.body { try file.write(contentsOf: chunk) }
    /// ```
    ///
    /// - Throws: ``APIError``; `CancellationError` when the calling task is cancelled; an
    ///   interceptor's own error when it stops the call.
    public func bytes(for endpoint: some APIEndpoint) async throws -> StreamedResponse {
        try await stream(Endpoint<Data>(endpoint, decoding: .data), progress: nil)
    }

    /// ``bytes(for:)`` with download (and upload) progress, and `maximumBodyBytes` instead of
    /// the configuration's body cap when given (a download to a file). Without
    /// `usesRetryPolicy` the client's ``RetryPolicy`` is not asked (interceptors still are):
    /// an event stream's reconnections are its own machine's to decide.
    /// The event monitors redact the credential headers the call's interceptors declare
    /// (``CallCredentialHeaders``), when the head arrives and when the body ends.
    package func stream(
        _ endpoint: Endpoint<Data>, progress: (@Sendable (TransferProgress) -> Void)?,
        maximumBodyBytes: Int? = nil, usesRetryPolicy: Bool = true
    ) async throws -> StreamedResponse {
        let call = CallCredentialHeaders()
        return try await CallCredentialHeaders.local.withValue(call) {
            try await streamCall(
                endpoint, progress: progress, maximumBodyBytes: maximumBodyBytes,
                usesRetryPolicy: usesRetryPolicy, call: call)
        }
    }

    /// ``stream(_:progress:maximumBodyBytes:usesRetryPolicy:)`` with the call's credential
    /// names in place (and bound again when the body ends, on whatever task ends it).
    private func streamCall(
        _ endpoint: Endpoint<Data>, progress: (@Sendable (TransferProgress) -> Void)?,
        maximumBodyBytes: Int?, usesRetryPolicy: Bool, call: CallCredentialHeaders
    ) async throws -> StreamedResponse {
        let clock = self.clock
        let elapsed = ElapsedClock(clock).elapsed
        let timeout = endpoint.timeout ?? configuration.timeout
        let monitors = configuration.eventMonitors
        let bodyLimit = max(0, maximumBodyBytes ?? configuration.maximumResponseBodyBytes)
        let state = CallState()
        var temporaryFile: URL?
        do {
            let prepared = try await RequestBuilder(client: self).build(
                endpoint, timeout: timeout)
            temporaryFile = prepared.temporaryFile
            try refuseWhenCacheOnly(endpoint, url: prepared.request.url)
            let (streamed, request) = try await withDeadline(timeout, clock: clock) {
                try await self.streamAttempts(
                    endpoint, prepared: prepared, progress: progress, bodyLimit: bodyLimit, state: state,
                    usesRetryPolicy: usesRetryPolicy)
            }
            let attempts = state.attempts
            let file = temporaryFile
            let observer = BodyObserver(
                limit: bodyLimit,
                mapError: { error in Self.bodyFailure(error) },
                onEnd: { error in
                    if let file { try? FileManager.default.removeItem(at: file) }
                    let duration = elapsed()
                    let outcome: RequestOutcome = error.map { .failure($0) } ?? .success(streamed.response)
                    CallCredentialHeaders.local.withValue(call) {
                        for monitor in monitors {
                            monitor.requestDidFinish(
                                request, outcome: outcome, attempts: attempts, duration: duration)
                        }
                    }
                })
            return StreamedResponse(response: streamed.response, body: streamed.body.observed(by: observer))
        } catch {
            if let temporaryFile { try? FileManager.default.removeItem(at: temporaryFile) }
            throw callFailure(error, timeout: timeout, state: state, duration: elapsed())
        }
    }

    /// The attempt loop of a streamed call, up to an acceptable head.
    private func streamAttempts(
        _ endpoint: Endpoint<Data>, prepared: RequestBuilder.Prepared,
        progress: (@Sendable (TransferProgress) -> Void)?, bodyLimit: Int, state: CallState,
        usesRetryPolicy: Bool
    ) async throws -> (StreamedResponse, URLRequest) {
        let interceptors = configuration.interceptors + endpoint.interceptors
        let policy = usesRetryPolicy ? configuration.retryPolicy : nil
        let deciders: [any APIInterceptor] = interceptors + (policy.map { [$0] } ?? [])
        let context = RequestContext(
            method: endpoint.method, isIdempotent: endpoint.isEffectivelyIdempotent,
            baseURL: configuration.baseURL)
        let monitors = configuration.eventMonitors
        while true {
            let attempt = context.attempt
            var request = prepared.request
            for interceptor in interceptors {
                try await interceptor.adapt(&request, context: context)
            }
            try Self.validateHeaders(of: request)
            CallCredentialHeaders.current?.declare(context.credentialHeaders)
            state.record(request, attempt: attempt)
            for monitor in monitors {
                monitor.requestWillSend(request, body: prepared.body, attempt: attempt)
            }
            let failure: AttemptFailure
            do {
                let declared = configuration.credentialHeaders.declared.union(context.credentialHeaders)
                let streamed = try await transport.stream(
                    TransportRequest(
                        urlRequest: request, body: prepared.body, sampleResponse: endpoint.sampleResponse,
                        progress: progress, maximumResponseBodyBytes: bodyLimit, credentialHeaders: declared,
                        checkedFile: prepared.checkedFile,
                        attachesSessionCredentials: attachesSessionCredentials(to: request.url)))
                if let problem = ResponseLimits.problem(
                    with: streamed.response, limit: bodyLimit, method: request.httpMethod)
                {
                    streamed.body.cancel()
                    throw problem
                }
                if endpoint.acceptableStatusCodes.contains(streamed.response.statusCode) {
                    for monitor in monitors {
                        monitor.requestDidReceive(
                            streamed.response, data: Data(), for: request, attempt: attempt)
                    }
                    return (streamed, request)
                }
                // An unacceptable status: its body is short or unwanted; keep the first bytes.
                let kept = max(0, configuration.maximumKeptErrorBodyBytes)
                var body = Data()
                var truncated = false
                for try await chunk in streamed.body {
                    body.append(chunk.prefix(kept + 1 - body.count))
                    if body.count > kept {
                        truncated = true
                        streamed.body.cancel()
                        break
                    }
                }
                for monitor in monitors {
                    monitor.requestDidReceive(streamed.response, data: body, for: request, attempt: attempt)
                }
                let error = APIError.status(
                    code: streamed.response.statusCode, headers: Self.headers(of: streamed.response),
                    body: truncated ? Data(body.prefix(kept)) : body, isBodyTruncated: truncated)
                failure = AttemptFailure(error: error, response: streamed.response, body: body.prefix(kept))
            } catch let error as APIError {
                throw error
            } catch {
                failure = try Self.transportFailure(error)
            }

            try await retryOrThrow(
                failure, request: request, attempt: attempt, deciders: deciders, context: context)
        }
    }

    /// What a body's reader throws: `CancellationError` for a cancellation, ``APIError`` as
    /// is, a transport failure as ``APIError/transport(_:)``.
    static func bodyFailure(_ error: any Error) -> any Error {
        if error is CancellationError || error is APIError { return error }
        if let urlError = error as? URLError {
            if urlError.code == .cancelled { return CancellationError() }
            return APIError.transport(TransportErrorClassifier.classify(urlError))
        }
        return error
    }
}
