import Foundation

/// Why the pipeline could not produce an image. Cancellation is not among these: it is
/// reported as `CancellationError`.
public enum ImagePipelineError: Error, Sendable, CustomStringConvertible {
    /// The server answered with a status outside 200–299.
    case badStatus(code: Int, url: URL)
    /// The download succeeded with no bytes.
    case emptyData(url: URL)
    /// ``ImageRequestOptions/returnCacheDataDontLoad`` was set and no cache held the image.
    case notCached(url: URL)
    /// The data loader failed (its error is attached).
    case loadingFailed(url: URL, underlying: any Error)
    /// The data could not be decoded (the decoder's error is attached).
    case decodingFailed(url: URL, underlying: any Error)
    /// A processor failed (the processor's identifier and error are attached).
    case processingFailed(url: URL, processor: String, underlying: any Error)

    /// A sentence naming what failed and for which URL.
    public var description: String {
        switch self {
        case .badStatus(let code, let url): return "HTTP status \(code) for \(url.absoluteString)"
        case .emptyData(let url): return "empty response for \(url.absoluteString)"
        case .notCached(let url): return "\(url.absoluteString) is not cached and loading is disabled"
        case .loadingFailed(let url, let error): return "loading \(url.absoluteString) failed: \(error)"
        case .decodingFailed(let url, let error): return "decoding \(url.absoluteString) failed: \(error)"
        case .processingFailed(let url, let processor, let error):
            return "processor \(processor) failed for \(url.absoluteString): \(error)"
        }
    }
}
