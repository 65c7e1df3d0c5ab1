/// A WebSocket close code (RFC 6455 §7.4): the registered codes as static members, an app's
/// own codes (4000–4999) by their number.
public struct WebSocketCloseCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The code's number.
    public var rawValue: Int

    /// The code numbered `rawValue`.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// 1000: the purpose of the connection was fulfilled.
    public static let normalClosure = WebSocketCloseCode(rawValue: 1000)
    /// 1001: an endpoint is going away (a server going down, a page navigated away).
    public static let goingAway = WebSocketCloseCode(rawValue: 1001)
    /// 1002: a protocol error.
    public static let protocolError = WebSocketCloseCode(rawValue: 1002)
    /// 1003: a message of a type the endpoint cannot accept.
    public static let unsupportedData = WebSocketCloseCode(rawValue: 1003)
    /// 1005: the close frame carried no code (never sent, only reported).
    public static let noStatusReceived = WebSocketCloseCode(rawValue: 1005)
    /// 1006: the connection closed without a close frame (never sent, only reported).
    public static let abnormalClosure = WebSocketCloseCode(rawValue: 1006)
    /// 1007: a message's data did not match its type (invalid UTF-8 in a text message).
    public static let invalidPayload = WebSocketCloseCode(rawValue: 1007)
    /// 1008: a message violated the endpoint's policy.
    public static let policyViolation = WebSocketCloseCode(rawValue: 1008)
    /// 1009: a message was too big to process.
    public static let messageTooBig = WebSocketCloseCode(rawValue: 1009)
    /// 1011: the server met an unexpected condition.
    public static let internalServerError = WebSocketCloseCode(rawValue: 1011)

    /// Whether the code is an application's own (4000–4999, private use).
    package var isApplicationCode: Bool { (4000...4999).contains(rawValue) }

    /// Whether a close with this code is a drop worth reconnecting after: going away (1001),
    /// abnormal (1006), a server error (1011), a restart (1012) or "try again later" (1013).
    /// A normal close, a protocol or policy error and an application code are final.
    package var isTransient: Bool { [1001, 1006, 1011, 1012, 1013].contains(rawValue) }

    /// Whether an endpoint may send the code in a close frame: 1000–1003, 1007–1011 and
    /// 3000–4999 (1005, 1006 and 1015 are only reported).
    package var isSendable: Bool {
        [1000, 1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011].contains(rawValue)
            || (3000...4999).contains(rawValue)
    }

    /// The number and, for a registered code, its name.
    public var description: String {
        let names = [
            1000: "normal closure", 1001: "going away", 1002: "protocol error", 1003: "unsupported data",
            1005: "no status received", 1006: "abnormal closure", 1007: "invalid payload",
            1008: "policy violation", 1009: "message too big", 1011: "internal server error",
        ]
        return names[rawValue].map { "\(rawValue) (\($0))" } ?? "\(rawValue)"
    }
}
