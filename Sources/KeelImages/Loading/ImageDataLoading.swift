import Foundation

/// Fetches an image's encoded bytes. The pipeline's only door to the network, so tests use
/// a fake and an app can adapt any HTTP client (KeelNetworking's `Transport`, for one).
///
/// Implementations return the body with the HTTP status and headers (the pipeline rejects
/// statuses outside 200–299), report progress through `progress` when they can, and stop
/// when their task is cancelled, throwing `CancellationError`.
public protocol ImageDataLoading: Sendable {
    /// Loads the bytes for `request`.
    func loadData(
        for request: ImageDataRequest,
        progress: @escaping @Sendable (ImageLoadProgress) -> Void
    ) async throws -> ImageDataResponse
}

/// What a data loader is asked to fetch.
public struct ImageDataRequest: Sendable, Hashable {
    /// The URL.
    public var url: URL
    /// Header fields to send.
    public var headers: [String: String]
    /// The priority of the work when the load started (loaders may map it to their own).
    package var priority: ImageRequestPriority
    /// The header names the pipeline's configuration declares credentials beyond the standard
    /// set and shapes (lowercased): a loader that follows redirects removes them, with those,
    /// on a redirect to another origin.
    package var credentialHeaders: Set<String>

    /// Creates a data request.
    package init(
        url: URL, headers: [String: String] = [:], priority: ImageRequestPriority = .normal,
        credentialHeaders: Set<String> = []
    ) {
        self.url = url
        self.headers = headers
        self.priority = priority
        self.credentialHeaders = credentialHeaders
    }
}

/// A data loader's answer.
public struct ImageDataResponse: Sendable, Hashable {
    /// The body.
    package var data: Data
    /// The HTTP status, or `nil` for non-HTTP sources (files, fakes).
    package var statusCode: Int?
    /// The response's header fields.
    package var headers: [String: String]

    /// Creates a response.
    public init(data: Data, statusCode: Int? = 200, headers: [String: String] = [:]) {
        self.data = data
        self.statusCode = statusCode
        self.headers = headers
    }
}
