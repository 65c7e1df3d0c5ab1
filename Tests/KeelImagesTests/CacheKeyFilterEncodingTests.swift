import Foundation
import KeelSupport
import Testing

@testable import KeelImages

@Suite("Cache-key filter encoding")
struct CacheKeyFilterEncodingTests {
    @Test("removingQueryItems keeps the other items' bytes as written")
    func keepsEncoding() {
        // Before: both became `https://x/i?text=C++`, one key for two different images.
        let filter = ImageCacheKeyFilter.removingQueryItems(["token"])
        let encoded = filter.key(for: URL(string: "https://x/i?text=C%2B%2B&token=1")!)
        let plus = filter.key(for: URL(string: "https://x/i?text=C++&token=1")!)
        #expect(encoded == "https://x/i?text=C%2B%2B")
        #expect(plus == "https://x/i?text=C++")
        // Untouched queries are the URL as written; an encoded name still matches.
        #expect(filter.key(for: URL(string: "https://x/i?a=%41&b")!) == "https://x/i?a=%41&b")
        #expect(filter.key(for: URL(string: "https://x/i?to%6Ben=1&a=1#f")!) == "https://x/i?a=1#f")
        #expect(filter.key(for: URL(string: "https://x/i?token=1")!) == "https://x/i")
    }
}
