/// An HTTP request method: the ones apps send, and any other token through
/// `HTTPMethod(rawValue: "OPTIONS")` or `HTTPMethod(rawValue: "PROPFIND")`.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable {
    /// The method token as sent on the wire, such as `GET`.
    public let rawValue: String

    /// Creates a method from its token (upper-cased).
    public init(rawValue: String) {
        self.rawValue = rawValue.uppercased()
    }

    /// `GET`.
    public static let get = HTTPMethod(rawValue: "GET")
    /// `HEAD`.
    public static let head = HTTPMethod(rawValue: "HEAD")
    /// `POST`.
    public static let post = HTTPMethod(rawValue: "POST")
    /// `PUT`.
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `PATCH`.
    public static let patch = HTTPMethod(rawValue: "PATCH")
    /// `DELETE`.
    public static let delete = HTTPMethod(rawValue: "DELETE")

    /// Whether repeating the request has the same effect as sending it once (RFC 9110 §9.2.2):
    /// GET, HEAD, PUT, DELETE, OPTIONS and TRACE.
    package var isIdempotent: Bool {
        switch rawValue {
        case "GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE": return true
        default: return false
        }
    }
}
