import Foundation
import KeelRouting

extension FuzzFamily {
    /// Route patterns (`RoutePattern`): every input parses or throws a
    /// `RoutePatternError` whose offset lies inside the text; parsed patterns register (or
    /// throw a `RouteError`) and match their own literal URL without trapping.
    package static let routePattern = FuzzFamily(
        name: "routing.pattern",
        summary: "route patterns: parse or throw RoutePatternError inside the text; register and match",
        seeds: RouteFuzzSeeds.patterns.map { Array($0.utf8) },
        dictionary: RouteFuzzSeeds.patternTokens.map { Array($0.utf8) },
        generate: RouteFuzzSeeds.generatePattern
    ) { input in
        let text = String(decoding: input, as: UTF8.self)
        let pattern: RoutePattern
        do {
            pattern = try RoutePattern(text)
        } catch let error as RoutePatternError {
            guard error.offset >= 0, error.offset <= text.count else {
                throw FuzzViolation("error offset \(error.offset) outside a \(text.count)-character pattern")
            }
            return
        } catch {
            throw FuzzViolation("pattern parsing threw \(type(of: error)): \(error)")
        }
        guard pattern.elements.count <= RoutePattern.maximumSegments else {
            throw FuzzViolation("a pattern with \(pattern.elements.count) segments parsed")
        }
        let router = Router()
        do {
            try router.register(text) { _ in .handled }
        } catch is RouteError {
            return
        } catch {
            throw FuzzViolation("register threw \(type(of: error)): \(error)")
        }
        // The all-literal variant's URL (placeholders filled with "1") must match something.
        guard let variant = pattern.variants.first else { throw FuzzViolation("a pattern without variants") }
        let segments = variant.map { segment -> String in
            if case .literal(let literal) = segment { return RouteFuzzSeeds.encode(literal) }
            return "1"
        }
        let url = (pattern.scheme.map { $0 + "://" } ?? "/") + segments.joined(separator: "/")
        do {
            _ = try router.match(url)
        } catch is RouteError {
            return
        }
    }

    /// URLs from outside (`RouteURL`, `Router.openExternal(_:context:)`): every input parses
    /// or throws a `RouteURLError` inside the text; a parsed URL's normalised form parses
    /// back to the same segments and query; an external open never runs an internal route;
    /// and any decoded text round-trips through a typed route's `url(for:)` and `match`.
    package static let routeURL = FuzzFamily(
        name: "routing.url",
        summary:
            "URLs: parse or throw RouteURLError; normalised form round-trips; external opens reach only external routes",
        seeds: RouteFuzzSeeds.urls.map { Array($0.utf8) },
        dictionary: RouteFuzzSeeds.urlTokens.map { Array($0.utf8) },
        generate: RouteFuzzSeeds.generateURL
    ) { input in
        let text = String(decoding: input, as: UTF8.self)
        let url: RouteURL
        do {
            url = try RouteURL(text)
        } catch let error as RouteURLError {
            guard error.offset >= 0, error.offset <= text.count else {
                throw FuzzViolation("error offset \(error.offset) outside a \(text.count)-character URL")
            }
            return
        } catch {
            throw FuzzViolation("URL parsing threw \(type(of: error)): \(error)")
        }
        let again: RouteURL
        do {
            again = try RouteURL(url.normalized)
        } catch {
            throw FuzzViolation(
                "the normalised form \(url.normalized.debugDescription) does not parse: \(error)")
        }
        guard again.segments == url.segments, again.query == url.query, again.scheme == url.scheme else {
            throw FuzzViolation("normalising changed the URL: \(url.normalized.debugDescription)")
        }
        let router = try RouteFuzzSeeds.makeRouter()
        do {
            // Internal handlers answer "internal"; no unmatched handler is set.
            let result = try await router.openExternal(text)
            guard result.outcome.value(as: String.self) == "external" else {
                throw FuzzViolation("an external URL reached \(String(describing: result.outcome))")
            }
        } catch is RouteError {
        }
        // Typed round trip of every decoded piece of text.
        let (route, typedRouter) = try RouteFuzzSeeds.makeTypedRoute()
        for value in url.segments + url.query.keys + url.query.values.values.flatMap({ $0 })
        where !value.isEmpty {
            let params = RouteFuzzSeeds.Params(name: value, note: value)
            let built = try route.url(for: params)
            let decoded = try typedRouter.match(route, url: built)
            guard decoded == params else {
                throw FuzzViolation("\(value.debugDescription) did not round-trip through \(built)")
            }
        }
    }
}

/// Seeds, tokens and generators for the routing families.
enum RouteFuzzSeeds {
    struct Params: Codable, Sendable, Equatable {
        var name: String
        var note: String
    }

    static let patterns = [
        "myapp://user/<int:id>", "shop://product/<int:id>(/<name>)", "files/<path:rest>", "a/*/b",
        "docs/<segment:file>", "list(/<int:page>)(/<sort>)", "https://example.com/p/<uuid:id>",
        "x/%E2%9C%93/<double:v>/<bool:b>",
    ]

    static let patternTokens = [
        "<", ">", "(", ")", "/", "://", "<int:", "<path:", "<segment:", "*", "%", "%2F", "%FF", "?", "#",
        "<x>", "(/<a>)", "\u{FEFF}", "é",
    ]

    static let urls = [
        "myapp://product/7?ref=mail&x=1&x=2#top", "https://example.com/p/%EF%BB%BFid?v=%E2%80%AE",
        "evil://account/delete", "https://account/delete", "/docs/..%2F..%2FLibrary", "myapp://a//b/?=&&=x",
        "myapp://files/a/b/c?q=+%2B+",
    ]

    static let urlTokens = [
        "://", "/", "?", "&", "=", "#", "%", "%2F", "%00", "%EF%BB%BF", "%E2%80%AE", "%C3", "%FF", "+",
        "https://example.com/", "myapp://", "..", "%2E%2E",
    ]

    /// Percent-encodes everything outside the unreserved set.
    static func encode(_ text: String) -> String {
        var output = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                output += String(format: "%%%02X", byte)
            }
        }
        return output
    }

    /// A router with internal routes (answering "internal") that an external URL could
    /// match if the gate leaked, and external ones (answering "external").
    static func makeRouter() throws -> Router {
        let router = Router(
            options: RouterOptions(
                external: ExternalURLPolicy(
                    allowedSchemes: ["myapp", "https"], allowedHosts: ["example.com"])))
        let internalRoute: @Sendable (RouteRequest) async throws -> RouteOutcome = { _ in .value("internal") }
        let externalRoute: @Sendable (RouteRequest) async throws -> RouteOutcome = { _ in .value("external") }
        for pattern in ["account/delete", "myapp://settings/<name>", "<path:any>", "myapp://<path:all>"] {
            try router.register(pattern, handler: internalRoute)
        }
        for pattern in ["myapp://product/<int:id>", "https://example.com/p/<segment:id>", "help/<topic>"] {
            try router.register(pattern, external: true, handler: externalRoute)
        }
        return router
    }

    static func makeTypedRoute() throws -> (Route<Params>, Router) {
        let route = try Route<Params>("app://item/<name>")
        let router = Router()
        try router.register(route) { params, _ in .value(params) }
        return (route, router)
    }

    static func pick(_ items: [String], _ random: inout FuzzRandom) -> String {
        items[random.below(items.count)]
    }

    static func generatePattern(_ random: inout FuzzRandom) -> [UInt8] {
        let pieces = ["a", "<x>", "<int:n>", "<path:p>", "*", "(/b)", "%41", "<segment:s>", "ü"]
        var text = random.oneIn(2) ? "myapp://" : ""
        let count = random.oneIn(20) ? 200 + random.below(200) : random.below(8)
        text += (0..<count).map { index in
            pick(pieces, &random).replacingOccurrences(of: "x", with: "x\(index)")
                .replacingOccurrences(of: "n>", with: "n\(index)>").replacingOccurrences(
                    of: "p>", with: "p\(index)>"
                )
                .replacingOccurrences(of: "s>", with: "s\(index)>")
        }.joined(separator: "/")
        return Array(text.utf8)
    }

    static func generateURL(_ random: inout FuzzRandom) -> [UInt8] {
        let schemes = ["myapp://", "https://", "evil://", "", "/", "HTTPS://"]
        let pieces = [
            "product", "7", "example.com", "p", "%EF%BB%BF", "%E2%80%AE", "%2F", "..", "a b", "%C3%A9", "+",
            "%00",
            "",
        ]
        var text = pick(schemes, &random)
        text += (0..<random.below(6)).map { _ in pick(pieces, &random) }.joined(separator: "/")
        if random.oneIn(2) {
            text +=
                "?"
                + (0..<random.below(4)).map { _ in pick(pieces, &random) + "=" + pick(pieces, &random) }
                .joined(separator: "&")
        }
        return Array(text.utf8)
    }
}
