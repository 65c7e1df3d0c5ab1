import Foundation
import KeelSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension APIClient {
    /// Runs one call: build, then attempts under the call's deadline. The event monitors
    /// redact the credential headers the call's interceptors declare (``CallCredentialHeaders``).
    func execute<Response>(
        _ endpoint: Endpoint<Response>,
        progress: (@Sendable (TransferProgress) -> Void)?
    ) async throws -> APIResponse<Response> {
        // Only interceptors declare names: without any, no per-call set is needed.
        guard !configuration.interceptors.isEmpty || !endpoint.interceptors.isEmpty else {
            return try await executeCall(endpoint, progress: progress)
        }
        return try await CallCredentialHeaders.local.withValue(CallCredentialHeaders()) {
            try await executeCall(endpoint, progress: progress)
        }
    }

    /// ``execute(_:progress:)`` with the call's credential names in place.
    private func executeCall<Response>(
        _ endpoint: Endpoint<Response>,
        progress: (@Sendable (TransferProgress) -> Void)?
    ) async throws -> APIResponse<Response> {
        let clock = self.clock
        let elapsed = ElapsedClock(clock).elapsed
        let timeout = endpoint.timeout ?? configuration.timeout
        let monitors = configuration.eventMonitors
        let state = CallState()
        do {
            let prepared = try await RequestBuilder(client: self).build(
                endpoint, timeout: timeout)
            defer { if let file = prepared.temporaryFile { try? FileManager.default.removeItem(at: file) } }
            let result = try await withDeadline(timeout, clock: clock) {
                try await self.attempts(endpoint, prepared: prepared, progress: progress, state: state)
            }
            let duration = elapsed()
            for monitor in monitors {
                monitor.requestDidFinish(
                    result.request, outcome: .success(result.response), attempts: result.attempts,
                    duration: duration)
            }
            return result
        } catch {
            throw callFailure(error, timeout: timeout, state: state, duration: elapsed())
        }
    }

    /// The attempt loop: adapt, send, validate, decode; on failure ask the interceptors.
    private func attempts<Response>(
        _ endpoint: Endpoint<Response>,
        prepared: RequestBuilder.Prepared,
        progress: (@Sendable (TransferProgress) -> Void)?,
        state: CallState
    ) async throws -> APIResponse<Response> {
        // Most endpoints add no interceptors: the client's lists are used as they are.
        let interceptors =
            endpoint.interceptors.isEmpty
            ? configuration.interceptors : configuration.interceptors + endpoint.interceptors
        let deciders =
            endpoint.interceptors.isEmpty
            ? clientDeciders : interceptors + (configuration.retryPolicy.map { [$0] } ?? [])
        let context = RequestContext(
            method: endpoint.method, isIdempotent: endpoint.isEffectivelyIdempotent,
            baseURL: configuration.baseURL)
        let bodyLimit = max(0, configuration.maximumResponseBodyBytes)
        let monitors = configuration.eventMonitors
        let decoder = endpoint.decoder ?? configuration.decoder
        let exchange = cachedExchange(for: endpoint)
        while true {
            let attempt = context.attempt
            var request = prepared.request
            for interceptor in interceptors {
                try await interceptor.adapt(&request, context: context)
            }
            // The builder validated the request's own headers; only interceptors add others.
            if !interceptors.isEmpty {
                try Self.validateHeaders(of: request)
                CallCredentialHeaders.current?.declare(context.credentialHeaders)
            }
            state.record(request, attempt: attempt)
            for monitor in monitors {
                monitor.requestWillSend(request, body: prepared.body, attempt: attempt)
            }

            let failure: AttemptFailure
            do {
                let transport = self.transport
                let body = prepared.body
                let checkedFile = prepared.checkedFile
                let sample = endpoint.sampleResponse
                let credentials = configuration.credentialHeaders.declaring(context.credentialHeaders)
                let declared = credentials.declared
                let sessionCredentials = attachesSessionCredentials(to: request.url)
                let send: CachedExchange.Send = { request in
                    try await transport.send(
                        TransportRequest(
                            urlRequest: request, body: body, sampleResponse: sample, progress: progress,
                            maximumResponseBodyBytes: bodyLimit, credentialHeaders: declared,
                            checkedFile: checkedFile, attachesSessionCredentials: sessionCredentials))
                }
                let (reply, source) =
                    if let exchange {
                        try await exchange.run(request, credentialHeaders: credentials, send: send)
                    } else {
                        (try await send(request), ResponseSource.network)
                    }
                // Transports other than URLSessionTransport may not enforce the cap.
                if reply.data.count > bodyLimit { throw APIError.responseTooLarge(limit: bodyLimit) }
                for monitor in monitors {
                    monitor.requestDidReceive(
                        reply.response, data: reply.data, for: request, attempt: attempt)
                }
                if endpoint.acceptableStatusCodes.contains(reply.response.statusCode) {
                    let value = try endpoint.decoding.decode(reply.data, reply.response, decoder)
                    return APIResponse(
                        value: value, data: reply.data, response: reply.response, request: request,
                        attempts: attempt, source: source)
                }
                failure = AttemptFailure(
                    error: statusError(reply.response, body: reply.data), response: reply.response,
                    body: reply.data)
            } catch let error as APIError {
                throw error
            } catch {
                failure = try Self.transportFailure(error)
            }

            try await retryOrThrow(
                failure, request: request, attempt: attempt, deciders: deciders, context: context)
        }
    }

    /// What a failed call throws (its deadline as ``APIError/timedOut(after:)``, the caller's
    /// cancellation as `CancellationError`), reported to the event monitors as the call's end.
    /// Both calls (whole bodies and streamed ones) end here.
    func callFailure(_ error: any Error, timeout: Duration, state: CallState, duration: Duration)
        -> any Error
    {
        let failure: any Error
        if error is TimeoutError {
            failure = APIError.timedOut(after: timeout)
        } else if Task.isCancelled {
            failure = CancellationError()
        } else {
            failure = error
        }
        for monitor in configuration.eventMonitors {
            monitor.requestDidFinish(
                state.lastRequest, outcome: .failure(failure), attempts: state.attempts, duration: duration)
        }
        return failure
    }

    /// After a failed attempt: throws when the call is over (no attempts left, no decider
    /// retries, one fails it), else reports the retry, waits its delay on the client's clock and
    /// starts the next attempt. Both attempt loops (whole bodies and streamed ones) end here.
    func retryOrThrow(
        _ failure: AttemptFailure, request: URLRequest, attempt: Int, deciders: [any APIInterceptor],
        context: RequestContext
    ) async throws {
        guard attempt < configuration.maximumAttempts else { throw failure.error }
        switch await decide(deciders, request: request, failure: failure, context: context) {
        case .doNotRetry:
            throw failure.error
        case .fail(let error):
            throw error
        case .retry(let delay):
            for monitor in configuration.eventMonitors {
                monitor.requestWillRetry(request, attempt: attempt, delay: delay, failure: failure.error)
            }
            if delay > .zero {
                let clock = self.clock
                try await sleep(for: delay, on: clock)
            }
            try Task.checkCancellation()
            context.beginNextAttempt()
        }
    }

    func decide(
        _ deciders: [any APIInterceptor], request: URLRequest, failure: AttemptFailure,
        context: RequestContext
    ) async -> RetryDecision {
        for decider in deciders {
            let decision = await decider.retry(request, failure: failure, context: context)
            if case .doNotRetry = decision { continue }
            return decision
        }
        return .doNotRetry
    }

    /// The status error for an unacceptable response, keeping a bounded prefix of the body.
    func statusError(_ response: HTTPURLResponse, body: Data) -> APIError {
        let limit = max(0, configuration.maximumKeptErrorBodyBytes)
        let kept = body.count > limit ? Data(body.prefix(limit)) : body
        return .status(
            code: response.statusCode, headers: Self.headers(of: response), body: kept,
            isBodyTruncated: body.count > limit)
    }

    /// A response's headers as strings.
    static func headers(of response: HTTPURLResponse) -> [String: String] {
        var headers: [String: String] = [:]
        for (key, value) in response.allHeaderFields {
            headers[String(describing: key)] = String(describing: value)
        }
        return headers
    }

    /// Maps what a transport threw: task cancellation stays `CancellationError`.
    static func transportFailure(_ error: any Error) throws -> AttemptFailure {
        if Task.isCancelled || error is CancellationError { throw CancellationError() }
        if let urlError = error as? URLError {
            if urlError.code == .cancelled { throw APIError.cancelled }
            return AttemptFailure(error: .transport(TransportErrorClassifier.classify(urlError)))
        }
        throw error
    }

    /// Rejects headers (and a method) an interceptor made unsendable.
    static func validateHeaders(of request: URLRequest) throws {
        // An interceptor may set the method too: it is checked as the builder checks it.
        if let method = request.httpMethod, let problem = HeaderValidation.methodProblem(method) {
            throw APIError.invalidRequest(field: "method", reason: problem)
        }
        for (name, value) in request.allHTTPHeaderFields ?? [:] {
            if let problem = HeaderValidation.problem(name: name, value: value) {
                throw APIError.invalidRequest(field: "headers[\(name)]", reason: problem)
            }
        }
    }
}

/// What a call has done so far, for the final monitor callback.
final class CallState: Sendable {
    private let state = Locked<(request: URLRequest?, attempts: Int)>((nil, 0))

    func record(_ request: URLRequest, attempt: Int) {
        state.withLock { $0 = (request, attempt) }
    }

    var lastRequest: URLRequest? { state.withLock { $0.request } }
    var attempts: Int { state.withLock { $0.attempts } }
}
