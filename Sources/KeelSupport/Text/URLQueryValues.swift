/// URL text as an error message or a log line shows it: each query item's value replaced by
/// `…` (its name kept) and the fragment shown as `#…`, so a token in a query (`?token=…`,
/// `?code=…`) or in a fragment never reaches a description. The one rule KeelNetworking's
/// errors and KeelRouting's errors share; each masks user info its own way first. Works on the
/// text, so any string is accepted.
package enum URLQueryValues {
    /// `text` with its query values and fragment hidden; unchanged when it has neither.
    package static func hidden(in text: String) -> String {
        guard let cut = text.utf8.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") })
        else { return text }
        let head = String(text[..<cut])
        let rest = text[text.index(after: cut)...]
        if text.utf8[cut] == UInt8(ascii: "#") { return head + "#…" }
        let fragment = rest.utf8.firstIndex(of: UInt8(ascii: "#"))
        let query = fragment.map { rest[..<$0] } ?? rest
        let items = query.split(separator: "&", omittingEmptySubsequences: false).map { item in
            let name = item.prefix { $0 != "=" }
            return name.count == item.count ? String(name) : name + "=…"
        }
        return head + "?" + items.joined(separator: "&") + (fragment == nil ? "" : "#…")
    }
}
