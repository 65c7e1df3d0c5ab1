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

    /// `text` (an error's description, a log line) with every URL in it shown by `url`'s rule:
    /// a URL starts at its scheme before `://` and ends at white space, `"`, `<`, `>`, or a `,`
    /// or `;` followed by white space or the end (`?ids=1,2&token=…` is one URL). Brackets and
    /// `'` never end one: a URL keeps them unencoded (`?q=O'Brien :)`, `https://[::1]/`), and
    /// a query value after them would show. What is not a URL is kept as it is. Where the end
    /// is unclear the URL runs on: hiding too much of a message is harmless, showing a query
    /// value is not.
    package static func hidingURLs(in text: String, url: (String) -> String = hidden(in:)) -> String {
        guard text.utf8.count >= 3, text.contains("://") else { return text }
        let bytes = Array(text.utf8)
        func isSchemeByte(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
        func isSpace(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
                || byte == UInt8(ascii: "\r")
        }
        func endsURL(at position: Int) -> Bool {
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
                UInt8(ascii: "\""), UInt8(ascii: ">"), UInt8(ascii: "<"):
                return true
            case UInt8(ascii: ","), UInt8(ascii: ";"):
                return position + 1 == bytes.count || isSpace(bytes[position + 1])
            default: return false
            }
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        var copied = 0
        while index + 2 < bytes.count {
            guard bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "/"),
                bytes[index + 2] == UInt8(ascii: "/")
            else {
                index += 1
                continue
            }
            var start = index
            while start > copied, isSchemeByte(bytes[start - 1]) { start -= 1 }
            var end = index + 3
            while end < bytes.count, !endsURL(at: end) { end += 1 }
            output.append(contentsOf: bytes[copied..<start])
            output.append(contentsOf: url(String(decoding: bytes[start..<end], as: UTF8.self)).utf8)
            copied = end
            index = end
        }
        output.append(contentsOf: bytes[copied...])
        return String(decoding: output, as: UTF8.self)
    }
}
