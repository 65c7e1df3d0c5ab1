import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default data loader: `URLSession` (FoundationNetworking on Linux).
///
/// Reports progress once, when the body has arrived. Cancelling the calling task cancels the
/// session's task and throws `CancellationError`.
public struct URLSessionImageDataLoader: ImageDataLoading {
    /// The session used.
    public let session: URLSession
    /// Seconds before a request times out.
    public let timeout: TimeInterval

    /// Creates a loader over `session` (a shared session by default).
    public init(session: URLSession = .shared, timeout: TimeInterval = 30) {
        self.session = session
        self.timeout = timeout
    }

    /// Loads the body of `request.url`.
    public func loadData(
        for request: ImageDataRequest,
        progress: @escaping @Sendable (ImageLoadProgress) -> Void
    ) async throws -> ImageDataResponse {
        var urlRequest = URLRequest(url: request.url, timeoutInterval: timeout)
        for (field, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: field) }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: urlRequest)
        } catch {
            if Task.isCancelled || (error as? URLError)?.code == .cancelled { throw CancellationError() }
            throw error
        }
        progress(ImageLoadProgress(completed: Int64(data.count), total: Int64(data.count)))
        guard let http = response as? HTTPURLResponse else {
            return ImageDataResponse(data: data, statusCode: nil)
        }
        var headers: [String: String] = [:]
        for (field, value) in http.allHeaderFields {
            if let field = field as? String, let value = value as? String { headers[field] = value }
        }
        return ImageDataResponse(data: data, statusCode: http.statusCode, headers: headers)
    }
}
