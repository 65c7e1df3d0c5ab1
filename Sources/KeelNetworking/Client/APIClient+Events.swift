import Foundation
import KeelSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension APIClient {
    /// The reconnection schedule of ``events(for:lastEventID:backoff:)`` by default: up to five
    /// reconnections in a row without an event in between, from 1 s up to 30 s apart.
    public static let defaultEventStreamBackoff = RetryBackoff(
        maximumRetries: 5, baseDelay: .seconds(1), maximumDelay: .seconds(30))

    /// Listens to the Server-Sent Events (`text/event-stream`) of `endpoint`, reconnecting
    /// after a drop as the WHATWG `EventSource` does: after the server's `retry:` or the
    /// backoff's delay, whichever is longer, sending `Last-Event-ID`. Each connection is a
    /// ``bytes(for:)`` call (interceptors, monitors, the body cap) with
    /// `Accept: text/event-stream`, but without the client's ``RetryPolicy``: the stream's own
    /// schedule retries. Redirects are followed as for any call, and reconnections go to where
    /// the last one ended (without the endpoint's credential headers when that is another
    /// origin). The waits run on the client's clock.
    ///
    /// The sequence finishes when the server answers `204 No Content` or the consumer stops,
    /// and throws an ``EventStreamEnd`` otherwise: another status or content type (no
    /// reconnection), the backoff's budget of drops in a row spent, a line or event over its
    /// bound, or a request that cannot succeed (refused redirect, invalid request). Cancelling the consuming task cancels the connection and any wait.
    ///
    /// ```swift
    /// for try await event in client.events(for: Endpoint<Data>(.get, "scores", decoding: .data)) {
    ///     if event.type == "goal" { show(event.data) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - endpoint: the stream's request.
    ///   - lastEventID: the ID of the last event an earlier stream delivered, to resume it.
    ///   - backoff: the reconnection schedule and its budget of drops in a row.
    public func events(
        for endpoint: some APIEndpoint, lastEventID: String = "",
        backoff: RetryBackoff = APIClient.defaultEventStreamBackoff
    ) -> AsyncThrowingStream<ServerSentEvent, any Error> {
        events(for: endpoint, machine: EventSourceMachine(backoff: backoff, lastEventID: lastEventID))
    }

    /// ``events(for:lastEventID:backoff:)`` over `machine`, with `random` for the jitter.
    package func events(
        for endpoint: some APIEndpoint, machine: EventSourceMachine,
        random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }
    ) -> AsyncThrowingStream<ServerSentEvent, any Error> {
        var base = Endpoint<Data>(endpoint, decoding: .data)
        if !base.headers.hasHeader("Accept") {
            base.headers["Accept"] = "text/event-stream"
        }
        base.headers["Cache-Control"] = "no-cache"
        let request = base
        let origin: Origin? =
            switch request.target {
            case .url(let url): Origin(url)
            case .path: configuration.baseURL.flatMap(Origin.init)
            }
        let credentialHeaders = configuration.credentialHeaders
        // The URL the last response came from, after its redirects: reconnections go there.
        let finalURL = Locked<URL?>(nil)
        return EventSourceRunner.events(machine: machine, clock: clock, random: random) { lastEventID in
            var attempt = request
            if let url = finalURL.current {
                attempt = Self.reconnection(
                    of: request, to: url, origin: origin, credentialHeaders: credentialHeaders)
            }
            if let lastEventID { attempt.headers["Last-Event-ID"] = lastEventID }
            do {
                // No client retries: a failed connection is the machine's to retry (after the
                // server's `retry:`, with `Last-Event-ID`), and a refused status is final.
                let streamed = try await self.stream(attempt, progress: nil, usesRetryPolicy: false)
                if let url = streamed.response.url { finalURL.withLock { $0 = url } }
                return EventSourceResponse(
                    status: streamed.response.statusCode,
                    contentType: streamed.response.value(forHTTPHeaderField: "Content-Type"),
                    body: streamed.body)
            } catch APIError.status(let code, let headers, _, _) {
                // The machine decides what a status means (204 ends cleanly, others for good).
                return EventSourceResponse(
                    status: code, contentType: headers.header("Content-Type"), body: ResponseBody(Data()))
            }
        }
    }

    /// The request of a reconnection to `url`, where the previous connection's redirects ended
    /// (the spec's "request's current URL"): `endpoint` aimed at `url` as is (its query is part
    /// of it). When `url` is on another origin than `origin` (the endpoint's own), the
    /// endpoint's credential headers are dropped: the transport stripped them when it followed
    /// the redirect, and going to the new origin directly must not bring them back. Default
    /// headers and interceptors' credentials keep to their scope as for any request.
    package static func reconnection(
        of endpoint: Endpoint<Data>, to url: URL, origin: Origin?, credentialHeaders: CredentialHeaders
    ) -> Endpoint<Data> {
        var reconnection = endpoint
        reconnection.target = .url(url)
        reconnection.query = []
        if origin == nil || Origin(url) != origin {
            for name in reconnection.headers.keys where credentialHeaders.contains(name) {
                reconnection.headers[name] = nil
            }
        }
        return reconnection
    }
}
