import Foundation

/// How a call uses the client's ``HTTPCache``: the client's default
/// (`APIClient.Configuration(cachePolicy:)`), overridden per endpoint
/// (`Endpoint(cachePolicy:)`). Without a cache every policy goes to the network.
public enum CachePolicy: Sendable, Equatable {
    /// HTTP's own rules (RFC 9111): a fresh stored response answers at once, a stale one is
    /// revalidated (`If-None-Match`/`If-Modified-Since`), `stale-while-revalidate` and
    /// `stale-if-error` are honoured. The default.
    case standard
    /// Always the network (revalidating a stored response when it has validators); the
    /// response is still stored for later.
    case networkOnly
    /// A stored response, fresh or not, without contacting the server; the network only when
    /// nothing is stored.
    case cacheFirst
    /// The network; a stored response, fresh or not, when the network fails or the client's
    /// `NetworkMonitor` says the device is offline.
    case networkFirst
    /// A stored response at once, fresh or not, revalidated in the background; the network
    /// when nothing is stored. `APIClient.responses(_:)` yields both values.
    case staleWhileRevalidate
    /// Only a stored response, fresh or not; ``APIError/notCached(_:)`` when there is none.
    /// Nothing is sent: a request the cache cannot answer (any method but `GET`, a `GET` with
    /// `If-Match`, `If-Unmodified-Since` or `If-Range`) throws ``APIError/notCached(_:)`` too,
    /// as does every call the cache never answers: a stream, a download, a file upload, a
    /// WebSocket (which ends with ``WebSocketEnd/requestRefused(reason:)``). Give such an
    /// endpoint its own policy (`Endpoint(cachePolicy: .networkOnly)`) to send it anyway.
    case cacheOnly
}

/// Where a response came from.
public enum ResponseSource: Sendable, Equatable {
    /// The server answered in full.
    case network
    /// A stored response that was fresh.
    case cacheFresh
    /// A stored response past its freshness (a policy or `stale-…` directive allowed it).
    case cacheStale
    /// A stored response the server confirmed with `304 Not Modified`.
    case revalidated
}
