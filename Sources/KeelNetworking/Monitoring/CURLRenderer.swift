import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Renders a request as a `curl` command line, with secrets redacted.
///
/// ```swift
/// print(CURLRenderer().render(request, body: .data(json)))
/// // curl -X POST 'https://api.example.com/login' -H 'Authorization: <redacted>' --data-binary '{…}'
/// ```
package struct CURLRenderer: Sendable {
    /// What is hidden.
    package var redactor: Redactor
    /// The longest body rendered inline.
    package var bodyLimit: Int

    /// Creates a renderer.
    package init(redactor: Redactor = Redactor(), bodyLimit: Int = 4096) {
        self.redactor = redactor
        self.bodyLimit = bodyLimit
    }

    /// The command for `request` with `body`.
    package func render(_ request: URLRequest, body: TransportRequest.Body = .none) -> String {
        var parts = ["curl"]
        let method = request.httpMethod ?? "GET"
        // A plain word as it is; anything else (a method the client would refuse to send,
        // logged from elsewhere) single-quoted, so a copied line never runs what it carries.
        if method != "GET" { parts.append("-X \(Self.isPlainWord(method) ? method : Self.quote(method))") }
        parts.append(Self.quote(redactor.redact(url: request.url)))
        for (name, value) in redactor.redact(headers: request.allHTTPHeaderFields ?? [:]) {
            parts.append("-H \(Self.quote("\(name): \(value)"))")
        }
        let contentType = request.value(forHTTPHeaderField: "Content-Type")
        switch body {
        case .none:
            if let data = request.httpBody, !data.isEmpty {
                parts.append(
                    "--data-binary \(Self.quote(redactor.redact(body: data, contentType: contentType, limit: bodyLimit)))"
                )
            }
        case .data(let data):
            parts.append(
                "--data-binary \(Self.quote(redactor.redact(body: data, contentType: contentType, limit: bodyLimit)))"
            )
        case .file(let url):
            parts.append("--data-binary \(Self.quote("@" + url.path))")
        }
        return parts.joined(separator: " ")
    }

    /// Whether `text` is letters, digits, `-`, `_` and `.` only: nothing a shell interprets.
    static func isPlainWord(_ text: String) -> Bool {
        !text.isEmpty
            && text.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
                    || (byte >= 0x61 && byte <= 0x7A)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
            }
    }

    /// Single-quotes `text` for a POSIX shell.
    static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
