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
    /// schedule retries. Redirects are followed as for any call. A reconnection goes to where
    /// the last connection ended when that is the endpoint's own origin; after a redirect to
    /// another origin it goes to the endpoint's URL again and follows the redirect afresh, so
    /// the transport strips every credential on the way (a header an interceptor adds to every
    /// request, such as `X-Api-Key`, never reaches the other origin directly). The waits run
    /// on the client's clock.
    ///
    /// The sequence finishes when the server answers `204 No Content` or the consumer stops,
    /// and throws an ``EventStreamEnd`` otherwise: another status or content type (no
    /// reconnection), the backoff's budget of drops in a row spent, a line or event over its
    /// bound, or a request that cannot succeed (refused redirect, invalid request). Cancelling the consuming task cancels the connection and any wait.
    ///
    /// ```swift
    /// for try await event in client.events(for: Endpoint<Data>(.get, target: .path("scores"), decoding: .data)) {
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
        // The URL the last response came from, after its redirects: reconnections go there
        // when it is the endpoint's origin.
        let finalURL = Locked<URL?>(nil)
        return EventSourceRunner.events(machine: machine, clock: clock, random: random) { lastEventID in
            var attempt = request
            if let url = finalURL.current {
                attempt = Self.reconnection(of: request, to: url, origin: origin)
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

    /// The request of a reconnection after a connection whose redirects ended at `url` (the
    /// spec's "request's current URL"). On `origin` (the endpoint's own), `endpoint` aimed at
    /// `url` as is (its query is part of it). On another origin, or with no origin known,
    /// `endpoint` itself: sent to the other origin directly, the request would pass the
    /// client's interceptors as a fresh request and carry whatever credential they add to
    /// every request (an `X-Api-Key`), while through the redirect the transport strips every
    /// credential again.
    package static func reconnection(of endpoint: Endpoint<Data>, to url: URL, origin: Origin?) -> Endpoint<
        Data
    > {
        guard let origin, Origin(url) == origin else { return endpoint }
        var reconnection = endpoint
        reconnection.target = .url(url)
        reconnection.query = []
        return reconnection
    }
}
