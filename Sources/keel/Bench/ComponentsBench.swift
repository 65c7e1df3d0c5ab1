import Foundation
import KeelComponents
import KeelDesign

extension BenchSuite {
    /// KeelComponents: button appearance and content layout.
    static let components = BenchSuite(
        name: "components",
        summary: "resolve a button's appearance and lay out its content (budget 2 µs)"
    ) { reporter in
        let resolver = ThemeResolver(
            theme: .default, traits: ThemeTraits(colorScheme: .dark, contentSizeCategory: .extraLarge))
        let measurer = FixedAdvanceTextMeasurer()
        // Built once per theme and traits, like the resolver itself.
        let buildIterations = 2_000
        let build = Measure.perIteration(iterations: buildIterations) { _ in
            blackHole(ButtonTheme(resolver: resolver))
        }
        reporter.report("button.theme.build", build * 1e6, "µs")

        let theme = ButtonTheme(resolver: resolver)
        let styles = ButtonStyle.allCases
        let sizes = ButtonSize.allCases
        let states: [ButtonState] = [[], .highlighted, .disabled, .loading, [.selected, .focused]]
        let contents = [
            ButtonContent(title: "Continue"),
            ButtonContent(title: "Next", icon: ButtonIcon(isDirectional: true), iconPlacement: .trailing),
            ButtonContent(title: "分享", icon: ButtonIcon(), iconPlacement: .top),
        ]
        let bounds = Size(width: 240, height: 48)
        let iterations = 500_000
        let appearance = Measure.perIteration(iterations: iterations) { index in
            blackHole(
                ButtonAppearance(
                    theme: theme, style: styles[index % styles.count], size: sizes[index % sizes.count],
                    state: states[index % states.count]))
        }
        reporter.report("button.appearance", appearance * 1e9, "ns")
        let both = Measure.perIteration(iterations: iterations) { index in
            let resolved = ButtonAppearance(
                theme: theme, style: styles[index % styles.count], size: sizes[index % sizes.count],
                state: states[index % states.count])
            blackHole(
                ButtonLayout(
                    content: contents[index % contents.count], appearance: resolved, bounds: bounds,
                    measurer: measurer))
        }
        reporter.report("button.appearance+layout", both * 1e9, "ns")
        let budget = 2e-6
        reporter.report("button.appearance+layout.budget-ratio", both / budget, "x")
    }
}
