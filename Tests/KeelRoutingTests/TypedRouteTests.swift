import Foundation
import Testing

@testable import KeelRouting

struct ProductParams: Codable, Sendable, Equatable {
    var id: Int
    var name: String
    var tags: [String]
    var ref: String?
    var ratio: Double
    var token: UUID
}

struct FileParams: Codable, Sendable, Equatable {
    var path: [String]
    var q: String
}

@Suite("Typed routes")
struct TypedRouteTests {
    @Test("R9: path and query decode into a Decodable type")
    func decode() async throws {
        let router = Router()
        let route = try Route<ProductParams>("shop://product/<int:id>/<name>")
        try router.register(route) { params, _ in .value(params) }
        let token = UUID()
        let url = "shop://product/7/red%20shoe?tags=a&tags=b&ratio=0.5&token=\(token.uuidString)"
        let result = try await router.open(url)
        #expect(
            result.outcome.value(as: ProductParams.self)
                == ProductParams(
                    id: 7, name: "red shoe", tags: ["a", "b"], ref: nil, ratio: 0.5, token: token))
    }

    @Test("R9: a decoding failure is invalidParameter, or passes to the next candidate when configured")
    func failure() async throws {
        let strict = Router()
        try strict.register(try Route<ProductParams>("p/<int:id>/<name>")) { params, _ in .value(params) }
        await #expect(throws: RouteError.invalidParameter(name: "ratio", reason: "missing")) {
            try await strict.open("p/1/x?token=\(UUID().uuidString)")
        }
        await #expect(throws: RouteError.invalidParameter(name: "ratio", reason: "\"abc\" is not a Double")) {
            try await strict.open("p/1/x?ratio=abc&token=\(UUID().uuidString)")
        }
        let lenient = Router()
        try lenient.register(
            try Route<ProductParams>("p/<int:id>/<name>"), onInvalidParameters: .tryNextCandidate
        ) {
            params, _ in .value(params)
        }
        try lenient.register("p/<path:rest>", handler: answer("fallback"))
        let result = try await lenient.open("p/1/x?ratio=abc")
        #expect(result.outcome.value(as: String.self) == "fallback")
        #expect(
            result.skipped.first?.reason
                == .invalidParameter(name: "ratio", reason: "\"abc\" is not a Double"))
    }

    @Test("reverse routing builds the URL; wildcards are not reversible")
    func reverse() throws {
        let route = try Route<FileParams>("files/<path:path>")
        #expect(try route.url(for: FileParams(path: ["a b", "c"], q: "x&y")) == "/files/a%20b/c?q=x%26y")
        let wildcard = try Route<FileParams>("files/*/<path:path>")
        #expect(throws: RouteError.self) { try wildcard.url(for: FileParams(path: ["a"], q: "")) }
    }

    static func randomText(_ random: inout SeededRandom, allowEmpty: Bool) -> String {
        let alphabet = Array("aZ09 -._~!*'();:@&=+$,/?#[]%é世🙂\u{0301}")
        let count = Int(random.next() % 8) + (allowEmpty ? 0 : 1)
        return String((0..<count).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
    }

    @Test("R10: match(url(for: p)) == p for 1 000 generated values (unicode, spaces, reserved)")
    func roundTrip() throws {
        let router = Router()
        let product = try Route<ProductParams>("shop://product/<int:id>/<name>")
        let files = try Route<FileParams>("shop://files/<path:path>")
        try router.register(product) { params, _ in .value(params) }
        try router.register(files) { params, _ in .value(params) }
        var random = SeededRandom(seed: 2024)
        for _ in 0..<1_000 {
            let params = ProductParams(
                id: Int(truncatingIfNeeded: random.next()),
                name: Self.randomText(&random, allowEmpty: false),
                tags: (0..<Int(random.next() % 3)).map { _ in Self.randomText(&random, allowEmpty: true) },
                ref: random.next() % 2 == 0 ? nil : Self.randomText(&random, allowEmpty: true),
                ratio: Double(bitPattern: random.next() >> 2),
                token: UUID())
            let url = try product.url(for: params)
            #expect(try router.match(product, url: url) == params, "\(url)")
            let file = FileParams(
                path: (0..<Int(random.next() % 3 + 1)).map { _ in Self.randomText(&random, allowEmpty: false)
                },
                q: Self.randomText(&random, allowEmpty: true))
            #expect(try router.match(files, url: try files.url(for: file)) == file)
        }
    }
}
