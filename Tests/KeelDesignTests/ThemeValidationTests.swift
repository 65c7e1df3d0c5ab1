import Testing

@testable import KeelDesign

/// Acceptance 4: validation reports every issue kind as a typed value.
@Suite struct ThemeValidationTests {
    private func derived(
        colors: [ColorToken: KeelThemeColor] = [:], metrics: ThemeMetrics = ThemeMetrics(),
        components: [ComponentIdentifier: ComponentTheme] = [:], pairs: [ContrastPair] = []
    ) -> KeelTheme {
        KeelTheme(
            identifier: ThemeIdentifier(rawValue: "t"), displayName: "T", basedOn: .default, colors: colors,
            metrics: metrics, components: components, contrastPairs: pairs)
    }

    @Test func builtInThemesAreValid() {
        #expect(KeelTheme.default.validate().issues == [])
        #expect(KeelTheme.blue.validate().issues == [])
    }

    @Test func defaultThemePassesAAForDeclaredTextPairs() {
        let textPairs = KeelTheme.default.contrastPairs.filter { $0.requirement == .aaText }
        #expect(textPairs.count >= 8)
        for pair in textPairs {
            for scheme in InterfaceStyle.allCases {
                let foreground = KeelTheme.default.colors[pair.foreground]!.resolved(
                    scheme: scheme, contrast: .normal)
                let background = KeelTheme.default.colors[pair.background]!.resolved(
                    scheme: scheme, contrast: .normal)
                #expect(foreground.contrastRatio(on: background) >= 4.5, "\(pair) \(scheme)")
            }
        }
    }

    @Test func emptyIdentifierAndName() {
        let theme = KeelTheme(identifier: ThemeIdentifier(rawValue: ""), displayName: "", basedOn: .default)
        #expect(theme.validate().issues == [.emptyIdentifier, .emptyDisplayName])
    }

    @Test func missingTokensInCompleteMode() {
        let theme = KeelTheme(identifier: ThemeIdentifier(rawValue: "t"), displayName: "T", basedOn: nil)
        let issues = theme.validate().issues
        #expect(issues.contains(.missingToken(kind: .color, name: "brand.primary", referencedBy: nil)))
        #expect(issues.contains(.missingToken(kind: .font, name: "title1", referencedBy: nil)))
        #expect(issues.contains(.missingToken(kind: .elevation, name: "alert", referencedBy: nil)))
        #expect(theme.validate(requireCompleteDefinition: false).isValid)
    }

    @Test func nonFiniteAndOutOfRange() {
        let theme = derived(
            metrics: ThemeMetrics(
                fonts: [.body: FontStyle(size: .nan)], spacings: [.md: -1], opacities: [.disabled: 1.5],
                motions: [
                    .fast: MotionStyle(duration: .infinity, curve: .cubicBezier(x1: 2, y1: 0, x2: 1, y2: 1))
                ]))
        let issues = theme.validate().issues
        #expect(issues.contains(.nonFiniteValue(path: "font.body.size", value: .nan)) == false)  // NaN != NaN
        #expect(issues.contains { if case .nonFiniteValue("font.body.size", _) = $0 { true } else { false } })
        #expect(
            issues.contains(
                .outOfRange(path: "spacing.md", value: -1, allowed: 0...Double.greatestFiniteMagnitude)))
        #expect(issues.contains(.outOfRange(path: "opacity.disabled", value: 1.5, allowed: 0...1)))
        #expect(issues.contains(.nonFiniteValue(path: "motion.fast.duration", value: .infinity)))
        #expect(issues.contains(.outOfRange(path: "motion.fast.curve.x1", value: 2, allowed: 0...1)))
        #expect(!theme.validate().isValid)
    }

    @Test func fontRules() {
        let theme = derived(
            metrics: ThemeMetrics(fonts: [
                .body: FontStyle(size: 14, scaling: .dynamic(maximum: 10)),
                .caption: FontStyle(
                    families: [FontFamily(name: "")], size: 12, weight: FontWeight(rawValue: 0)),
            ]))
        let issues = theme.validate().issues
        #expect(issues.contains(.maximumBelowBaseSize(font: "body", base: 14, maximum: 10)))
        #expect(issues.contains(.emptyText(path: "font.caption.families[0]")))
        #expect(issues.contains(.outOfRange(path: "font.caption.weight", value: 0, allowed: 1...1000)))
    }

    @Test func hitTargetUnder44() {
        let theme = derived(components: [
            .button: ComponentTheme([ComponentValueKey(rawValue: "minimumHitTarget"): .hitTarget(40)])
        ])
        #expect(
            theme.validate().issues == [
                .hitTargetTooSmall(path: "component.button.minimumHitTarget", size: 40, minimum: 44)
            ])
    }

    @Test func componentReferencesMustExist() {
        let theme = derived(components: [
            .toggle: ComponentTheme([
                ComponentValueKey(rawValue: "track"): .colorToken(ColorToken(rawValue: "nope")),
                ComponentValueKey(rawValue: "label"): .font(KeelFontToken(rawValue: "huge")),
            ])
        ])
        let issues = theme.validate().issues
        #expect(
            issues.contains(.missingToken(kind: .color, name: "nope", referencedBy: "component.toggle.track"))
        )
        #expect(
            issues.contains(.missingToken(kind: .font, name: "huge", referencedBy: "component.toggle.label")))
    }

    @Test func insufficientContrastForDeclaredPair() throws {
        let theme = derived(colors: [.textSecondary: KeelThemeColor("#777777", "#C9CDD4")])
        let issues = theme.validate().issues
        #expect(issues.count == 2)  // on background.primary and background.secondary
        guard case .insufficientContrast(let pair, let variant, let ratio) = try #require(issues.first) else {
            Issue.record("expected a contrast issue")
            return
        }
        #expect(pair.foreground == .textSecondary)
        #expect(pair.background == .backgroundPrimary)
        #expect(variant == .light)
        #expect(abs(ratio - 4.478) < 0.001)
        #expect(issues[0].severity == .error)
        #expect(issues[0].description.contains("text.secondary on background.primary"))
    }

    @Test func highContrastVariantsAreChecked() {
        let theme = derived(colors: [
            .textPrimary: KeelThemeColor(light: .black, dark: .white, lightHighContrast: .white)
        ])
        let issues = theme.validate().issues
        #expect(
            issues.contains {
                if case .insufficientContrast(_, .lightHighContrast, _) = $0 { true } else { false }
            })
    }

    @Test func shadowColorMustExist() {
        let theme = derived(
            metrics: ThemeMetrics(shadows: [
                .card: ShadowValue(
                    color: .token(ColorToken(rawValue: "x")), offsetY: 1, radius: 1, opacity: 1)
            ]))
        #expect(
            theme.validate().issues == [.missingToken(kind: .color, name: "x", referencedBy: "shadow.card")])
    }

    @Test func emptyTokenNameIsAWarning() {
        let theme = derived(colors: [ColorToken(rawValue: ""): KeelThemeColor("#000")])
        let validation = theme.validate()
        #expect(validation.isValid)
        #expect(validation.warnings == [.emptyTokenName(kind: .color)])
    }
}
