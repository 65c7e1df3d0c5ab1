import Foundation
import KeelDTCG
import KeelDesign
import KeelTestSupport
import Testing

/// The README / NOTES example, compiled and run as written (public API only).
@Suite(.onOwnThread) struct ReadmeExampleTests {
    @Test func readmeExample() throws {
        // A brand theme: override a few tokens, inherit everything else per token.
        let ocean = KeelTheme(
            identifier: ThemeIdentifier(rawValue: "app.ocean"), displayName: "Ocean", basedOn: .default,
            colors: [.brandPrimary: KeelThemeColor("#0A66C2", "#5AA9F8")],
            metrics: ThemeMetrics(spacings: [.md: 20]))

        // Contexts validate before applying: an invalid theme throws and changes nothing.
        let context = KeelThemeContext()
        try context.apply(ocean)

        // Resolve for the current traits: dark mode, large text, a 3× display.
        let resolver = context.resolver(
            for: ThemeTraits(colorScheme: .dark, contentSizeCategory: .accessibilityLarge, displayScale: 3))
        let brand = resolver.color(.brandPrimary)  // #5AA9F8
        let body = resolver.font(.body)  // 14 pt × 33/17, line height scaled alike
        let hairline = resolver.borderWidth(.hairline)  // 1/3 pt
        let fast = resolver.motion(.fast)  // 0.15 s ease-out (instant under Reduce Motion)

        // Design tokens in, theme out.
        let tokens = DTCGSource(name: "brand.tokens.json", text: ocean.dtcgTokenFile())
        let imported = try DTCGThemeImporter().importTheme(from: tokens)

        // A DTCG resolver document: the "dark" context of its theme modifier becomes the dark variants.
        let resolverDocument = try DTCGResolverDocument(
            source: DTCGSource(
                name: "resolver.json",
                text: """
                    {"version": "2025.10",
                     "sets": {"base": {"sources": [{"$ref": "brand.tokens.json"}]}},
                     "modifiers": {"theme": {"default": "light", "contexts": {"light": [], "dark": [
                       {"color": {"brand": {"primary": {"$root":
                         {"$type": "color", "$value": {"colorSpace": "srgb", "components": [0, 0.4, 1]}}}}}}]}}},
                     "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}]}
                    """),
            loader: { _ in tokens })
        let resolved = try DTCGThemeImporter().importTheme(from: resolverDocument).theme

        #expect(brand.hexString == "#5AA9F8")
        #expect(abs(body.size - 14.0 * 33 / 17) < 1e-9)
        #expect(hairline == 1.0 / 3)
        #expect(fast.duration == 0.15)
        #expect(imported.colors == ocean.colors)
        #expect(try resolverDocument.resolve(inputs: ["theme": "dark"]).errors == [])
        #expect(resolved.colors[.brandPrimary]?.light.hexString == "#0A66C2")
        #expect(resolved.colors[.brandPrimary]?.dark.hexString == "#0066FF")
    }
}
