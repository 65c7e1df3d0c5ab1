import Foundation
import Testing

@testable import KeelRouting

private struct TextBehindUUID: Codable, Sendable, Equatable { var id: String }
private struct TextBehindInt: Codable, Sendable, Equatable { var n: String }
private struct TextBehindDouble: Codable, Sendable, Equatable { var x: String }
private struct Grid: Codable, Sendable, Equatable {
    var id: Int
    var grid: [[Int]]
}
private struct Tags: Codable, Sendable, Equatable {
    var id: Int
    var tags: [String?]
}
private struct Web: Codable, Sendable, Equatable {
    var target: URL
    var back: URL?
    var amount: Decimal
}

/// `route.url(for: p)` matched and decoded gives `p` back, or a typed error says why not.
@Suite("Typed routes round trip")
struct TypedRouteRoundTripTests {
    /// Opens `route.url(for: value)` on a router holding `route` and returns what it decoded.
    func roundTrip<P: Codable & Sendable & Equatable>(_ route: Route<P>, _ value: P) async throws -> P? {
        let router = Router()
        try router.register(route) { params, _ in .value(params) }
        let url = try route.url(for: value)
        return try await router.open(url).outcome.value(as: P.self)
    }

    /// Bug: the decoder read the converted value re-printed (`value.text`): a lowercase UUID
    /// came back uppercased, `007` as `7`, `1.50` as `1.5`.
    @Test("a String behind a typed placeholder keeps the segment as sent")
    func stringBehindTypedPlaceholder() async throws {
        let uuid = TextBehindUUID(id: "3f2c8a1e-0b7d-4c8e-9a51-2f6d3e4b5c6a")
        #expect(try await roundTrip(try Route<TextBehindUUID>("app://item/<uuid:id>"), uuid) == uuid)
        let int = TextBehindInt(n: "007")
        #expect(try await roundTrip(try Route<TextBehindInt>("app://n/<int:n>"), int) == int)
        let double = TextBehindDouble(x: "1.50")
        #expect(try await roundTrip(try Route<TextBehindDouble>("app://d/<double:x>"), double) == double)
        // `RouteParameters.text(_:)` gives the segment as sent too.
        let router = Router()
        try router.register("app://n/<int:n>") { request in .value(request.parameters.text("n") ?? "") }
        #expect(try await router.open("app://n/007").outcome.value(as: String.self) == "007")
    }

    /// Bug: `[[1, 2], [3]]` was written as `grid=1&grid=2&grid=3` and read back as
    /// `[[1], [2], [3]]`, with no error.
    @Test("nested arrays are refused both ways")
    func nestedArraysRefused() async throws {
        let route = try Route<Grid>("app://g/<int:id>")
        #expect(throws: RouteError.invalidParameter(name: "grid", reason: "nested values are not supported"))
        {
            try route.url(for: Grid(id: 1, grid: [[1, 2], [3]]))
        }
        let router = Router()
        try router.register(route) { params, _ in .value(params) }
        await #expect(
            throws: RouteError.invalidParameter(name: "grid", reason: "nested values are not supported")
        ) {
            try await router.open("app://g/1?grid=1&grid=2")
        }
    }

    /// Bug: `["a", nil, "b"]` was written as `tags=a&tags=b` and came back as `["a", "b"]`.
    @Test("nil elements of an array are refused")
    func nilElementsRefused() throws {
        let route = try Route<Tags>("app://t/<int:id>")
        #expect(
            throws: RouteError.invalidParameter(
                name: "tags", reason: "nil elements in a list are not supported")
        ) {
            try route.url(for: Tags(id: 1, tags: ["a", nil, "b"]))
        }
        #expect(try route.url(for: Tags(id: 1, tags: ["a", "b"])) == "app://t/1?tags=a&tags=b")
    }

    /// Bug: `URL` and `Decimal` encode through keyed containers, so both directions threw
    /// "nested values are not supported"; they are scalars now, as for `JSONEncoder`.
    @Test("URL and Decimal properties round trip")
    func urlAndDecimal() async throws {
        let route = try Route<Web>("myapp://web")
        let value = Web(
            target: try #require(URL(string: "https://example.com/a%20b?q=1&r=%2F#top")),
            back: URL(string: "myapp://home"), amount: Decimal(string: "12.50")!)
        #expect(try await roundTrip(route, value) == value)
        let none = Web(target: URL(string: "https://example.com")!, back: nil, amount: 0)
        #expect(try await roundTrip(route, none) == none)
        let router = Router()
        try router.register(route) { params, _ in .value(params) }
        await #expect(throws: RouteError.self) {
            try await router.open("myapp://web?target=https://x&amount=12abc")
        }
    }
}
