import Testing

@testable import KeelRouting

private struct Inner: Codable, Sendable, Equatable {
    var page: Int
}

private struct Search: Codable, Sendable, Equatable {
    var id: Int
    var paging: Inner
}

private struct InnerID: Codable, Sendable, Equatable {
    var id: Int
}

private struct SearchByInner: Codable, Sendable, Equatable {
    var paging: InnerID
}

private struct Ratio: Codable, Sendable, Equatable {
    var x: Double
}

private struct FloatQuery: Codable, Sendable, Equatable {
    var id: Int
    var scale: Float
}

private struct TextID: Codable, Sendable, Equatable {
    var id: String
}

@Suite("Typed route URLs refuse values their route cannot read back")
struct TypedRouteEncodingTests {
    /// Bug: `paging` vanished and its `page` was written as a top-level query item
    /// (`app://search/1?page=2`), which the route then refused to decode.
    @Test("a nested value is an invalid parameter naming the field")
    func nestedValueRefused() throws {
        let route = try Route<Search>("app://search/<int:id>")
        #expect(
            throws: RouteError.invalidParameter(name: "paging", reason: "nested values are not supported")
        ) {
            try route.url(for: Search(id: 1, paging: Inner(page: 2)))
        }
        // Its field named like a placeholder used to give a misleading "id" error.
        let byInner = try Route<SearchByInner>("app://search/<int:id>")
        #expect(
            throws: RouteError.invalidParameter(name: "paging", reason: "nested values are not supported")
        ) {
            try byInner.url(for: SearchByInner(paging: InnerID(id: 3)))
        }
    }

    /// Bug: `app://d/inf` and `app://d/nan` were built; opening them found no route.
    @Test("non-finite numbers are invalid parameters", arguments: [Double.infinity, -.infinity, .nan])
    func nonFiniteRefused(value: Double) throws {
        let route = try Route<Ratio>("app://d/<double:x>")
        #expect {
            try route.url(for: Ratio(x: value))
        } throws: { error in
            guard case RouteError.invalidParameter(let name, _) = error else { return false }
            return name == "x"
        }
        // In the query too.
        let query = try Route<FloatQuery>("app://q/<int:id>")
        #expect(throws: RouteError.self) { try query.url(for: FloatQuery(id: 1, scale: .infinity)) }
    }

    /// Bug: a `String` field under `<int:id>` built `app://item/abc`, which no route matched.
    @Test("a path value the placeholder's type refuses is an invalid parameter")
    func converterRefusalReported() throws {
        let route = try Route<TextID>("app://item/<int:id>")
        #expect(throws: RouteError.invalidParameter(name: "id", reason: "\"abc\" is not a valid int")) {
            try route.url(for: TextID(id: "abc"))
        }
        #expect(try route.url(for: TextID(id: "42")) == "app://item/42")
    }

    /// Control: finite values round-trip through the route.
    @Test("finite values still build URLs their route matches")
    func finiteRoundTrip() async throws {
        let route = try Route<Ratio>("app://d/<double:x>")
        let router = Router()
        try router.register(route) { params, _ in .value(params.x) }
        let url = try route.url(for: Ratio(x: 0.25))
        #expect(try await router.open(url).outcome.value(as: Double.self) == 0.25)
    }
}
