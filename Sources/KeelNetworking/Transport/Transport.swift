import Foundation
import KeelSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends one prepared request and returns the complete response. ``APIClient`` does
/// everything else (building, interceptors, retries, timeouts, validation, decoding).
///
/// Implementations: ``URLSessionTransport`` and, for tests, `StubTransport` in KeelNetworkingTesting.
/// A transport reports failures as `URLError` where it can; it should stop promptly when its
/// task is cancelled.
public protocol Transport: Sendable {
    /// Sends `request` and returns the response head and body.
    func send(_ request: TransportRequest) async throws -> TransportResponse

    /// Sends `request` and returns as soon as the head arrives, with the body still arriving
    /// (``APIClient/bytes(for:)``). The default sends the request with ``send(_:)`` and
    /// returns its whole body as one chunk.
    func stream(_ request: TransportRequest) async throws -> StreamedResponse
}

extension Transport {
    /// Sends `request` with ``send(_:)`` and returns the whole body as one chunk.
    public func stream(_ request: TransportRequest) async throws -> StreamedResponse {
        let response = try await send(request)
        return StreamedResponse(response: response.response, body: ResponseBody(response.data))
    }
}

/// A request as the transport sees it: the `URLRequest` (headers final, no body), the body to
/// upload, and where to report progress.
public struct TransportRequest: Sendable {
    /// The body to send.
    public enum Body: Sendable, Equatable {
        /// No body.
        case none
        /// Bytes in memory.
        case data(Data)
        /// The contents of a file, streamed from disk (never `httpBodyStream`, which Linux
        /// sends chunked alongside `Content-Length`).
        case file(URL)
    }

    /// The request line and headers.
    public var urlRequest: URLRequest
    /// The body.
    public var body: Body
    /// The endpoint's canned response, for stub transports.
    package var sampleResponse: SampleResponse?
    /// Receives upload and download progress, when the caller asked for it.
    package var progress: (@Sendable (TransferProgress) -> Void)?
    /// The largest response body to accept; a transport stops a larger one (or one whose
    /// `Content-Length` announces more) with ``APIError/responseTooLarge(limit:)``. `nil`: no
    /// limit.
    package var maximumResponseBodyBytes: Int?
    /// Headers of this request that carry credentials beyond ``CredentialHeaders``' standard
    /// set (lowercased): what the client's configuration and interceptors declared. A
    /// transport that follows redirects removes them, with the standard set, on a redirect to
    /// another origin.
    package var credentialHeaders: Set<String>
    /// For a ``Body/file(_:)`` body the client built: the file it checked (its device, inode
    /// and size). The body is read only when the path still names that file, so a file renamed
    /// over the path since the check (a FIFO, `/dev/zero`, another file) is never what is sent.
    package var checkedFile: CheckedUploadFile?
    /// Whether the session's own credential headers (``URLSessionTransport``'s lifted
    /// `httpAdditionalHeaders`) go on this request: an ``APIClient`` over a
    /// ``URLSessionTransport`` decides it by its credential scope, as for its default headers;
    /// `nil` (every other caller: an image loader, an app's own transport wrapping one) keeps
    /// the session's meaning, every request of the session.
    package var attachesSessionCredentials: Bool?

    /// Creates a transport request.
    package init(
        urlRequest: URLRequest,
        body: Body = .none,
        sampleResponse: SampleResponse? = nil,
        progress: (@Sendable (TransferProgress) -> Void)? = nil,
        maximumResponseBodyBytes: Int? = nil,
        credentialHeaders: Set<String> = [],
        checkedFile: CheckedUploadFile? = nil,
        attachesSessionCredentials: Bool? = nil
    ) {
        self.attachesSessionCredentials = attachesSessionCredentials
        self.credentialHeaders = Set(credentialHeaders.map { $0.lowercased() })
        self.checkedFile = checkedFile
        self.urlRequest = urlRequest
        self.body = body
        self.sampleResponse = sampleResponse
        self.progress = progress
        self.maximumResponseBodyBytes = maximumResponseBodyBytes
    }

    /// The body bytes (read from disk for a file body: only when the path still names the
    /// file the client checked, so what is sent is what was checked).
    ///
    /// - Throws: ``APIError/invalidRequest(field:reason:)`` naming the path when a file body
    ///   is not a readable regular file (a FIFO, a device: never a read that blocks or never
    ///   ends) or was replaced after the client checked it.
    package func readBody() throws -> Data {
        switch body {
        case .none: return Data()
        case .data(let data): return data
        case .file(let url):
            if let checkedFile, checkedFile.url == url { return try checkedFile.contents() }
            let handle = try UploadFile.open(url, field: "body.file")
            defer { try? handle.close() }
            return try handle.readToEnd() ?? Data()
        }
    }

    /// ``readBody()``, `nil` when it throws.
    package func bodyData() -> Data? {
        try? readBody()
    }
}

/// A complete response: the head and the body.
public struct TransportResponse: Sendable {
    /// The status line and headers.
    public var response: HTTPURLResponse
    /// The body.
    public var data: Data

    /// Creates a response.
    public init(response: HTTPURLResponse, data: Data) {
        self.response = response
        self.data = data
    }

    /// Creates a response for `url` from a status, headers and body; `nil` if Foundation
    /// rejects the status.
    package init?(url: URL, statusCode: Int, headers: [String: String] = [:], data: Data = Data()) {
        guard
            let response = HTTPURLResponse(
                url: url, statusCode: statusCode, httpVersion: "HTTP/1.1", headerFields: headers)
        else { return nil }
        self.init(response: response, data: data)
    }
}
