/// Masks the user info of URLs that go into errors: `https://alice:s3cr3t@evil.com/x` becomes
/// `https://***@evil.com/x`, so printing or reporting a routing error never writes a password.
package enum UserInfoRedaction {
    /// `url` with everything before the authority's last `@` replaced by `***`; unchanged when
    /// it has no `://` authority or no `@` in it.
    package static func redact(_ url: String) -> String {
        guard let separator = url.range(of: "://") else { return url }
        let authorityStart = separator.upperBound
        // The authority ends at the path, query or fragment (a `\` is not an end here: the
        // mask then covers more, never less).
        let authorityEnd =
            url[authorityStart...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? url.endIndex
        guard let at = url[authorityStart..<authorityEnd].lastIndex(of: "@") else { return url }
        return String(url[..<authorityStart]) + "***" + String(url[at...])
    }
}
