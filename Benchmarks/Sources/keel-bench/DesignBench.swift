import Foundation
@_spi(Benchmarks) import KeelDTCG
import KeelDesign

extension BenchSuite {
    /// KeelDesign: resolver lookups and DTCG import.
    static let design = BenchSuite(
        name: "design",
        summary:
            "resolve a colour, a font and a metric (budget 50 ns each); import a 1 000-token DTCG file (budget 20 ms)"
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
    }
}

/// A synthetic token file: 1 000 tokens of every common type, a third of them aliases.
enum DesignBenchFixture {
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
