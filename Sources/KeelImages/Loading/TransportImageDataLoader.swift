import Foundation
import KeelNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Loads image bytes through a KeelNetworking `Transport` — the app's `URLSessionTransport`
/// with its configuration, or `StubTransport` in tests — so images share the app's networking.
public struct TransportImageDataLoader: ImageDataLoading {
    /// The transport requests go through.
    public let transport: any Transport

    /// Loads through `transport`.
    public init(transport: any Transport) {
        self.transport = transport
    }

    /// Sends a GET with the request's headers; the pipeline validates the status.
    public func loadData(
        for request: ImageDataRequest,
        progress: @escaping @Sendable (ImageLoadProgress) -> Void
    ) async throws -> ImageDataResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = "GET"
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let response = try await transport.send(
            TransportRequest(urlRequest: urlRequest) { transfer in
                guard transfer.direction == .download else { return }
                progress(ImageLoadProgress(completed: transfer.completedBytes, total: transfer.totalBytes))
            })
        var headers: [String: String] = [:]
        for (name, value) in response.response.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return ImageDataResponse(
            data: response.data, statusCode: response.response.statusCode, headers: headers)
    }
}
