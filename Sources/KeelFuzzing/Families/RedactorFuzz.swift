import Foundation
import KeelNetworking
import KeelSupport

extension FuzzFamily {
    /// The network-log redactor (`Redactor`) on arbitrary URLs, headers and bodies: it never
    /// crashes or takes long, redacting twice changes nothing, and a secret planted under a
    /// secret's name (query, fragment, user info, header, form, JSON at any depth, free text)
    /// never appears in its output.
    ///
    /// The first byte picks the mode. Modes 0–3 feed the rest as raw text (a URL, header lines,
    /// a form, a body of a chosen type). Mode 4 reads the rest as a *description* of a request
    /// carrying a planted secret — which name, where, how deep, what else is around it — and
    /// builds that request, so every mutation of it is still a valid plant.
    package static let redactor = FuzzFamily(
        name: "networking.redactor",
        summary:
            "redactor: no crash, linear time, idempotent, never shows a secret planted under a secret name",
        seeds: RedactorFuzz.seeds,
        dictionary: RedactorFuzz.dictionary,
        testCases: 1500,
        generate: RedactorFuzz.generate,
        check: RedactorFuzz.check
    )
}

/// Inputs and the check of ``FuzzFamily/redactor``.
enum RedactorFuzz {
    static let redactor = Redactor()
    static let secretMarker = "KEELSECRET"

    static let secretNames = [
        "access_token", "refresh_token", "id_token", "code", "sig", "client_secret", "password", "api_key",
        "X-Amz-Signature", "X-Amz-Credential", "accessToken", "refreshToken", "idToken", "clientSecret",
        "X-API-Key", "X-Auth-Token", "X-Client-Key", "token", "secret", "session_token", "privateKey",
    ]
    static let contentTypes = [
        "application/json", "text/plain", "application/x-www-form-urlencoded", "application/xml", "text/html",
        "", "application/octet-stream", "application/problem+json; charset=utf-8",
    ]

    static let seeds: [[UInt8]] = [
        [0] + Array("https://ada:pw@api.test:8443/v1/items?page=2&access_token=abc&sig=x#id_token=y".utf8),
        [1]
            + Array(
                "Authorization: Bearer abc\nX-API-Key: k\nLocation: https://a.test/cb?code=c\nAccept: */*"
                    .utf8),
        [2] + Array("grant_type=refresh_token&refresh_token=r&client_secret=s&code=c&scope=read".utf8),
        [3, 0]
            + Array(#"{"user":"ada","tokens":{"accessToken":"a","list":[{"id_token":"b"}]},"n":1.5}"#.utf8),
        [3, 1] + Array("error: token=abc expired; Authorization: Bearer xyz\npassword: hunter2".utf8),
        [3, 3] + Array("<auth><access_token>abc</access_token></auth>".utf8),
        [4, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
        [4, 5, 1, 3, 65, 66, 67],
    ]

    static let dictionary: [[UInt8]] =
        (secretNames + [
            "://", "@", "?", "#", "&", "=", "%3D", "%26", "+", ": ", "Bearer ", "Basic ", "<redacted>",
            "\":\"",
            "\"", "'", "<", ">", "</", "\n", "\r\n", "{\"a\":", "[[[[[[[[", "}", "%",
        ]).map { Array($0.utf8) }

    @Sendable static func generate(_ random: inout FuzzRandom) -> [UInt8] {
        if random.oneIn(3) {
            // A raw mode with text built from secret names and delimiters.
            var text = ""
            for _ in 0..<(1 + random.below(12)) {
                switch random.below(4) {
                case 0: text += secretNames[random.below(secretNames.count)]
                case 1:
                    text += ["=", ": ", "&", "?", "#", "@", "\"", " ", "\n", "<", ">", "/"][random.below(12)]
                case 2: text += secretMarker
                default: text += String(random.below(100_000))
                }
            }
            return [UInt8(random.below(4)), UInt8(random.below(contentTypes.count))] + Array(text.utf8)
        }
        return [4] + (0..<(4 + random.below(24))).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    }

    @Sendable static func check(_ input: [UInt8]) async throws {
        guard let mode = input.first else { return }
        let rest = Array(input.dropFirst())
        let start = FuzzCPUTime.now()
        switch mode % 5 {
        case 0:
            let text = String(decoding: rest, as: UTF8.self)
            try idempotent("URL", text, redactor.redact(urlText:))
            if let url = URL(string: text) {
                let parts = redactor.redactedParts(url: url)
                guard parts.origin + parts.rest == redactor.redact(url: url) else {
                    throw FuzzViolation("origin + rest is not the redacted URL for \(text.debugDescription)")
                }
            }
        case 1:
            var headers: [String: String] = [:]
            for line in String(decoding: rest, as: UTF8.self).split(separator: "\n") {
                let pair = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                headers[String(pair[0])] = pair.count > 1 ? String(pair[1]) : ""
            }
            let once = redactor.redact(headers: headers)
            let twice = redactor.redact(
                headers: Dictionary(once.map { ($0.name, $0.value) }) { first, _ in first })
            guard once.map(\.value) == twice.map(\.value) else {
                throw FuzzViolation("redacting headers twice changed them: \(once) → \(twice)")
            }
        case 2:
            try idempotent("form", String(decoding: rest, as: UTF8.self), redactor.redact(formEncoded:))
        case 3:
            let type = contentTypes[Int(rest.first ?? 0) % contentTypes.count]
            let body = Data(rest.dropFirst())
            let once = redactor.redact(body: body, contentType: type, limit: .max)
            if once.hasPrefix("<"), once.hasSuffix(" bytes>") || once.contains(" bytes of ") { break }
            let twice = redactor.redact(body: Data(once.utf8), contentType: type, limit: .max)
            guard once == twice else {
                throw FuzzViolation(
                    "redacting a \(type) body twice changed it: \(once.debugDescription) → \(twice.debugDescription)"
                )
            }
            try idempotent("text", String(decoding: rest, as: UTF8.self), redactor.redact(text:))
        default:
            try checkPlant(rest)
        }
        // Linear time: the redactor scans about a microsecond a byte in a debug build, and a
        // case makes up to five passes; a quadratic step on a large input is far over this.
        // Measured in this thread's CPU time (the check never suspends), so a loaded machine
        // cannot make a linear case look slow: a 10-minute run beside eleven others once did.
        let elapsed = FuzzCPUTime.now() - start
        let budget = Duration.seconds(1) + .microseconds(8 * input.count)
        if elapsed > budget {
            throw FuzzViolation("took \(elapsed) on \(input.count) bytes (budget \(budget))")
        }
    }

    static func idempotent(_ what: String, _ text: String, _ redact: (String) -> String) throws {
        let once = redact(text)
        let twice = redact(once)
        guard once == twice else {
            throw FuzzViolation(
                "redacting a \(what) twice changed it: \(text.debugDescription) → \(once.debugDescription) → \(twice.debugDescription)"
            )
        }
    }

    /// Builds the request `description` describes and checks the planted secret is hidden.
    static func checkPlant(_ description: [UInt8]) throws {
        var bytes = description.makeIterator()
        func next() -> Int { Int(bytes.next() ?? 0) }
        let name = secretNames[next() % secretNames.count]
        let place = next() % 9
        let depth = next() % 80
        let secret = secretMarker + String(next() * 256 + next(), radix: 36)
        // Filler: ordinary names and values around the plant, from up to 64 more bytes.
        var filler: [(String, String)] = []
        while filler.count < 64, let byte = bytes.next() {
            filler.append(("f\(byte % 7)", "v\(byte)"))
        }
        let form = (filler.map { "\($0.0)=\($0.1)" } + ["\(name)=\(secret)"]).shuffledDeterministically(
            by: depth
        )
        .joined(separator: "&")
        let output: String
        switch place {
        case 0: output = redactor.redact(urlText: "https://api.test/p?\(form)")
        case 1: output = redactor.redact(urlText: "https://app.test/cb#\(form)")
        case 2: output = redactor.redact(urlText: "https://ada:\(secret)@api.test/p?\(form)")
        case 3:
            var headers = Dictionary(filler) { first, _ in first }
            headers[name] = secret
            headers["Location"] = "https://a.test/cb?\(form)"
            output = redactor.redact(headers: headers).map { "\($0.name): \($0.value)" }.joined(
                separator: "\n")
        case 4:
            output = redactor.redact(body: Data(form.utf8), contentType: "application/x-www-form-urlencoded")
        case 5:
            var value = JSONValue.object(
                JSONObject([(name, .string(secret)), ("other", .string(filler.first?.1 ?? "x"))]))
            for level in 0..<depth {
                value =
                    level % 2 == 0
                    ? .array([value, .number(1)]) : .object(JSONObject([("k\(level)", value)]))
            }
            output = redactor.redact(
                body: Data(value.encoded(pretty: false).utf8), contentType: "application/json", limit: .max)
        case 6:
            output = redactor.redact(
                body: Data("error: \(name)=\(secret) near \(form)".utf8), contentType: "text/plain")
        case 7:
            output = redactor.redact(
                body: Data("{\"\(name)\": \"\(secret)\", \"n\": \(depth)}".utf8), contentType: "text/plain")
        default:
            output = redactor.redact(
                body: Data("Authorization: Bearer \(secret)\n\(name): \(secret)".utf8),
                contentType: "text/plain")
        }
        guard !output.contains(secretMarker) else {
            throw FuzzViolation(
                "planted \(name) leaked (place \(place), depth \(depth)): \(output.prefix(400))")
        }
    }
}

extension Array {
    /// A fixed permutation chosen by `seed`: the plant lands at different positions.
    fileprivate func shuffledDeterministically(by seed: Int) -> [Element] {
        guard count > 1 else { return self }
        var random = FuzzRandom(seed: UInt64(seed))
        var copy = self
        for index in stride(from: copy.count - 1, to: 0, by: -1) {
            copy.swapAt(index, random.below(index + 1))
        }
        return copy
    }
}
