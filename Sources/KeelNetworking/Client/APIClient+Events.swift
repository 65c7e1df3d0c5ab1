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
    /// ``bytes(for:)`` call (interceptors, retries up to the head, monitors, the body cap) with
    /// `Accept: text/event-stream`; the waits run on the client's clock.
    ///
    /// The sequence finishes when the server answers `204 No Content` or the consumer stops,
    /// and throws an ``EventStreamEnd`` otherwise: another status or content type (no
    /// reconnection), the backoff's budget of drops in a row spent, or a line or event over its
    /// bound. Cancelling the consuming task cancels the connection and any wait.
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
        if !base.headers.keys.contains(where: { $0.caseInsensitiveCompare("Accept") == .orderedSame }) {
            base.headers["Accept"] = "text/event-stream"
        }
        base.headers["Cache-Control"] = "no-cache"
        let request = base
        return EventSourceRunner.events(machine: machine, clock: clock, random: random) { lastEventID in
            var attempt = request
            if let lastEventID { attempt.headers["Last-Event-ID"] = lastEventID }
            do {
                let streamed = try await self.stream(attempt, progress: nil)
                return EventSourceResponse(
                    status: streamed.response.statusCode,
                    contentType: streamed.response.value(forHTTPHeaderField: "Content-Type"),
                    body: streamed.body)
            } catch APIError.status(let code, let headers, _, _) {
                // The machine decides what a status means (204 ends cleanly, others for good).
                let type = headers.first { $0.key.caseInsensitiveCompare("Content-Type") == .orderedSame }?
                    .value
                return EventSourceResponse(status: code, contentType: type, body: ResponseBody(Data()))
            }
        }
    }
}
