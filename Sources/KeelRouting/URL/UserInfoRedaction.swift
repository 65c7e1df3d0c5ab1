/// Masks the user info of URLs that go into errors: `https://alice:s3cr3t@evil.com/x` becomes
/// `https://***@evil.com/x`, so printing or reporting a routing error never writes a password.
package enum UserInfoRedaction {
    /// `url` with everything before the authority's last `@` replaced by `***`; unchanged when
    /// it has no `://` authority or no `@` in it.
    ///
    /// The delimiters are found as UTF-8 bytes, where `RouteURL` and `WebAuthority` find them:
    /// a combining mark after one (`https://a:pw@` then U+0301 `x/`) merges into one grapheme
    /// cluster with it and would hide it from a `Character` search.
    package static func redact(_ url: String) -> String {
        let bytes = url.utf8
        guard let authorityStart = authorityStart(bytes) else { return url }
        // The authority ends at the path, query or fragment (a `\` is not an end here: the
        // mask then covers more, never less).
        let authorityEnd =
            bytes[authorityStart...].firstIndex {
                $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
            } ?? bytes.endIndex
        guard let at = bytes[authorityStart..<authorityEnd].lastIndex(of: UInt8(ascii: "@")) else {
            return url
        }
        return String(url[..<authorityStart]) + "***" + String(url[at...])
    }

    /// The index just after the first `://` in `bytes`.
    private static func authorityStart(_ bytes: String.UTF8View) -> String.Index? {
        var index = bytes.startIndex
        while let colon = bytes[index...].firstIndex(of: UInt8(ascii: ":")) {
            let slash1 = bytes.index(after: colon)
            if slash1 != bytes.endIndex, bytes[slash1] == UInt8(ascii: "/") {
                let slash2 = bytes.index(after: slash1)
                if slash2 != bytes.endIndex, bytes[slash2] == UInt8(ascii: "/") {
                    return bytes.index(after: slash2)
                }
            }
            index = slash1
        }
        return nil
    }
}
