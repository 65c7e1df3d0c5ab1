import Foundation

/// Turns a request URL into the identity the caches and coalescing use.
///
/// Signed URLs (S3, CloudFront) change their query on every request although the image is
/// the same; strip those items so every variant shares one cache entry and one download:
///
/// ```swift
/// let pipeline = ImagePipeline(configuration: .init(
///     cacheKeyFilter: .removingQueryItems(["X-Amz-Signature", "X-Amz-Date", "token"])))
/// ```
public struct ImageCacheKeyFilter: Sendable {
    private let transform: @Sendable (URL) -> String

    /// A filter from a custom function.
    public init(_ transform: @escaping @Sendable (URL) -> String) {
        self.transform = transform
    }

    /// The key for `url`.
    package func key(for url: URL) -> String {
        transform(url)
    }

    /// The absolute URL string (the default).
    @usableFromInline package static let absoluteURL = ImageCacheKeyFilter { $0.absoluteString }

    /// The URL without the named query items (compared case-sensitively, after percent
    /// decoding); other items keep their order and their bytes as written, so `?q=C%2B%2B`
    /// and `?q=C++` (which a server reads as "C++" and "C  ") stay two keys.
    public static func removingQueryItems(_ names: Set<String>) -> ImageCacheKeyFilter {
        ImageCacheKeyFilter { url in
            guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
                let query = components.percentEncodedQuery
            else { return url.absoluteString }
            let kept = query.split(separator: "&", omittingEmptySubsequences: false).filter { item in
                let name = String(item.prefix { $0 != "=" })
                return !names.contains(name.removingPercentEncoding ?? name)
            }
            guard kept.count != query.split(separator: "&", omittingEmptySubsequences: false).count else {
                return url.absoluteString
            }
            components.percentEncodedQuery = kept.isEmpty ? nil : kept.joined(separator: "&")
            return components.string ?? url.absoluteString
        }
    }

    /// The URL without any query or fragment.
    public static let removingQuery = ImageCacheKeyFilter { url in
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return url.absoluteString
        }
        components.query = nil
        components.fragment = nil
        return components.string ?? url.absoluteString
    }
}

/// The identity of a processed image in the memory cache: the data's key plus the variant
/// (thumbnail size and processor identifiers) made from it.
package struct ImageCacheKey: Sendable, Hashable, CustomStringConvertible {
    /// The key of the encoded data (and of the disk-cache entry).
    package var dataKey: String
    /// The variant: empty for the decoded original.
    package var variant: String

    /// Creates a key.
    package init(dataKey: String, variant: String = "") {
        self.dataKey = dataKey
        self.variant = variant
    }

    /// `dataKey` or `dataKey#variant`.
    package var description: String { variant.isEmpty ? dataKey : "\(dataKey)#\(variant)" }
}
