import Foundation
import KeelSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Hides secrets in URLs, headers, query items and bodies (JSON, forms, text) before anything
/// is logged.
///
/// Two rules decide what a secret is. Names listed in `headers`, `queryItems` and
/// `jsonFields` (case-insensitive; the defaults plus any you add) are always redacted. On
/// top of that, `isSecretName(_:)` recognises the common shapes of secret names in any
/// spelling — `refresh_token`, `refreshToken`, `X-Refresh-Token`, `client_secret`,
/// `X-Amz-Signature`, `X-API-Key`, `code`, `sig`… — wherever a name appears. URL user info
/// (`user:pass@`) is always redacted, as are `Bearer`/`Basic` credentials in text.
///
/// The redactor only sees names: a secret in a URL path (`/reset/<token>`) or under an
/// ordinary name passes through, which is why ``LoggingEventMonitor`` also logs paths,
/// queries, headers and bodies as private values.
public struct Redactor: Sendable {
    /// The text shown instead of a secret.
    package static let placeholder = "<redacted>"

    /// Header names to redact (case-insensitive).
    package var headers: Set<String>
    /// Query item names to redact (case-insensitive), also applied to form bodies and URL fragments.
    package var queryItems: Set<String>
    /// JSON object keys whose values are redacted at any depth (case-insensitive).
    package var jsonFields: Set<String>
    /// Whether names matching `isSecretName(_:)` are redacted as well as the listed ones.
    /// On by default; turn off only to redact exactly the listed names.
    package var redactsSecretNamePatterns: Bool = true

    /// The deepest JSON nesting rewritten; anything deeper is replaced by the placeholder as a
    /// whole, so input cannot drive the redactor's recursion.
    package static let maximumJSONDepth = 64
    /// The largest body parsed as JSON or scanned as text; only the first this many bytes of a
    /// larger body are scanned, and of any body only what the rendering's limit can show.
    package static let maximumScannedBodySize = 1 << 20

    /// Creates a redactor; the names given are added to the defaults.
    ///
    /// - Parameters:
    ///   - headers: header names to redact (case-insensitive), beyond the credential headers and
    ///     `Set-Cookie`.
    ///   - queryItems: query item names to redact (case-insensitive), also applied to form
    ///     bodies and URL fragments, beyond OAuth parameters, signatures and API keys.
    ///   - jsonFields: JSON object keys whose values are redacted at any depth
    ///     (case-insensitive), beyond passwords, tokens, secrets and API keys.
    ///   - credentialHeaders: which request headers are credentials (the definition the
    ///     redirect policy strips); their values are always redacted.
    ///   - redactsSecretNamePatterns: whether names with a secret's shape (`refreshToken`,
    ///     `X-Amz-Signature`, `client_secret` …) are redacted as well as the listed ones; turn
    ///     off only to redact exactly the listed names.
    public init(
        headers: Set<String> = [], queryItems: Set<String> = [], jsonFields: Set<String> = [],
        credentialHeaders: CredentialHeaders = CredentialHeaders(), redactsSecretNamePatterns: Bool = true
    ) {
        self.headers = Set((Self.defaultHeaders.union(headers)).map { $0.lowercased() })
        self.queryItems = Set((Self.defaultQueryItems.union(queryItems)).map { $0.lowercased() })
        self.jsonFields = Set((Self.defaultJSONFields.union(jsonFields)).map { $0.lowercased() })
        self.credentialHeaders = credentialHeaders
        self.redactsSecretNamePatterns = redactsSecretNamePatterns
    }

    /// Headers redacted by default: every ``CredentialHeaders/standard`` header and
    /// `Set-Cookie` (``credentialHeaders`` and ``isSecretName(_:)`` add the credential shapes).
    package static let defaultHeaders: Set<String> = CredentialHeaders.standard.union(["Set-Cookie"])
    /// Which request headers are credentials — the same definition the redirect policy strips:
    /// their values are always redacted.
    package var credentialHeaders: CredentialHeaders = .default
    /// Query items redacted by default: OAuth 2.0 parameters, signed-URL signatures and the usual
    /// API keys (``isSecretName(_:)`` adds other spellings).
    package static let defaultQueryItems: Set<String> = [
        "access_token", "refresh_token", "id_token", "code", "code_verifier", "client_secret",
        "client_assertion", "assertion", "password", "api_key", "apikey", "key", "token", "sig",
        "signature", "X-Amz-Signature", "X-Amz-Credential", "X-Amz-Security-Token", "X-Goog-Signature",
        "X-Goog-Credential",
    ]
    /// JSON fields redacted by default (``isSecretName(_:)`` adds camelCase and other spellings).
    package static let defaultJSONFields: Set<String> = [
        "password", "access_token", "accessToken", "refresh_token", "refreshToken", "id_token", "idToken",
        "token", "secret", "client_secret", "clientSecret", "api_key", "apiKey", "code",
    ]

    /// Whether `name` has the shape of a secret's name, in any of the usual spellings: the
    /// rule ``CredentialHeaders`` shares (`SecretNames`), so every name a redirect strips as a
    /// credential is redacted here too.
    ///
    /// The name is compared with separators (`-`, `_`, `.`, spaces and other punctuation)
    /// removed and case ignored: names ending in `token`, `secret`, `password`, `passphrase`,
    /// `signature`, `apikey`, `accesskey`, `secretkey`, `privatekey`, `subscriptionkey`,
    /// `credential(s)`, `sessionid`, `authorization`, `assertion`, `jwt`, `otp`, `mfacode`,
    /// `authcode`…; whole names such as `cookie`, `session`, `sid`, `sig`, `pwd`, `auth`; `X-…-Key`
    /// names; and the whole names redacted without being credentials (`code`, `key`, `pin`,
    /// `pass`, `ticket`, `samlrequest`).
    package static func isSecretName<Name: StringProtocol>(_ name: Name) -> Bool {
        SecretNames.isRedacted(name)
    }

    private func isSecret<Name: StringProtocol>(_ name: Name, listed: Set<String>) -> Bool {
        listed.contains(name.lowercased()) || (redactsSecretNamePatterns && Self.isSecretName(name))
    }

    /// Header names whose values are URLs, redacted as URLs.
    private static let urlHeaders: Set<String> = ["location", "content-location", "referer", "referrer"]

    /// Headers sorted by name (case-insensitively, then by spelling), secrets replaced.
    package func redact(headers: [String: String]) -> [(name: String, value: String)] {
        // Names equal but for case are ordered by their spelling, so the order never depends
        // on the dictionary's.
        let text = textScrubber()
        let call = CallCredentialHeaders.current
        return headers.sorted { ($0.key.lowercased(), $0.key) < ($1.key.lowercased(), $1.key) }.map {
            name, value in
            if credentialHeaders.contains(name) || call?.contains(name) == true
                || isSecret(name, listed: self.headers)
            {
                return (name, Self.placeholder)
            }
            if Self.urlHeaders.contains(name.lowercased()) { return (name, redact(urlText: value)) }
            // Any other value may still hold a credential (`Bearer …`, a JWT, `token=…`).
            return (name, text.scrub(Array(value.utf8)))
        }
    }

    /// The URL as text with user info and secret query and fragment items replaced.
    package func redact(url: URL?) -> String {
        guard let url else { return "<no URL>" }
        return redact(urlText: url.absoluteString)
    }

    /// A URL's text with user info and secret query and fragment items replaced. Works on the
    /// text (never through `URLComponents`), so any string is accepted.
    package func redact(urlText text: String) -> String {
        let parts = Self.split(urlText: text)
        var result = parts.scheme
        if parts.hasUserInfo { result += Self.placeholder + "@" }
        result += parts.hostAndPort + parts.path
        if let query = parts.query { result += "?" + redact(formEncoded: query) }
        if let fragment = parts.fragment {
            result += "#" + (fragment.contains("=") ? redact(formEncoded: fragment) : fragment)
        }
        return result
    }

    /// The redacted URL cut in two: its origin (`https://host:port`, user info redacted), which
    /// says little about the user, and the rest (path, query and fragment), which may identify
    /// them and is logged as a private value.
    package func redactedParts(url: URL?) -> (origin: String, rest: String) {
        guard let url else { return ("<no URL>", "") }
        let text = redact(urlText: url.absoluteString)
        let parts = Self.split(urlText: text)
        let origin = parts.scheme + (parts.hasUserInfo ? Self.placeholder + "@" : "") + parts.hostAndPort
        return (origin, String(text.dropFirst(origin.count)))
    }

    /// The pieces of a URL's text; `scheme` includes `://` when there is an authority.
    private static func split(
        urlText text: String
    ) -> (
        scheme: String, hasUserInfo: Bool, hostAndPort: String, path: String, query: String?,
        fragment: String?
    ) {
        var rest = Substring(text)
        var fragment: String?
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        var query: String?
        if let mark = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: mark)...])
            rest = rest[..<mark]
        }
        var scheme = ""
        var hasUserInfo = false
        var hostAndPort = ""
        if let separator = rest.range(of: "://") {
            scheme = String(rest[..<separator.upperBound])
            let authorityStart = separator.upperBound
            let authorityEnd = rest[authorityStart...].firstIndex(of: "/") ?? rest.endIndex
            var authority = rest[authorityStart..<authorityEnd]
            if let at = authority.lastIndex(of: "@") {
                hasUserInfo = true
                authority = authority[authority.index(after: at)...]
            }
            hostAndPort = String(authority)
            rest = rest[authorityEnd...]
        }
        return (scheme, hasUserInfo, hostAndPort, String(rest), query, fragment)
    }

    /// A form-encoded string (`a=1&token=x`, or `;`-separated pairs) with secret values
    /// replaced.
    package func redact(formEncoded text: String) -> String {
        text.split(separator: "&", omittingEmptySubsequences: false).map { group -> String in
            group.split(separator: ";", omittingEmptySubsequences: false).map(redact(pair:)).joined(
                separator: ";")
        }.joined(separator: "&")
    }

    private func redact(pair: Substring) -> String {
        let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0])
        let decoded =
            name.contains("%") || name.contains("+")
            ? (name.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? name) : name
        guard parts.count == 2 else { return String(pair) }
        if isSecret(decoded.trimmingCharacters(in: .whitespaces), listed: queryItems) {
            return name + "=" + Self.placeholder
        }
        // A JWT or a nested URL's credentials under an ordinary name, or percent-encoded JSON
        // (GraphQL `variables=%7B%22password%22%3A…`): scrubbed as it decodes, and shown
        // decoded when something in it was a secret.
        let value = String(parts[1])
        let scrubbed = redact(text: value)
        if scrubbed == value, value.contains("%"),
            let plain = value.replacingOccurrences(of: "+", with: " ").removingPercentEncoding, plain != value
        {
            let decodedScrubbed = redact(text: plain)
            if decodedScrubbed != plain { return name + "=" + decodedScrubbed }
        }
        return scrubbed == value ? String(pair) : name + "=" + scrubbed
    }

    /// A loggable rendering of a body: JSON, forms and text with secrets replaced, binary as a
    /// byte count. At most `limit` characters.
    package func redact(body: Data, contentType: String?, limit: Int = 4096) -> String {
        if body.isEmpty { return "" }
        let type = contentType?.lowercased() ?? ""
        // Only what can be shown is scanned as text: `limit` characters are at most 4 × limit
        // bytes (a value cut at the end is still replaced whole).
        let shownBytes = max(0, limit).multipliedReportingOverflow(by: 4)
        let scanLimit =
            shownBytes.overflow
            ? Self.maximumScannedBodySize : min(Self.maximumScannedBodySize, shownBytes.partialValue + 1024)
        let scanned = body.count > scanLimit ? body.prefix(scanLimit) : body
        var text: String?
        if type.contains("json")
            || (type.isEmpty && (body.first == UInt8(ascii: "{") || body.first == UInt8(ascii: "[")))
        {
            if body.count <= Self.maximumScannedBodySize, let json = redact(json: body) {
                text = json
            } else if let raw = Self.utf8Text(scanned, cut: scanned.count < body.count),
                // The text scrubber reads names as written: `"pass\u0077ord"` would keep its
                // value. JSON the parser refused (a number beyond `Double`, a lone surrogate, a
                // body too large) that holds a `\u` escape is withheld instead.
                !raw.contains("\\u")
            {
                let scrubbed = redact(text: raw)
                // Scrubbing can turn malformed JSON into valid JSON (a broken value replaced);
                // render that as JSON too, so that redacting the output again changes nothing.
                text = redact(json: Data(scrubbed.utf8)) ?? scrubbed
            }
        } else if type.hasPrefix("application/x-www-form-urlencoded") {
            text = Self.utf8Text(scanned, cut: scanned.count < body.count).map { redact(formEncoded: $0) }
        } else if type.hasPrefix("text/") || type.contains("xml") || type.contains("javascript")
            || type.contains("graphql")
        {
            text = Self.utf8Text(scanned, cut: scanned.count < body.count).map { redact(text: $0) }
        }
        guard let text else { return "<\(body.count) bytes\(type.isEmpty ? "" : " of \(type)")>" }
        let shown = max(0, limit)
        return text.count > shown ? String(text.prefix(shown)) + "…" : text
    }

    /// `data` as UTF-8 text, or `nil` when it is not; a prefix `cut` inside a character loses
    /// that character's first bytes.
    private static func utf8Text(_ data: Data, cut: Bool) -> String? {
        if let text = String(data: data, encoding: .utf8) { return text }
        guard cut else { return nil }
        for dropped in 1...3 where data.count > dropped {
            if let text = String(data: data.dropLast(dropped), encoding: .utf8) { return text }
        }
        return nil
    }

    /// JSON with secret fields replaced, or `nil` when the body is not JSON: read with Keel's
    /// shared parser (any top-level value; UTF-8, or UTF-16/32 transcoded) and written compactly
    /// as `JSONValue` encodes, keys in the body's order — except integers, written with the
    /// digits the body has (`9007199254740993`, which a `Double` would log as
    /// `9.007199254740992e+15`).
    package func redact(json body: Data) -> String? {
        guard let tape = try? JSONValue.tape(of: Array(body)),
            let value = try? tape.build(LoggedJSON.self)
        else { return nil }
        var output = ""
        scrub(value, depth: 0, text: textScrubber()).write(to: &output)
        return output
    }

    private func scrub(_ value: LoggedJSON, depth: Int, text: TextScrubber) -> LoggedJSON {
        switch value {
        case .object(let object):
            if depth >= Self.maximumJSONDepth { return .string(Self.placeholder) }
            var result = LoggedJSON.Members()
            for key in object.keys {
                let nested = object.values[key]!
                LoggedJSON.jsonInsert(
                    isSecret(key, listed: jsonFields)
                        ? .string(Self.placeholder) : scrub(nested, depth: depth + 1, text: text),
                    forKey: key, into: &result)
            }
            return .object(result)
        case .array(let array):
            if depth >= Self.maximumJSONDepth { return .string(Self.placeholder) }
            return .array(array.map { scrub($0, depth: depth + 1, text: text) })
        case .string(let string):
            // A URL with `?code=`, an inline GraphQL `password: "…"`, a JWT, `Bearer …`.
            return .string(text.scrub(Array(string.utf8)))
        case .null, .bool, .number:
            return value
        }
    }

    /// Free text with the values after secret names (`token=…`, `"password": "…"`,
    /// `<access_token>…<`, `Authorization: Bearer …`) and `Bearer`/`Basic` credentials
    /// replaced. One pass over the bytes: linear in the text's length.
    package func redact(text: String) -> String {
        textScrubber().scrub(Array(text.utf8))
    }

    /// A scanner over the merged name lists: made once per body or header set, not per value.
    private func textScrubber() -> TextScrubber {
        let listed = queryItems.union(jsonFields).union(headers)
        let patterns = redactsSecretNamePatterns
        return TextScrubber(isSecret: { name in
            listed.contains(name.lowercased()) || (patterns && Redactor.isSecretName(name))
        })
    }
}

/// A JSON body as the redactor logs it: `JSONValue`'s cases, except that a number keeps its
/// text — an integer as written (a `Double` cannot hold every integer past 2^53), any other
/// number in `JSONValue`'s shortest round-tripping form.
private enum LoggedJSON: JSONTreeValue {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    indirect case array([LoggedJSON])
    indirect case object(Members)

    /// An object's members, in the body's order (a later duplicate replaces the earlier value
    /// in its place, as `JSONObject` does).
    struct Members {
        /// The names, in order.
        var keys: [String] = []
        /// The values by name.
        var values: [String: LoggedJSON] = [:]
    }

    /// A number the redactor cannot render (beyond `Double`'s range and not an integer).
    struct NumberOutOfRange: Error {}

    static var jsonNull: LoggedJSON { .null }
    static func jsonBool(_ value: Bool) -> LoggedJSON { .bool(value) }
    static func jsonString(_ value: String) -> LoggedJSON { .string(value) }
    static func jsonNumber(at index: Int, in tape: JSONTape) throws -> LoggedJSON {
        // `isPlain`: an integer (no fraction, no exponent), logged digit for digit.
        if tape.tokens[index].isPlain { return .number(tape.numberText(at: index)) }
        guard let number = tape.double(at: index) else { throw NumberOutOfRange() }
        return .number(JSONValue.format(number))
    }
    static func jsonArray(_ elements: [LoggedJSON]) -> LoggedJSON { .array(elements) }
    static func jsonEmptyMembers() -> Members { Members() }
    static func jsonInsert(_ value: LoggedJSON, forKey key: String, into members: inout Members) {
        if members.values.updateValue(value, forKey: key) == nil { members.keys.append(key) }
    }
    static func jsonObject(_ members: Members) -> LoggedJSON { .object(members) }

    /// Appends the value as compact JSON text (as `JSONValue.encoded(pretty: false)` writes).
    func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let text): output += text
        case .string(let value): JSONValue.writeString(value, to: &output)
        case .array(let values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                value.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, key) in members.keys.enumerated() {
                if index > 0 { output += "," }
                JSONValue.writeString(key, to: &output)
                output += ":"
                members.values[key]!.write(to: &output)
            }
            output += "}"
        }
    }
}

/// The text scanner behind ``Redactor/redact(text:)``.
private struct TextScrubber {
    let isSecret: (Substring) -> Bool

    static let placeholder = Array(Redactor.placeholder.utf8)
    /// Authentication schemes whose credential follows after a space, anywhere in text.
    static let schemes: Set<String> = ["bearer", "basic", "digest", "negotiate"]
    /// Schemes recognised after a secret name (`Authorization: Token abc`); `token` and `mac`
    /// are ordinary words elsewhere.
    static let valueSchemes: Set<String> = schemes.union(["token", "mac"])

    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."):
            true
        default: byte >= 0x80
        }
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    /// Bytes that end an unquoted value.
    static func endsValue(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"),
            UInt8(ascii: "\""),
            UInt8(ascii: "'"), UInt8(ascii: "&"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "<"),
            UInt8(ascii: ">"), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ")"):
            true
        default: false
        }
    }

    func scrub(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            guard Self.isNameByte(bytes[index]) || Self.isEscape(bytes, at: index) else {
                if let end = userInfoEnd(bytes, at: index) {
                    // `scheme://user:pass@host`: the user info goes, whatever it holds.
                    output.append(contentsOf: "://".utf8)
                    output.append(contentsOf: Self.placeholder)
                    output.append(UInt8(ascii: "@"))
                    index = end
                    continue
                }
                output.append(bytes[index])
                index += 1
                continue
            }
            let start = index
            var escaped = false
            while index < bytes.count {
                if Self.isNameByte(bytes[index]) {
                    index += 1
                } else if Self.isEscape(bytes, at: index) {
                    escaped = true
                    index += 6
                } else {
                    break
                }
            }
            let word = bytes[start..<index]
            if Self.isJWT(word) {
                // A JSON Web Token is a credential under any name, or none.
                output.append(contentsOf: Self.placeholder)
                continue
            }
            output.append(contentsOf: word)
            // A name with JSON escapes (`"pass\u0077ord"` in a text/plain body) is matched as it
            // decodes: read as written, the secret's value used to be logged.
            // Escaped quotes around it (`\u0022password\u0022`, JSON inside a string) are not
            // part of the name.
            let name =
                escaped
                ? Self.decodingEscapes(word).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))[...]
                : Substring(decoding: word, as: UTF8.self)
            if word.count <= 9, index < bytes.count, Self.isSpace(bytes[index]),
                Self.schemes.contains(name.lowercased())
            {
                // `Bearer abc`: the credential follows one run of spaces.
                var cursor = index
                while cursor < bytes.count, Self.isSpace(bytes[cursor]) { cursor += 1 }
                if cursor < bytes.count, !Self.endsValue(bytes[cursor]) || startsPlaceholder(bytes, cursor) {
                    output.append(contentsOf: bytes[index..<cursor])
                    index = replaceValue(bytes, from: cursor, quote: nil, into: &output)
                }
                continue
            }
            guard isSecret(name), let valueStart = separatorEnd(bytes, from: index) else { continue }
            output.append(contentsOf: bytes[index..<valueStart.position])
            let lowered = name.lowercased()
            if valueStart.quote == nil, lowered == "cookie" || lowered == "set-cookie" {
                // `Cookie: a=1; sid=2`: every cookie on the line is a credential.
                var end = valueStart.position
                while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") {
                    end += 1
                }
                if end > valueStart.position { output.append(contentsOf: Self.placeholder) }
                index = end
                continue
            }
            index = replaceValue(bytes, from: valueStart.position, quote: valueStart.quote, into: &output)
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether a JSON `\uXXXX` escape (four hexadecimal digits) starts at `index`.
    static func isEscape(_ bytes: [UInt8], at index: Int) -> Bool {
        guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"),
            bytes[index + 1] == UInt8(ascii: "u")
        else { return false }
        return bytes[(index + 2)..<(index + 6)].allSatisfy { Hex.digitValue($0) != nil }
    }

    /// A name's bytes with its `\uXXXX` escapes decoded (UTF-16, a lone surrogate as U+FFFD);
    /// the other bytes as UTF-8.
    static func decodingEscapes(_ word: ArraySlice<UInt8>) -> String {
        var result = ""
        var plain: [UInt8] = []
        var units: [UInt16] = []
        func flushUnits() {
            if !units.isEmpty { result += String(decoding: units, as: UTF16.self) }
            units.removeAll()
        }
        func flushPlain() {
            if !plain.isEmpty { result += String(decoding: plain, as: UTF8.self) }
            plain.removeAll()
        }
        let bytes = Array(word)
        var index = 0
        while index < bytes.count {
            if isEscape(bytes, at: index) {
                flushPlain()
                var unit: UInt16 = 0
                for digit in bytes[(index + 2)..<(index + 6)] {
                    unit = unit << 4 | UInt16(Hex.digitValue(digit) ?? 0)
                }
                units.append(unit)
                index += 6
            } else {
                flushUnits()
                plain.append(bytes[index])
                index += 1
            }
        }
        flushUnits()
        flushPlain()
        return result
    }

    /// Three base64url parts joined by dots, the first starting `eyJ` (`{"` encoded): a JWT.
    static func isJWT(_ word: ArraySlice<UInt8>) -> Bool {
        guard word.count >= 16, word.starts(with: "eyJ".utf8) else { return false }
        var dots = 0
        for byte in word {
            switch byte {
            case UInt8(ascii: "."): dots += 1
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                continue
            default: return false
            }
        }
        return dots == 2 || dots == 4
    }

    /// At `://` followed by user info (`user:pass@`) before the host ends: the index after
    /// the `@`; otherwise `nil`.
    func userInfoEnd(_ bytes: [UInt8], at start: Int) -> Int? {
        guard bytes.count - start > 3, bytes[start] == UInt8(ascii: ":"),
            bytes[start + 1] == UInt8(ascii: "/"),
            bytes[start + 2] == UInt8(ascii: "/")
        else { return nil }
        var cursor = start + 3
        var at: Int?
        while cursor < bytes.count {
            switch bytes[cursor] {
            case UInt8(ascii: "@"): at = cursor
            case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: " "),
                UInt8(ascii: "\t"),
                UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: "\""), UInt8(ascii: "'"),
                UInt8(ascii: "<"),
                UInt8(ascii: ">"):
                return at.map { $0 + 1 }
            default: break
            }
            cursor += 1
        }
        return at.map { $0 + 1 }
    }

    /// After a secret name: an optional closing quote, spaces, one of `=`, `:` or `>`, spaces
    /// and an optional opening quote. Returns where the value starts and its quote, or `nil`
    /// when no separator follows. A quote may be written escaped, as JSON inside a string
    /// writes it (`\"`, `\u0022`, `\'`, `\u0027`): the value then ends at the same escape.
    func separatorEnd(_ bytes: [UInt8], from start: Int) -> (position: Int, quote: [UInt8]?)? {
        var cursor = start
        if let closing = Self.quote(in: bytes, at: cursor) { cursor += closing.count }
        while cursor < bytes.count, Self.isSpace(bytes[cursor]) { cursor += 1 }
        guard cursor < bytes.count,
            bytes[cursor] == UInt8(ascii: "=") || bytes[cursor] == UInt8(ascii: ":")
                || bytes[cursor] == UInt8(ascii: ">")
        else { return nil }
        cursor += 1
        while cursor < bytes.count, Self.isSpace(bytes[cursor]) { cursor += 1 }
        let quote = Self.quote(in: bytes, at: cursor)
        return (cursor + (quote?.count ?? 0), quote)
    }

    /// The quote at `index`, as written: `"` or `'`, or one escaped as JSON inside a string
    /// writes it (`\"`, `\'`, `\u0022`, `\u0027`); `nil` when none starts there.
    static func quote(in bytes: [UInt8], at index: Int) -> [UInt8]? {
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return [bytes[index]]
        case UInt8(ascii: "\\"):
            // A run of backslashes before the quote: JSON escaped once (`\"`) or more (`\\\"`).
            var end = index
            while end < bytes.count, bytes[end] == UInt8(ascii: "\\") { end += 1 }
            if end < bytes.count, end > index,
                bytes[end] == UInt8(ascii: "\"") || bytes[end] == UInt8(ascii: "'")
            {
                return Array(bytes[index...end])
            }
            guard isEscape(bytes, at: index) else { return nil }
            let code = decodingEscapes(bytes[index..<(index + 6)])
            return code == "\"" || code == "'" ? Array(bytes[index..<(index + 6)]) : nil
        case UInt8(ascii: "&"):
            // An HTML page quoting JSON: `&quot;`, `&#34;`, `&#x22;`.
            for entity in htmlQuotes where bytes[index...].starts(with: entity) { return entity }
            return nil
        default: return nil
        }
    }

    /// The HTML spellings of a double quote.
    static let htmlQuotes: [[UInt8]] = ["&quot;", "&#34;", "&#x22;", "&#X22;"].map { Array($0.utf8) }

    func startsPlaceholder(_ bytes: [UInt8], _ start: Int) -> Bool {
        bytes.count - start >= Self.placeholder.count
            && bytes[start..<(start + Self.placeholder.count)].elementsEqual(Self.placeholder)
    }

    /// Replaces the value starting at `start` (up to `quote`, or to a delimiter) with the
    /// placeholder, together with an authentication scheme's credential after it. Returns the
    /// index after the value.
    func replaceValue(_ bytes: [UInt8], from start: Int, quote: [UInt8]?, into output: inout [UInt8]) -> Int {
        var cursor = start
        var sawValue = false
        if startsPlaceholder(bytes, cursor) {
            cursor += Self.placeholder.count
            sawValue = true
        }
        func runEnd(_ from: Int) -> Int {
            var end = from
            if let quote, quote.count == 1 {
                // An escaped quote (`\"`) is part of the value, not its end.
                while end < bytes.count, bytes[end] != quote[0], bytes[end] != UInt8(ascii: "\n") {
                    end += bytes[end] == UInt8(ascii: "\\") && end + 1 < bytes.count ? 2 : 1
                }
                end = min(end, bytes.count)
            } else if let quote {
                // A value quoted with an escaped quote ends at the same escape, not at one
                // escaped once more inside it (`\"a\\\"b\"`: the value is `a\\\"b`).
                let escaped = quote.first == UInt8(ascii: "\\")
                while end < bytes.count, bytes[end] != UInt8(ascii: "\n") {
                    if bytes[end...].starts(with: quote),
                        !escaped || end == from || bytes[end - 1] != UInt8(ascii: "\\")
                    {
                        break
                    }
                    end += 1
                }
            } else {
                while end < bytes.count, !Self.endsValue(bytes[end]) { end += 1 }
            }
            return end
        }
        let firstEnd = runEnd(cursor)
        if firstEnd > cursor { sawValue = true }
        let first =
            firstEnd - cursor <= 9
            ? String(decoding: bytes[cursor..<firstEnd], as: UTF8.self).lowercased() : ""
        cursor = firstEnd
        if quote == nil, Self.valueSchemes.contains(first) {
            // `Authorization: Bearer abc` — the credential is the next word.
            var next = cursor
            while next < bytes.count, Self.isSpace(bytes[next]) { next += 1 }
            if next > cursor, next < bytes.count,
                !Self.endsValue(bytes[next]) || startsPlaceholder(bytes, next)
            {
                cursor = next
                if startsPlaceholder(bytes, cursor) { cursor += Self.placeholder.count }
                cursor = runEnd(cursor)
            }
        }
        if sawValue { output.append(contentsOf: Self.placeholder) }
        return cursor
    }
}

/// The credential header names an ``APIClient`` call's interceptors declared (a provider's
/// own session header, a signature): every ``Redactor`` the call's event monitors use hides
/// them too, whatever their names look like. The client sets one per call as a task-local
/// value and adds the names after each attempt's interceptors adapted the request.
package final class CallCredentialHeaders: Sendable {
    // A `let` of `TaskLocal` rather than `@TaskLocal static var`: the property-wrapper form is
    // reported as unsafe global state with the iOS 16 SDK.
    package static let local = TaskLocal<CallCredentialHeaders?>(wrappedValue: nil)

    /// The running call's names, or `nil` outside a call.
    package static var current: CallCredentialHeaders? { local.get() }

    private let names = Locked<Set<String>>([])

    /// An empty set of names.
    package init() {}

    /// Adds `names` (compared ignoring case).
    package func declare(_ names: some Sequence<String>) {
        let lowered = names.map { $0.lowercased() }
        guard !lowered.isEmpty else { return }
        self.names.withLock { $0.formUnion(lowered) }
    }

    /// Whether `name` was declared (ignoring case).
    package func contains(_ name: some StringProtocol) -> Bool {
        let lowered = name.lowercased()
        return names.withLock { $0.contains(lowered) }
    }
}
