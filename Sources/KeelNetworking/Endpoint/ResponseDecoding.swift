import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How an endpoint turns a successful response into its `Response` value.
public struct ResponseDecoding<Response: Sendable>: Sendable {
    /// Decodes `body` of `response` with `decoder` (the endpoint's or the client's).
    package let decode:
        @Sendable (_ body: Data, _ response: HTTPURLResponse, _ decoder: JSONDecoder) throws -> Response

    /// A strategy from a closure; throw ``APIError`` values to report problems.
    public init(
        _ decode:
            @escaping @Sendable (_ body: Data, _ response: HTTPURLResponse, _ decoder: JSONDecoder) throws ->
            Response
    ) {
        self.decode = decode
    }
}

extension ResponseDecoding where Response: Decodable {
    /// JSON decoding. An `Optional` response decodes an empty body as `nil`; a body whose
    /// `Content-Type` is not JSON fails with ``APIError/invalidResponse(reason:body:)``.
    public static var json: ResponseDecoding {
        ResponseDecoding { body, response, decoder in
            if body.isEmpty || response.statusCode == 204 || response.statusCode == 205 {
                if let optional = Response.self as? any ExpressibleByNilLiteral.Type,
                    let none = optional.init(nilLiteral: ()) as? Response
                {
                    return none
                }
                let context = DecodingError.Context(
                    codingPath: [],
                    debugDescription: "the response body is empty (status \(response.statusCode))")
                throw APIError.decoding(.dataCorrupted(context), body: body)
            }
            if let type = response.value(forHTTPHeaderField: "Content-Type"), !Self.isJSON(type) {
                throw APIError.invalidResponse(
                    reason: "expected a JSON body but Content-Type is '\(type)'", body: body)
            }
            do {
                return try decoder.decode(Response.self, from: body)
            } catch let error as DecodingError {
                throw APIError.decoding(error, body: body)
            }
        }
    }

    /// Whether a content type is JSON (`application/json`, `…+json`, `text/json`).
    static func isJSON(_ contentType: String) -> Bool {
        // Fast path for the usual header values, without allocating.
        if contentType == "application/json" || contentType == "application/json; charset=utf-8" {
            return true
        }
        let mime =
            contentType.split(separator: ";", maxSplits: 1).first.map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            } ?? ""
        return mime == "application/json" || mime == "text/json" || mime.hasSuffix("+json")
    }
}

extension ResponseDecoding where Response == Void {
    /// Ignores the body.
    package static var ignoringBody: ResponseDecoding {
        ResponseDecoding { _, _, _ in () }
    }
}

extension ResponseDecoding where Response == Data {
    /// The body bytes as they are.
    public static var data: ResponseDecoding {
        ResponseDecoding { body, _, _ in body }
    }
}

extension ResponseDecoding where Response == String {
    /// The body as UTF-8 text.
    public static var text: ResponseDecoding {
        ResponseDecoding { body, _, _ in
            guard let text = String(data: body, encoding: .utf8) else {
                throw APIError.invalidResponse(reason: "the body is not valid UTF-8", body: body)
            }
            return text
        }
    }
}
