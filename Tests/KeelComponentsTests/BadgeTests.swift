import KeelComponents
import KeelDesign
import Testing

@Suite("Badges")
struct BadgeTests {
    static let appearances: [ThemeTraits] = [
        ThemeTraits(), ThemeTraits(colorScheme: .dark), ThemeTraits(contrast: .high),
        ThemeTraits(colorScheme: .dark, contrast: .high),
    ]

    @Test(
        "counts show as numbers up to the maximum, then overflow; zero or less hides the badge",
        arguments: [
            (BadgeContent.count(1), "1" as String?, true), (.count(42), "42", true), (.count(99), "99", true),
            (.count(100), "99+", true), (.count(1_000_000), "99+", true), (.count(Int.max), "99+", true),
            (.count(0), nil, false), (.count(-3), nil, false), (.dot, nil, true),
        ])
    func text(row: (BadgeContent, String?, Bool)) {
        let (content, expected, shown) = row
        let appearance = BadgeAppearance(theme: BadgeTheme(resolver: Fixture.light), content: content)
        #expect(appearance.text == expected)
        #expect(appearance.isShown == shown)
    }

    @Test("a theme's maximum count changes the overflow; a nonsense maximum keeps 99")
    func themedMaximum() {
        func theme(_ maximum: Double) -> BadgeTheme {
            let custom = KeelTheme(
                identifier: ThemeIdentifier(rawValue: "badge.max"), displayName: "Max", basedOn: .default,
                components: [
                    BadgeTheme.component: ComponentTheme([
                        ComponentValueKey(rawValue: "maximumCount"): .number(maximum)
                    ])
                ])
            return BadgeTheme(resolver: KeelThemeResolver(theme: custom, traits: ThemeTraits()))
        }
        #expect(BadgeAppearance(theme: theme(9), content: .count(10)).text == "9+")
        #expect(BadgeAppearance(theme: theme(-1), content: .count(100)).text == "99+")
        #expect(BadgeAppearance(theme: theme(.nan), content: .count(100)).text == "99+")
    }

    @Test("every tone takes its palette pair; an unknown tone looks critical")
    func tones() {
        let theme = BadgeTheme(resolver: Fixture.light)
        #expect(
            BadgeAppearance(theme: theme, content: .count(3), tone: .critical).background.hex == "#CF222E")
        #expect(BadgeAppearance(theme: theme, content: .count(3), tone: .info).background.hex == "#0969DA")
        #expect(BadgeAppearance(theme: theme, content: .count(3), tone: .success).background.hex == "#1A7F37")
        #expect(BadgeAppearance(theme: theme, content: .count(3), tone: .neutral).background.hex == "#222222")
        let unknown = BadgeAppearance(theme: theme, content: .count(3), tone: BadgeTone(rawValue: "app"))
        #expect(unknown.background.hex == "#CF222E" && unknown.textColor.hex == "#FFFFFF")
        let dark = BadgeAppearance(theme: BadgeTheme(resolver: Fixture.dark), content: .dot)
        #expect(dark.background.hex == "#F85149")
        #expect(dark.ring?.color.hex == "#17191C")
    }

    @Test("every declared contrast pair passes in light, dark and increased contrast, in both themes")
    func contrast() {
        for theme in [KeelTheme.default, .blue] {
            for traits in Self.appearances {
                let pairs = BadgeTheme(resolver: KeelThemeResolver(theme: theme, traits: traits))
                    .contrastPairs
                #expect(pairs.count == 2 * BadgeTone.allCases.count)
                for pair in pairs { #expect(pair.isSatisfied, "\(theme.identifier) \(traits): \(pair)") }
            }
        }
    }

    @Test("a dot is a circle; one digit is a circle; more digits widen a capsule")
    func sizes() {
        let theme = BadgeTheme(resolver: Fixture.light)
        let dot = BadgeLayout(
            appearance: BadgeAppearance(theme: theme, content: .dot), measurer: Fixture.measurer)
        #expect(dot.size == Size(width: 8, height: 8))
        #expect(dot.textFrame == nil)
        #expect(dot.ringFrame == Rect(x: -2, y: -2, width: 12, height: 12))
        let one = BadgeLayout(
            appearance: BadgeAppearance(theme: theme, content: .count(7)), measurer: Fixture.measurer)
        #expect(one.size == Size(width: 18, height: 18))
        // "7" is 6 pt wide at 12 pt (half an em), centred; the line is 18 pt.
        #expect(one.textFrame == Rect(x: 6, y: 0, width: 6, height: 18))
        let overflow = BadgeAppearance(theme: theme, content: .count(120))
        let wide = BadgeLayout(appearance: overflow, measurer: Fixture.measurer)
        // "99+" is 18 pt + 2 × 5 pt padding.
        #expect(wide.size == Size(width: 28, height: 18))
        #expect(wide.textFrame == Rect(x: 5, y: 0, width: 18, height: 18))
        let hidden = BadgeLayout(
            appearance: BadgeAppearance(theme: theme, content: .count(0)), measurer: Fixture.measurer)
        #expect(hidden.size == .zero && hidden.textFrame == nil && hidden.ringFrame == nil)
    }

    @Test("the badge sits on the host's top-trailing corner: top-right LTR, top-left RTL")
    func placement() {
        let host = Size(width: 40, height: 40)
        let ltr = BadgeAppearance(theme: BadgeTheme(resolver: Fixture.light), content: .count(3))
        let layout = BadgeLayout(appearance: ltr, measurer: Fixture.measurer)
        #expect(layout.frame(onHost: host, appearance: ltr) == Rect(x: 27, y: -5, width: 18, height: 18))
        let rtl = BadgeAppearance(theme: BadgeTheme(resolver: Fixture.rtl), content: .count(3))
        let mirrored = BadgeLayout(appearance: rtl, measurer: Fixture.measurer)
        #expect(mirrored.frame(onHost: host, appearance: rtl) == Rect(x: -5, y: -5, width: 18, height: 18))
    }

    @Test("Dynamic Type grows the badge from the smallest to the largest size, capped")
    func dynamicType() throws {
        func layout(_ category: TextSizeCategory, _ content: BadgeContent) -> BadgeLayout {
            BadgeLayout(
                appearance: BadgeAppearance(
                    theme: BadgeTheme(resolver: Fixture.resolver(category: category)), content: content),
                measurer: Fixture.measurer)
        }
        let smallest = layout(.extraSmall, .count(120))
        let large = layout(.large, .count(120))
        let largest = layout(.accessibilityExtraExtraExtraLarge, .count(120))
        #expect(smallest.size.height == 18)  // never below the theme's height
        #expect(largest.size.height > large.size.height)
        #expect(largest.size.height <= 36)  // the 2× cap
        #expect(largest.size.width > large.size.width)
        // The number always fits its badge.
        for item in [smallest, large, largest] {
            let text = try #require(item.textFrame)
            #expect(text.minX >= 0 && text.maxX <= item.size.width && text.height <= item.size.height)
        }
        #expect(layout(.accessibilityExtraExtraExtraLarge, .dot).size.width > layout(.large, .dot).size.width)
    }

    @Test("VoiceOver hears the count, the overflow and the dot; a hidden badge says nothing")
    func accessibility() {
        let theme = BadgeTheme(resolver: Fixture.light)
        func spoken(_ content: BadgeContent, _ strings: AccessibilityStrings = .english)
            -> AccessibilityDescription?
        {
            BadgeAppearance(theme: theme, content: content).accessibility(strings: strings)
        }
        #expect(spoken(.count(3))?.label == "3 new")
        #expect(spoken(.count(3))?.role == .staticText)
        #expect(spoken(.count(100))?.label == "More than 99 new")
        #expect(spoken(.dot)?.label == "New")
        #expect(spoken(.count(0)) == nil)
        #expect(spoken(.count(5), .simplifiedChinese)?.label == "5 条新内容")
        #expect(spoken(.count(3))?.platformTraits == [.staticText])
    }
}
