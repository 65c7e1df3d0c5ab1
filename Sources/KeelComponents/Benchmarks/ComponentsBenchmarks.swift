import KeelDesign
import KeelGeometry

/// The workloads of the `components` benchmark suite (`Benchmarks/`, `keel-bench components`),
/// set up here because the types they exercise are `package`; the suite times them.
@_spi(Benchmarks) public enum ComponentsBenchmarks {
    /// The workloads over `resolver`, each set up once and doing its work `n` times when called
    /// with `n`: building a button theme; resolving a button's appearance (cycling through the
    /// variants, sizes and five states); resolving it and laying out its content (three contents,
    /// 240 × 48); resolving an alert's complete layout (title, message, a text input with a
    /// counter and two actions, as the KeelUIKit alert does on every layout pass); and
    /// `components`, every other component's named workload with its budget in seconds, in
    /// report order (the everyday and form components', 2 µs each, then the loading ones').
    public static func workloads(resolver: KeelThemeResolver) throws -> (
        buildTheme: (Int) -> Void, appearance: (Int) -> Void, appearanceAndLayout: (Int) -> Void,
        alertLayout: (Int) -> Void, components: [(name: String, budget: Double, run: (Int) -> Void)]
    ) {
        let measurer = FixedAdvanceTextMeasurer()
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
        func appearance(_ index: Int) -> ButtonAppearance {
            ButtonAppearance(
                theme: theme, style: styles[index % styles.count], size: sizes[index % sizes.count],
                state: states[index % states.count])
        }
        let configuration = try AlertConfiguration(
            title: "Rename playlist", message: "Pick a name you will recognise later.",
            accessory: .textInput(
                AlertTextInput(
                    placeholder: "Playlist name", text: "Road trip mix", maximumLength: 20,
                    showsCharacterCount: true)),
            actions: [.cancel("Cancel"), .primary("Save")])
        let input = AlertLayoutInput(
            configuration: configuration, theme: AlertTheme(resolver: resolver), buttonTheme: theme,
            container: Size(width: 390, height: 844), safeArea: Edges(top: 47, left: 0, bottom: 34, right: 0))
        let texts = ["Road trip mix", "Road trip", "Mix"]
        return (
            buildTheme: { count in
                for _ in 0..<count { keep(ButtonTheme(resolver: resolver)) }
            },
            appearance: { count in
                for index in 0..<count { keep(appearance(index)) }
            },
            appearanceAndLayout: { count in
                for index in 0..<count {
                    keep(
                        ButtonLayout(
                            content: contents[index % contents.count], appearance: appearance(index),
                            bounds: bounds, measurer: measurer))
                }
            },
            alertLayout: { count in
                for index in 0..<count {
                    var current = input
                    current.inputText = texts[index % texts.count]
                    keep(AlertLayout.resolve(current, measurer: measurer))
                }
            },
            components: (everydayWorkloads(resolver: resolver) + formWorkloads(resolver: resolver))
                .map { (name: $0.name, budget: 2e-6, run: $0.run) } + loadingWorkloads(resolver: resolver)
        )
    }

    /// Keeps `value` alive and opaque to the optimiser, so a timed loop's work is not removed.
    @inline(never)
    static func keep<T>(_ value: T) {
        withExtendedLifetime(value) {}
    }
}
