import KeelDesign
import Testing

/// An app's own token, declared with nothing but `import KeelDesign`.
private struct BrandToken: DesignToken {
    let rawValue: String
    init(rawValue: String) { self.rawValue = rawValue }
}

@Suite struct AppTokenTests {
    @Test func anAppTokenPrintsAndOrdersByName() {
        let tokens = [BrandToken(rawValue: "brand.b"), BrandToken(rawValue: "brand.a")]
        #expect(tokens.sorted().map(\.description) == ["brand.a", "brand.b"])
        #expect("\(tokens[0])" == "brand.b")
    }
}
