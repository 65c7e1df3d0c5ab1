import Foundation
@_spi(Benchmarks) import KeelDTCG
import KeelDesign

extension BenchSuite {
    /// KeelDesign: resolver lookups and DTCG import.
    static let design = BenchSuite(
        name: "design",
        summary:
            "resolve a colour, a font and a metric (budget 50 ns each); import a 1 000-token DTCG file (budget 20 ms); validate a 10 000-token system's 4 × 7 resolver matrix (budget 2 s)"
    ) { reporter in
        let resolver = KeelThemeResolver(
            theme: .default, traits: ThemeTraits(colorScheme: .dark, contentSizeCategory: .extraLarge))
        // The default theme's colours, and every built-in font and spacing token.
        let colors = KeelTheme.default.colors.keys.sorted()
        let fonts: [KeelFontToken] = [
            .title1, .title2, .title3, .bodyLarge, .body, .bodyMedium, .caption, .captionMedium,
        ]
        let spacings: [SpacingToken] = [.xxs, .xs, .sm, .md, .lg, .xl]
        let iterations = 2_000_000

        // The loop itself (index, modulo, blackHole), to read the lookups against.
        let loop = Measure.perIteration(iterations: iterations) { index in
            blackHole(colors[index % colors.count])
        }
        reporter.report("resolve.loop-overhead", loop * 1e9, "ns")
        let color = Measure.perIteration(iterations: iterations) { index in
            blackHole(resolver.color(colors[index % colors.count]))
        }
        reporter.report("resolve.color", color * 1e9, "ns")
        let font = Measure.perIteration(iterations: iterations) { index in
            blackHole(resolver.font(fonts[index % fonts.count]))
        }
        reporter.report("resolve.font", font * 1e9, "ns")
        let metric = Measure.perIteration(iterations: iterations) { index in
            blackHole(resolver.spacing(spacings[index % spacings.count]))
        }
        reporter.report("resolve.metric", metric * 1e9, "ns")

        let source = DTCGSource(name: "bench.tokens.json", text: DesignBenchFixture.thousandTokens())
        var tokenCount = 0
        let importTime = Measure.best(repetitions: 7) {
            tokenCount = source.benchmarkImport()
        }
        guard tokenCount >= 1_000 else {
            throw CommandFailure(message: "bench fixture has only \(tokenCount) tokens", status: 1)
        }
        reporter.report("dtcg.import.1000", importTime * 1e3, "ms")

        // A 10,000-token system with a 4 × 7 resolver matrix, every combination validated.
        let system = try DTCGResolverDocument(
            source: DTCGSource(name: "bench.resolver.json", text: DesignBenchFixture.resolverSystem()))
        var combinations = 0
        let matrixTime = try Measure.best(repetitions: 3) {
            combinations = try system.benchmarkValidateMatrix()
        }
        guard combinations == 28 else {
            throw CommandFailure(
                message: "bench resolver has \(combinations) combinations, not 28", status: 1)
        }
        reporter.report("dtcg.resolver.10000x28", matrixTime * 1e3, "ms")
    }
}

/// A synthetic token file: 1 000 tokens of every common type, a third of them aliases.
enum DesignBenchFixture {
    /// A resolver document over 10 000 tokens: a base set of nine 1 000-token files (each
    /// under its own root group, so they add up) plus `color`, `spacing`, `font` theme groups,
    /// an appearance modifier with four contexts (light, dark and their high-contrast forms,
    /// each overriding 100 colours) and a brand modifier with seven contexts (each overriding
    /// 50 colours and 50 spacings), every combination a different theme.
    static func resolverSystem() -> String {
        var base: [String] = []
        for index in 0..<9 {
            // Each copy under its own root, its aliases pointing into that copy.
            let file = thousandTokens().replacingOccurrences(
                of: "\"{color.", with: "\"{p\(index).color."
            ).replacingOccurrences(of: "\"{size.", with: "\"{p\(index).size.")
            base.append(#"{"p\#(index)": \#(file)}"#)
        }
        var theme: [String] = []
        var spacing: [String] = []
        for index in 0..<100 {
            let value = Double(index) / 100
            theme.append(
                #""t\#(index)": {"$value": {"colorSpace": "srgb", "components": [\#(value), \#(1 - value), 0.5]}}"#
            )
            spacing.append(#""s\#(index)": {"$value": {"value": \#(index), "unit": "px"}}"#)
        }
        base.append(
            #"{"color": {"$type": "color", \#(theme.joined(separator: ", "))}, "spacing": {"$type": "dimension", \#(spacing.joined(separator: ", "))}}"#
        )
        func colors(_ count: Int, shift: Double) -> String {
            let members = (0..<count).map { index in
                let value = (Double(index) / Double(count) + shift).truncatingRemainder(dividingBy: 1)
                return
                    #""t\#(index)": {"$value": {"colorSpace": "srgb", "components": [\#(value), 0.3, \#(1 - value)]}}"#
            }
            return #""color": {"$type": "color", \#(members.joined(separator: ", "))}"#
        }
        let appearance = ["light", "dark", "lightHighContrast", "darkHighContrast"].enumerated().map {
            index, name in
            #""\#(name)": [{\#(colors(100, shift: Double(index) / 4))}]"#
        }
        let brands = (0..<7).map { index in
            let sizes = (0..<50).map { #""s\#($0)": {"$value": {"value": \#($0 + index), "unit": "px"}}"# }
            return
                #""b\#(index)": [{\#(colors(50, shift: Double(index) / 7)), "spacing": {"$type": "dimension", \#(sizes.joined(separator: ", "))}}]"#
        }
        return #"""
            {"version": "2025.10",
             "sets": {"base": {"sources": [\#(base.joined(separator: ", "))]}},
             "modifiers": {
               "theme": {"contexts": {\#(appearance.joined(separator: ", "))}, "default": "light"},
               "brand": {"contexts": {\#(brands.joined(separator: ", "))}}},
             "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}, {"$ref": "#/modifiers/brand"}]}
            """#
    }

    static func thousandTokens() -> String {
        var groups: [String] = []
        var colors: [String] = []
        for index in 0..<300 {
            let value = Double(index % 100) / 100
            colors.append(
                #""c\#(index)": {"$value": {"colorSpace": "srgb", "components": [\#(value), 0.5, \#(1 - value)]}}"#
            )
        }
        for index in 0..<150 {
            colors.append(#""alias\#(index)": {"$value": "{color.c\#(index * 2)}"}"#)
        }
        groups.append(#""color": {"$type": "color", \#(colors.joined(separator: ", "))}"#)
        var dimensions: [String] = []
        for index in 0..<200 {
            dimensions.append(
                #""d\#(index)": {"$value": {"value": \#(index), "unit": "\#(index.isMultiple(of: 2) ? "px" : "rem")"}}"#
            )
        }
        for index in 0..<100 {
            dimensions.append(#""alias\#(index)": {"$value": "{size.d\#(index)}"}"#)
        }
        groups.append(#""size": {"$type": "dimension", \#(dimensions.joined(separator: ", "))}"#)
        var typography: [String] = []
        for index in 0..<100 {
            typography.append(
                #""t\#(index)": {"$value": {"fontFamily": ["PingFang SC", "System"], "fontSize": "{size.d\#(index % 40)}", "fontWeight": "semi-bold", "letterSpacing": {"value": 0, "unit": "px"}, "lineHeight": 1.5}, "$extensions": {"dev.keel": {"textStyle": "body"}}}"#
            )
        }
        groups.append(#""font": {"$type": "typography", \#(typography.joined(separator: ", "))}"#)
        var shadows: [String] = []
        for index in 0..<50 {
            shadows.append(
                #""s\#(index)": {"$value": [{"color": "{color.c\#(index)}", "offsetX": {"value": 0, "unit": "px"}, "offsetY": "{size.d\#(index % 10)}", "blur": {"value": 8, "unit": "px"}, "spread": {"value": 0, "unit": "px"}}]}"#
            )
        }
        groups.append(#""shadow": {"$type": "shadow", \#(shadows.joined(separator: ", "))}"#)
        var motion: [String] = []
        for index in 0..<100 {
            motion.append(
                #""m\#(index)": {"$value": {"duration": {"value": \#(index * 10), "unit": "ms"}, "delay": {"value": 0, "unit": "ms"}, "timingFunction": [0.42, 0, 0.58, 1]}}"#
            )
        }
        groups.append(#""motion": {"$type": "transition", \#(motion.joined(separator: ", "))}"#)
        return "{" + groups.joined(separator: ", ") + "}"
    }
}
