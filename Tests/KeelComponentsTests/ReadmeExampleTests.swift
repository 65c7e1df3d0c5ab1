import KeelComponents
import KeelDesign
import Testing

@Suite("README example")
struct ReadmeExampleTests {
    @Test("the README's KeelComponents example compiles and does what it says")
    func example() throws {
        // --- README example start ---
        let resolver = KeelThemeResolver(theme: .default, traits: ThemeTraits(layoutDirection: .rightToLeft))
        let buttons = ButtonTheme(resolver: resolver)  // once per theme and traits
        let appearance = ButtonAppearance(theme: buttons, style: .brand, size: .medium, state: .loading)
        let content = ButtonContent(
            title: "Next", icon: ButtonIcon(isDirectional: true), iconPlacement: .trailing)
        let layout = ButtonLayout(
            content: content, appearance: appearance, bounds: Size(width: 200, height: 40),
            measurer: FixedAdvanceTextMeasurer())
        // appearance.background == .solid(#FF542A); a loading button absorbs touches:
        let touch = appearance.touchDisposition(
            at: Point(x: 100, y: 20), bounds: Rect(x: 0, y: 0, width: 200, height: 40))

        var toggle = ConfirmableSelection(value: false, behavior: .requiresConfirmation)
        let request = toggle.send(.tap(hasRequestHandler: true))  // asks for true; pending
        let outcome = toggle.send(.resolve(true))  // commits: .valueChanged(true)
        // --- README example end ---
        #expect(appearance.background == .solid(resolver.color(.brandPrimary)))
        #expect(touch == .absorb)
        #expect(layout.iconFrame != nil && (layout.iconFrame?.minX ?? 0) < (layout.titleFrame?.minX ?? 0))
        #expect(request.effects == [.activated, .changeRequested(true)])
        #expect(outcome.effects == [.valueChanged(true)] && toggle.value && !toggle.isPending)
        #expect(appearance.accessibility(title: "Next", strings: .english).value == "Loading")
    }
}
