import Foundation
import Testing

@testable import KeelRouting

struct NoteParams: Codable, Sendable, Equatable {
    var id: String
    var title: String
    var tags: [String]
    var note: String?
}

/// `decode(match(url(for: p))) == p` for seeded random text, so no character is lost.
@Suite("Route round-trip property")
struct RoundTripPropertyTests {
    /// Pieces the generator strings together: a byte-order mark, bidi overrides, reserved
    /// and percent characters, combining marks, emoji, NUL, dots and plain letters.
    static let alphabet: [String] = [
        "\u{FEFF}", "\u{202E}", "\u{200B}", "\u{0000}", "/", "?", "#", "&", "=", "+", "%", "%2F", "%20",
        " ", ";", ":", "@", "..", ".", "\\", "<", ">", "\"", "'", "é", "e\u{0301}", "🇫🇷", "👩‍👩‍👧",
        "漢", "a", "Z", "0", "-", "_", "~", "\r\n", "\t",
    ]

    static func randomText(_ random: inout SeededRandom, allowEmpty: Bool) -> String {
        let length = Int.random(in: (allowEmpty ? 0 : 1)...6, using: &random)
        var text = (0..<length).map { _ in alphabet.randomElement(using: &random)! }.joined()
        if !allowEmpty && text.isEmpty { text = "x" }
        return text
    }

    @Test("BOM-leading segments and query values survive decoding")
    func byteOrderMark() throws {
        let url = try RouteURL("app://item/%EF%BB%BFid?v=%EF%BB%BF&w=%EF%BB%BFx")
        #expect(url.segments == ["item", "\u{FEFF}id"])
        #expect(url.query["v"] == ["\u{FEFF}"])
        #expect(url.query["w"] == ["\u{FEFF}x"])
        // Still rejected: bytes that are not UTF-8.
        #expect(throws: RouteURLError.self) { try RouteURL("app://item/%FF") }
        #expect(throws: RouteURLError.self) { try RouteURL("app://item/%C3") }
    }

    @Test("2,000 seeded parameter sets round-trip through url(for:) and match")
    func roundTrip() throws {
        let router = Router()
        let route = try Route<NoteParams>("app://note/<id>/<title>")
        try router.register(route) { params, _ in .value(params) }
        var random = SeededRandom(seed: 0x5EED_F00D)
        for _ in 0..<2_000 {
            var params = NoteParams(
                id: Self.randomText(&random, allowEmpty: false),
                title: Self.randomText(&random, allowEmpty: false),
                tags: (0..<Int.random(in: 0...3, using: &random)).map { _ in
                    Self.randomText(&random, allowEmpty: true)
                },
                note: Bool.random(using: &random) ? Self.randomText(&random, allowEmpty: true) : nil)
            if Int.random(in: 0..<20, using: &random) == 0 { params.id = "\u{FEFF}" }
            let url = try route.url(for: params)
            let decoded = try router.match(route, url: url)
            #expect(decoded == params, "url: \(url)")
            if decoded != params { return }
        }
    }

    @Test("an empty path value is refused with a typed error, not silently dropped")
    func emptyPathValue() throws {
        let route = try Route<NoteParams>("app://note/<id>/<title>")
        #expect(
            throws: RouteError.invalidParameter(
                name: "id", reason: "a path segment needs one non-empty value")
        ) {
            try route.url(for: NoteParams(id: "", title: "t", tags: [], note: nil))
        }
    }
}

/// Patterns and URLs whose size comes from outside cannot exhaust the stack.
@Suite("Routing depth limits")
struct DepthLimitTests {
    @Test("a 5,000-segment pattern is refused with a typed error")
    func longPattern() throws {
        let router = Router()
        let pattern = (0..<5_000).map { "s\($0)" }.joined(separator: "/")
        do {
            try router.register(pattern, handler: answer(pattern))
            Issue.record("registered a 5,000-segment pattern")
        } catch RouteError.invalidPattern(let error) {
            #expect(error.reason == .tooManySegments(limit: RoutePattern.maximumSegments))
            #expect(
                error.offset
                    == pattern.distance(from: pattern.startIndex, to: pattern.range(of: "s256")!.lowerBound))
        }
    }

    @Test("the longest allowed pattern registers, matches and unregisters")
    func longestPattern() throws {
        let router = Router()
        let segments = (0..<RoutePattern.maximumSegments).map { "s\($0)" }
        let pattern = segments.joined(separator: "/")
        let id = try router.register(pattern, handler: answer(pattern))
        #expect(try router.match("/" + pattern)?.route.pattern == pattern)
        #expect(router.unregister(id))
    }

    @Test("a URL with 100,000 segments matches a catch-all without deep recursion")
    func longURL() throws {
        let router = try makeRouter(["files/<path:rest>", "files/<name>"])
        let url = "files/" + Array(repeating: "a", count: 100_000).joined(separator: "/")
        let match = try #require(try router.match(url))
        #expect(match.route.pattern == "files/<path:rest>")
        #expect(match.parameters["rest"] == .path(Array(repeating: "a", count: 100_000)))
    }
}
