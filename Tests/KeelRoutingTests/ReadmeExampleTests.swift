import KeelRouting
import Testing

// The README / NOTES-routing.md example, compiled and run.

extension DestinationID {
    static let profile = DestinationID(rawValue: "profile")
}

struct ReadmeProduct: Codable, Sendable, Equatable {
    var id: Int
    var ref: String?
}

@Suite("README example: KeelRouting")
struct RoutingReadmeExampleTests {
    @Test("the README example runs as written")
    func example() async throws {
        let router = Router()
        try router.register("myapp://user/me") { _ in
            .destination(Destination(.profile, parameters: ["id": "me"]))
        }
        try router.register("myapp://user/<int:id>") { request in
            .destination(Destination(.profile, parameters: ["id": request.parameters.text("id") ?? ""]))
        }
        let result = try await router.open("myapp://user/42")
        // result.outcome == .destination(profile, id: 42), whatever order the routes were added in.

        let product = try Route<ReadmeProduct>("shop://product/<int:id>")
        try router.register(product) { params, _ in .value(params) }
        let url = try product.url(for: ReadmeProduct(id: 7, ref: "mail"))  // "shop://product/7?ref=mail"
        let opened = try await router.open(url)

        router.use(.deny("auth") { url in url.segments.first == "account" ? "signed out" : nil })
        print(router.explain("myapp://user/abc"))  // accept #0 …, reject myapp://user/<int:id>: …

        guard case .destination(let destination) = result.outcome else {
            Issue.record("expected a destination")
            return
        }
        #expect(destination == Destination(.profile, parameters: ["id": "42"]))
        #expect(url == "shop://product/7?ref=mail")
        #expect(opened.outcome.value(as: ReadmeProduct.self) == ReadmeProduct(id: 7, ref: "mail"))
    }
}
