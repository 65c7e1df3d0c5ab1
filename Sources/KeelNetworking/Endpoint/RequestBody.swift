import Foundation

/// What an endpoint sends as its body.
public enum RequestBody: Sendable {
    /// No body.
    case none
    /// Raw bytes with their content type.
    case data(Data, contentType: String)
    /// A JSON-encoded value; `encoder` overrides the client's.
    case json(any Encodable & Sendable, encoder: JSONEncoder? = nil)
    /// An `application/x-www-form-urlencoded` form, in order.
    case form([URLQueryItem])
    /// A multipart form, kept in memory or streamed to a temporary file by size.
    case multipart(MultipartFormData)
    /// The contents of a file, uploaded from disk.
    case file(URL, contentType: String)
}
