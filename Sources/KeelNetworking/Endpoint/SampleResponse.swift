import Foundation

/// A canned response an endpoint carries for stubs and previews (served by `StubTransport`).
public struct SampleResponse: Sendable, Equatable {
    /// The status code.
    package var statusCode: Int
    /// The response headers.
    package var headers: [String: String]
    /// The body.
    package var body: Data

    /// A response with `statusCode`, `headers` and `body`.
    public init(statusCode: Int = 200, headers: [String: String] = [:], body: Data = Data()) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
    }

    /// A JSON response whose body is the UTF-8 text `json`.
    public static func json(_ json: String, statusCode: Int = 200) -> SampleResponse {
        SampleResponse(
            statusCode: statusCode, headers: ["Content-Type": "application/json"], body: Data(json.utf8))
    }

    /// A JSON response encoding `value`.
    package static func json<T: Encodable>(
        encoding value: T, statusCode: Int = 200, encoder: JSONEncoder = JSONEncoder()
    ) throws -> SampleResponse {
        SampleResponse(
            statusCode: statusCode, headers: ["Content-Type": "application/json"],
            body: try encoder.encode(value))
    }
}
