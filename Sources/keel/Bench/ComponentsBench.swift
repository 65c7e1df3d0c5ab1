import Foundation
import KeelComponents
import KeelDesign

extension BenchSuite {
    /// KeelComponents: button appearance and content layout.
    static let components = BenchSuite(
        name: "components",
        summary:
            "resolve a button's appearance and lay out its content (budget 2 µs); resolve an alert's full layout (budget 20 µs)"
    ) { reporter in
        let resolver = KeelThemeResolver(
            theme: .default, traits: ThemeTraits(colorScheme: .dark, contentSizeCategory: .extraLarge))
        let measurer = FixedAdvanceTextMeasurer()
        // Built once per theme and traits, like the resolver itself.
        let buildIterations = 2_000
        let build = Measure.perIteration(iterations: buildIterations) { _ in
            blackHole(ButtonTheme(resolver: resolver))
        }
        reporter.report("button.theme.build", build * 1e6, "µs")

        let theme = ButtonTheme(resolver: resolver)
        let styles = ButtonVariant.allCases
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

        // The alert's complete layout: title, message, a text input with a counter and two
        // actions, as the KeelUIKit alert resolves it on every layout pass.
        let alertTheme = AlertTheme(resolver: resolver)
        guard
            let configuration = try? AlertConfiguration(
                title: "Rename playlist", message: "Pick a name you will recognise later.",
                accessory: .textInput(
                    AlertTextInput(
                        placeholder: "Playlist name", text: "Road trip mix", maximumLength: 20,
                        showsCharacterCount: true)),
                actions: [.cancel("Cancel"), .primary("Save")])
        else { return }
        let input = AlertLayoutInput(
            configuration: configuration, theme: alertTheme, buttonTheme: theme,
            container: Size(width: 390, height: 844), safeArea: Edges(top: 47, left: 0, bottom: 34, right: 0))
        let texts = ["Road trip mix", "Road trip", "Mix"]
        let alertIterations = 50_000
        let alert = Measure.perIteration(iterations: alertIterations) { index in
            var current = input
            current.inputText = texts[index % texts.count]
            blackHole(AlertLayout.resolve(current, measurer: measurer))
        }
        reporter.report("alert.layout", alert * 1e6, "µs")
        let alertBudget = 20e-6
        reporter.report("alert.layout.budget-ratio", alert / alertBudget, "x")
    }
}
