import Foundation
import KeelNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Loads image bytes through a KeelNetworking `Transport`: the pipeline's default, over a
/// `URLSessionTransport` of its own, or the app's transport (``init(transport:maximumBytes:timeout:)``).
///
/// Images get the same protections as API calls: Keel's `RedirectPolicy` (credential headers
/// never follow a redirect to another origin, `https` → `http` is refused), no cookie jar and
/// no URL cache (which would write URLs with their query tokens to disk), and a cap on the
/// body — measured after content decoding, so a small gzip bomb stops at the cap instead of
/// expanding in memory.
public struct TransportImageDataLoader: ImageDataLoading {
    /// The largest image body accepted by default: 32 MiB.
    @usableFromInline package static let defaultMaximumBytes = 32 << 20

    /// The transport requests go through.
    package let transport: any Transport
    /// The largest body accepted; a larger one (or a `Content-Length` announcing one) fails
    /// with `APIError.responseTooLarge` and the transfer stops.
    package let maximumBytes: Int
    /// Seconds before a request times out.
    package let timeout: TimeInterval

    /// Loads through `transport` (a new `URLSessionTransport` with Keel's defaults unless
    /// given), accepting bodies up to `maximumBytes`.
    public init(
        transport: any Transport = URLSessionTransport(), maximumBytes: Int = defaultMaximumBytes,
        timeout: TimeInterval = 30
    ) {
        self.transport = transport
        self.maximumBytes = max(0, maximumBytes)
        self.timeout = timeout
    }

    /// Sends a GET with the request's headers; the pipeline validates the status.
    ///
    /// - Throws: `APIError.invalidRequest` naming a header whose name or value cannot be sent
    ///   (a CR, LF or NUL in a value would add a header of its own), before anything is sent.
    public func loadData(
        for request: ImageDataRequest,
        progress: @escaping @Sendable (ImageLoadProgress) -> Void
    ) async throws -> ImageDataResponse {
        var urlRequest = URLRequest(url: request.url, timeoutInterval: timeout)
        urlRequest.httpMethod = "GET"
        for (name, value) in request.headers {
            if let problem = HeaderValidation.problem(name: name, value: value) {
                throw APIError.invalidRequest(field: "headers[\(name)]", reason: problem)
            }
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        let limit = maximumBytes
        let response: TransportResponse
        do {
            response = try await transport.send(
                TransportRequest(
                    urlRequest: urlRequest,
                    progress: { transfer in
                        guard transfer.direction == .download else { return }
                        progress(
                            ImageLoadProgress(completed: transfer.completedBytes, total: transfer.totalBytes))
                    }, maximumResponseBodyBytes: limit, credentialHeaders: request.credentialHeaders))
        } catch {
            if Task.isCancelled || (error as? URLError)?.code == .cancelled { throw CancellationError() }
            throw error
        }
        // A transport other than URLSessionTransport may not enforce the cap itself.
        guard response.data.count <= limit else { throw APIError.responseTooLarge(limit: limit) }
        var headers: [String: String] = [:]
        for (name, value) in response.response.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return ImageDataResponse(
            data: response.data, statusCode: response.response.statusCode, headers: headers)
    }
}
