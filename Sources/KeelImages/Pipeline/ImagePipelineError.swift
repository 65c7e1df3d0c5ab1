import Foundation
import KeelNetworking

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

    /// A sentence naming what failed and for which URL: its user info and query values
    /// replaced and its fragment dropped, in the URL and in the underlying error's text (a
    /// signed image URL's token never reaches a log).
    public var description: String {
        func describe(_ url: URL) -> String { APIError.describe(url: url) }
        // The underlying error may name the URL too (a `URLError`'s failing URL).
        func describe(_ error: any Error) -> String {
            APIError.describe(errorText: String(describing: error))
        }
        return switch self {
        case .badStatus(let code, let url): "HTTP status \(code) for \(describe(url))"
        case .emptyData(let url): "empty response for \(describe(url))"
        case .notCached(let url): "\(describe(url)) is not cached and loading is disabled"
        case .loadingFailed(let url, let error): "loading \(describe(url)) failed: \(describe(error))"
        case .decodingFailed(let url, let error): "decoding \(describe(url)) failed: \(describe(error))"
        case .processingFailed(let url, let processor, let error):
            "processor \(processor) failed for \(describe(url)): \(describe(error))"
        }
    }
}
