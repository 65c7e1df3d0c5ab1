import Foundation
import KeelSupport

extension FuzzFamily {
    /// The scanner that hides the URLs inside an error's text (`URLQueryValues.hidingURLs`, used
    /// on an underlying error's description before KeelNetworking's and KeelImages' errors quote
    /// it): it never crashes or takes long, hiding twice changes nothing, text without `://` comes
    /// back unchanged, and a value planted in a URL's query or fragment never appears in its
    /// output, whatever text surrounds the URL.
    ///
    /// The first byte picks the mode. Mode 0 feeds the rest as raw text. Mode 1 reads the rest as
    /// a *description* of a planted URL — the text before it, its scheme, where the secret sits
    /// (query value or fragment), its neighbours, and what ends the URL — so every mutation is
    /// still a valid plant.
    package static let urlText = FuzzFamily(
        name: "text.urls",
        summary: "URLs in error text: no crash, linear time, idempotent, never shows a planted query value",
        seeds: URLTextFuzz.seeds,
        dictionary: URLTextFuzz.dictionary,
        testCases: 1500,
        generate: URLTextFuzz.generate,
        check: URLTextFuzz.check
    )
}

/// Inputs and the check of ``FuzzFamily/urlText``.
enum URLTextFuzz {
    static let secretMarker = "KEELSECRET"

    /// Text around a planted URL: words, other URLs, quotes, brackets and the bytes that end one.
    static let fillers = [
        "The operation couldn’t be completed. ", "NSErrorFailingURLKey=", "(", ")", "\"", "'", "<", ">", "[",
        "]", "{", "}", ",", ";", " ", "\n", "\t", "https://other.test/a?b=c", "x://", "://", "?", "#", "&",
        "=", "…", "é", "%3F", "file:///tmp/x", "http", "s3+x", ".",
    ]
    static let schemes = ["https", "http", "wss", "file", "x-app+v1.2", "", "HTTPS", "a"]
    static let terminators = [" ", "\t", "\n", "\r", "\"", "'", ",", ";", ")", "]", "}", ">", "<", ""]

    static let seeds: [[UInt8]] = [
        [0]
            + Array(
                #"Error Domain=NSURLErrorDomain Code=-1004 UserInfo={NSErrorFailingURLStringKey=https://a.test/i?sig=s&t=1#f}"#
                    .utf8),
        [0] + Array("no url here, only text: ? # & =".utf8),
        [0] + Array("a://b://c?d=e://f#g h://i".utf8),
        [1, 0, 0, 0, 0, 0, 0],
        [1, 3, 1, 2, 4, 5, 6, 7, 8, 9],
    ]

    static let dictionary: [[UInt8]] = (fillers + schemes + terminators + [secretMarker]).map {
        Array($0.utf8)
    }

    @Sendable static func generate(_ random: inout FuzzRandom) -> [UInt8] {
        if random.oneIn(3) {
            var text = ""
            for _ in 0..<(1 + random.below(16)) {
                switch random.below(3) {
                case 0: text += fillers[random.below(fillers.count)]
                case 1: text += secretMarker
                default: text += String(random.below(100_000))
                }
            }
            return [0] + Array(text.utf8)
        }
        return [1] + (0..<(6 + random.below(24))).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    }

    /// The text a mode-1 input describes: a URL with the secret in its query or fragment.
    static func planted(_ description: [UInt8]) -> String {
        var bytes = description.makeIterator()
        func pick<T>(_ options: [T]) -> T { options[Int(bytes.next() ?? 0) % options.count] }
        var before = ""
        for _ in 0..<(Int(bytes.next() ?? 0) % 6) { before += pick(fillers) }
        let scheme = pick(schemes)
        let host = pick(["api.test", "ada:pw@api.test:8443", "", "[::1]", "a.test/p/a%20b", "h"])
        let path = pick(["", "/", "/v1/items", "/a/b.json", "/?"])
        let neighbours = pick([
            "", "page=2&", "a&", "=&", "&&", "x=y=z&", "q=O'Brien&", "q=:)&", "q=[a]&", "q={x}&", "q=(&",
            "q=a,b&",
            "q=a;b&", "q='&",
        ])
        let secret: String
        switch Int(bytes.next() ?? 0) % 4 {
        case 0: secret = "?" + neighbours + "token=" + secretMarker
        case 1: secret = "?" + neighbours + "code=" + secretMarker + "&n=1"
        case 2: secret = (path.contains("?") ? "&" : "?") + "a=1#" + secretMarker
        default: secret = "#" + secretMarker + "?x=" + secretMarker
        }
        var after = pick(terminators)
        for _ in 0..<(Int(bytes.next() ?? 0) % 6) { after += pick(fillers) }
        return before + scheme + "://" + host + path + secret + after
    }

    @Sendable static func check(_ input: [UInt8]) async throws {
        guard let mode = input.first else { return }
        let rest = Array(input.dropFirst())
        let start = FuzzCPUTime.now()
        let text: String
        switch mode % 2 {
        case 0:
            text = String(decoding: rest, as: UTF8.self)
            if !text.contains("://"), URLQueryValues.hidingURLs(in: text) != text {
                throw FuzzViolation("text without a URL changed: \(text.debugDescription)")
            }
        default:
            text = planted(rest)
            let shown = URLQueryValues.hidingURLs(in: text)
            // The secret may also sit in the text around the URL (the fillers do not hold it), so
            // only the planted occurrences count: every one is inside the URL.
            guard !shown.contains(secretMarker) else {
                throw FuzzViolation(
                    "a planted value survived: \(text.debugDescription) → \(shown.debugDescription)")
            }
        }
        let once = URLQueryValues.hidingURLs(in: text)
        let twice = URLQueryValues.hidingURLs(in: once)
        guard once == twice else {
            throw FuzzViolation(
                "hiding twice changed the text: \(text.debugDescription) → \(once.debugDescription) → \(twice.debugDescription)"
            )
        }
        let elapsed = FuzzCPUTime.now() - start
        let budget = Duration.seconds(1) + .microseconds(8 * input.count)
        if elapsed > budget {
            throw FuzzViolation("took \(elapsed) on \(input.count) bytes (budget \(budget))")
        }
    }
}
