import Foundation
import KeelTestSupport
import Testing

@testable import KeelDTCG

/// Themes from resolver documents: one resolution per appearance context.
@Suite(.onOwnThread) struct DTCGResolverThemeTests {
    static func color(_ hex: String) -> String { DTCGResolverTests.color(hex) }

    /// A base set and an appearance modifier with four contexts, plus an orthogonal `size`.
    static func document(modifier: String = "theme", contexts: [String] = ["light", "dark"]) -> String {
        let hexes = ["#111111", "#EEEEEE", "#000000", "#FFFFFF"]
        let entries = contexts.enumerated().map { index, name in
            #""\#(name)": [{"color": {"text": {"primary": \#(color(hexes[index]))}}}]"#
        }
        return """
            {
              "version": "2025.10",
              "sets": {
                "base": {"sources": [{
                  "color": {
                    "text": {"primary": \(color("#222222"))},
                    "brand": {"primary": \(color("#0A66C2"))},
                    "link": {"$value": "{color.text.primary}"}
                  },
                  "spacing": {"md": {"$type": "dimension", "$value": {"value": 16, "unit": "px"}}}
                }]}
              },
              "modifiers": {
                "\(modifier)": {"contexts": {\(entries.joined(separator: ", "))}, "default": "\(contexts[0])"},
                "size": {"contexts": {
                  "regular": [],
                  "large": [{"spacing": {"md": {"$type": "dimension", "$value": {"value": 20, "unit": "px"}}}}]
                }}
              },
              "resolutionOrder": [
                {"$ref": "#/sets/base"}, {"$ref": "#/modifiers/\(modifier)"}, {"$ref": "#/modifiers/size"}
              ]
            }
            """
    }

    static func read(_ text: String) throws -> DTCGResolverDocument {
        try DTCGResolverDocument(source: DTCGSource(name: "resolver.json", text: text))
    }

    @Test func darkContextBecomesTheDarkVariant() throws {
        let resolver = try Self.read(Self.document())
        let (theme, warnings) = try DTCGThemeImporter().importTheme(from: resolver, inputs: ["size": "large"])
        #expect(warnings == [])
        let text = try #require(theme.colors[ColorToken(rawValue: "text.primary")])
        #expect(text.light.hexString == "#111111")
        #expect(text.dark.hexString == "#EEEEEE")
        #expect(text.lightHighContrast == nil)
        // An alias follows its target in each context.
        #expect(theme.colors[ColorToken(rawValue: "link")]?.dark.hexString == "#EEEEEE")
        // Colours no context changes keep their light value.
        #expect(theme.colors[ColorToken(rawValue: "brand.primary")]?.dark.hexString == "#0A66C2")
        // Other modifiers take their inputs.
        #expect(theme.metrics.spacings[.md] == 20)
        let resolved = KeelThemeResolver(theme: theme, traits: ThemeTraits(colorScheme: .dark))
        #expect(resolved.color(ColorToken(rawValue: "text.primary")).hexString == "#EEEEEE")
    }

    @Test func highContrastContextsMapByName() throws {
        let resolver = try Self.read(
            Self.document(
                modifier: "Appearance",
                contexts: ["light", "dark", "light-high-contrast", "DarkHighContrast"]))
        let theme = try DTCGThemeImporter().importTheme(from: resolver, inputs: ["size": "regular"]).theme
        let text = try #require(theme.colors[ColorToken(rawValue: "text.primary")])
        #expect(text.light.hexString == "#111111")
        #expect(text.dark.hexString == "#EEEEEE")
        #expect(text.lightHighContrast?.hexString == "#000000")
        #expect(text.darkHighContrast?.hexString == "#FFFFFF")
        #expect(theme.metrics.spacings[.md] == 16)
    }

    @Test func explicitModifierAndContexts() throws {
        let resolver = try Self.read(Self.document(modifier: "scheme", contexts: ["day", "night"]))
        let appearance = DTCGAppearanceModifier(name: "scheme", contexts: [.dark: "night"])
        let theme = try DTCGThemeImporter().importTheme(
            from: resolver, inputs: ["size": "regular", "scheme": "night"], appearance: appearance
        ).theme
        let text = try #require(theme.colors[ColorToken(rawValue: "text.primary")])
        #expect(text.light.hexString == "#111111")  // the default context is the light one
        #expect(text.dark.hexString == "#EEEEEE")
        // Without a mapping, "scheme" is not recognised: the theme is the inputs' resolution.
        let plain = try DTCGThemeImporter().importTheme(
            from: resolver, inputs: ["size": "regular", "scheme": "night"]
        ).theme
        #expect(plain.colors[ColorToken(rawValue: "text.primary")]?.light.hexString == "#EEEEEE")
        #expect(plain.colors[ColorToken(rawValue: "text.primary")]?.dark.hexString == "#EEEEEE")
    }

    @Test func mappingAndInputErrorsThrow() throws {
        let resolver = try Self.read(Self.document())
        let importer = DTCGThemeImporter()
        #expect(
            throws: DTCGResolverError(issues: [
                DTCGResolverIssue(location: "inputs", kind: .unknownModifier("x"))
            ])
        ) {
            try importer.importTheme(
                from: resolver, inputs: ["size": "regular"], appearance: .init(name: "x"))
        }
        #expect(
            throws: DTCGResolverError(issues: [
                DTCGResolverIssue(
                    location: "#/modifiers/theme",
                    kind: .unknownContext("dim", modifier: "theme", allowed: ["light", "dark"]))
            ])
        ) {
            try importer.importTheme(
                from: resolver, inputs: ["size": "regular"], appearance: .init(contexts: [.dark: "dim"]))
        }
        // An input for the appearance modifier must still name one of its contexts.
        #expect(
            throws: DTCGResolverError(issues: [
                DTCGResolverIssue(
                    location: "#/modifiers/theme",
                    kind: .unknownContext("blue", modifier: "theme", allowed: ["light", "dark"]))
            ])
        ) {
            try importer.importTheme(from: resolver, inputs: ["size": "regular", "theme": "blue"])
        }
        // `size` has no default.
        #expect(
            throws: DTCGResolverError(issues: [
                DTCGResolverIssue(
                    location: "#/modifiers/size",
                    kind: .missingInput(modifier: "size", allowed: ["regular", "large"]))
            ])
        ) {
            try importer.importTheme(from: resolver)
        }
    }

    @Test func tokenErrorsThrowDTCGError() throws {
        let resolver = try Self.read(
            ##"{"version": "2025.10", "resolutionOrder": [{"type": "set", "name": "s", "sources": [{"color": {"x": {"$value": "{nope}", "$type": "color"}}}]}]}"##
        )
        #expect(throws: DTCGError.self) { try DTCGThemeImporter().importTheme(from: resolver) }
    }

    /// The matrix `validate --resolver` checks on one thread per core gives, in order, what
    /// importing each combination on its own gives: themes, warnings and errors.
    @Test func parallelMatrixMatchesOneByOneImport() throws {
        let resolver = try Self.read(
            Self.document(contexts: ["light", "dark", "lightHighContrast", "darkHC"]))
        let combinations = try resolver.combinations().map { combination in
            Dictionary(combination.map { ($0.modifier, $0.context) }, uniquingKeysWith: { $1 })
        }
        #expect(combinations.count == 8)
        let importer = DTCGThemeImporter(validatesTheme: true)
        for workers in [1, 2, 4] {
            let reports = importer.importReports(from: resolver, combinations: combinations, workers: workers)
            #expect(reports.count == combinations.count)
            for (combination, result) in zip(combinations, reports) {
                let alone = try importer.importReport(from: resolver, combination: combination)
                let report = try result.get()
                #expect(report.theme == alone.theme, "\(combination)")
                #expect(report.warnings == alone.warnings, "\(combination)")
            }
        }
        let broken = try Self.read(
            ##"{"version": "2025.10", "resolutionOrder": [{"type": "set", "name": "s", "sources": [{"color": {"x": {"$value": "{nope}", "$type": "color"}}}]}]}"##
        )
        let failures = importer.importReports(from: broken, combinations: [[:], [:]], workers: 2)
        for result in failures {
            #expect(throws: DTCGError.self) { try result.get() }
        }
    }
}

/// A small document can name more modifier combinations than memory holds: the matrix is
/// counted before it is built.
@Suite struct ResolverCombinationLimitTests {
    static func document(modifiers: Int) -> String {
        let names = (0..<modifiers).map { "m\($0)" }
        let modifiers = names.map { #""\#($0)": {"contexts": {"a": [], "b": []}, "default": "a"}"# }
        let order = names.map { ##"{"$ref": "#/modifiers/\##($0)"}"## }
        return ##"""
            {"version": "2025.10", "sets": {"base": {"sources": [{"x": {"$type": "number", "$value": 1}}]}},
             "modifiers": {\##(modifiers.joined(separator: ", "))},
             "resolutionOrder": [{"$ref": "#/sets/base"}, \##(order.joined(separator: ", "))]}
            """##
    }

    @Test func moreCombinationsThanTheLimitIsALimitError() throws {
        // 40 two-context modifiers asked for 2^40 combinations (out of memory after 52 s).
        let resolver = try DTCGResolverThemeTests.read(Self.document(modifiers: 40))
        let error = try #require(throws: DTCGResolverError.self) { try resolver.combinations() }
        #expect(
            error.issues.contains {
                if case .limitExceeded = $0.kind { $0.location == "modifiers" } else { false }
            })
        // Inputs narrowing the matrix under the limit select within it.
        var subset: [String: [String]] = [:]
        for index in 0..<30 { subset["m\(index)"] = ["a"] }
        #expect(try resolver.combinations(subset: subset).count == 1 << 10)
        // At the limit itself every combination is listed.
        let twelve = try DTCGResolverThemeTests.read(Self.document(modifiers: 12))
        #expect(try twelve.combinations().count == DTCGResolverDocument.maximumCombinations)
    }

    @Test func aMatrixReadingTooManyBytesIsALimitError() throws {
        // 512 combinations of a 1 MB set would read 512 MB: 4,096 combinations of a 188 KB
        // file took minutes and gigabytes, though under the combination limit.
        let tokens = (0..<20_000).map { #""t\#($0)": {"$type": "number", "$value": \#($0)}"# }
        let big = "{" + tokens.joined(separator: ", ") + "}"
        let names = (0..<9).map { "m\($0)" }
        let modifiers = names.map { #""\#($0)": {"contexts": {"a": [], "b": []}, "default": "a"}"# }
        let order = names.map { ##"{"$ref": "#/modifiers/\##($0)"}"## }
        let text = ##"""
            {"version": "2025.10", "sets": {"base": {"sources": [\##(big)]}},
             "modifiers": {\##(modifiers.joined(separator: ", "))},
             "resolutionOrder": [{"$ref": "#/sets/base"}, \##(order.joined(separator: ", "))]}
            """##
        let resolver = try DTCGResolverThemeTests.read(text)
        let error = try #require(throws: DTCGResolverError.self) { try resolver.combinations() }
        #expect(error.issues.contains { "\($0)".contains("MB of token files") })
        // Narrowed by inputs to 16 combinations, the same document is read.
        var subset: [String: [String]] = [:]
        for index in 0..<5 { subset["m\(index)"] = ["a"] }
        #expect(try resolver.combinations(subset: subset).count == 16)
    }
}
