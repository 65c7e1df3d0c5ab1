/// One event of a `text/event-stream` response (Server-Sent Events), as the WHATWG
/// `EventSource` processing model dispatches it.
public struct ServerSentEvent: Hashable, Sendable {
    /// The event's type: the stream's `event:` field, `message` when it sent none.
    public var type: String
    /// The event's `data:` lines joined with `\n` (no trailing newline).
    public var data: String
    /// The stream's last event ID when the event was dispatched: the latest `id:` field,
    /// which persists across events (and reconnections) until the server sends another.
    public var lastEventID: String

    /// An event.
    public init(type: String = "message", data: String, lastEventID: String = "") {
        self.type = type
        self.data = data
        self.lastEventID = lastEventID
    }
}

/// Why a `text/event-stream` could not be read any further: a line or an event larger than the
/// parser's bounds. The stream is unusable after it (the connection should be closed).
public enum ServerSentEventError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Line `line` (1-based, counted over the whole stream) grew past `limit` bytes.
    case lineTooLong(line: Int, limit: Int)
    /// The event whose `data:` reached line `line` grew past `limit` bytes of data.
    case eventTooLarge(line: Int, limit: Int)

    /// A message naming the bound and the line.
    public var description: String {
        switch self {
        case .lineTooLong(let line, let limit):
            return "event stream line \(line) is longer than the limit of \(limit) bytes"
        case .eventTooLarge(let line, let limit):
            return "event stream event ending at line \(line) has more than the limit of \(limit) data bytes"
        }
    }
}
