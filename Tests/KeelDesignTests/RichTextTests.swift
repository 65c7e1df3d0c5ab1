import Testing

@testable import KeelDesign

@Suite struct RichTextTests {
    @Test func builderAndModifiersResolveThroughTheTheme() throws {
        let showIcon = true
        let text = RichText(
            font: .body, color: .textSecondary, paragraph: ParagraphStyle(paragraphSpacing: .sm)
        ) {
            "Read the "
            RichText("terms").link("https://example.com/terms")
            " before you "
            RichText("continue").bold().color(.textPrimary)
            if showIcon {
                RichText(icon: .arrowForward)
            }
            for word in [" a", " b"] {
                RichText(word).strikethrough().italic()
            }
        }
        #expect(text.plainText == "Read the terms before you continue a b")
        let resolver = KeelThemeResolver(theme: .default, traits: ThemeTraits(layoutDirection: .rightToLeft))
        let resolved = resolver.resolve(text)
        #expect(resolved.runs.count == 7)
        #expect(resolved.runs[0].color.hexString == "#666666")
        #expect(resolved.runs[0].font.size == 14)
        #expect(resolved.runs[1].link == "https://example.com/terms")
        #expect(resolved.runs[1].color.hexString == "#666666")  // the outer colour is set, so links keep it
        #expect(resolved.runs[1].isUnderlined)
        #expect(resolved.runs[3].font.weight == .bold)
        #expect(resolved.runs[3].color.hexString == "#222222")
        let icon = try #require(resolved.runs[4].icon)
        #expect(icon.0.isMirrored)
        #expect(icon.size == 20)
        #expect(resolved.runs[5].isStruckThrough && resolved.runs[5].isItalic)
        #expect(resolved.lineHeight == 22)
        #expect(resolved.paragraphSpacing == 12)
        #expect(resolved.alignment == .right)
    }

    @Test func linksWithoutColourUseTheBrandColour() {
        let resolved = KeelThemeResolver(theme: .default).resolve(RichText("here").link("https://x"))
        #expect(resolved.runs[0].color.hexString == "#FF542A")
        #expect(resolved.alignment == .left)
    }

    @Test func innerStyleWinsOverOuter() {
        let text = RichText(font: .caption) {
            RichText("big").font(.title1)
            "small"
        }.font(.body).color(.error)
        let resolved = KeelThemeResolver(theme: .default).resolve(text)
        #expect(resolved.runs[0].font.size == 20)
        #expect(resolved.runs[1].font.size == 12)
        #expect(resolved.runs.allSatisfy { $0.color.hexString == "#CF222E" })
    }

    @Test func lineHeightScalesWithDynamicType() {
        let text = RichText("x").paragraph(ParagraphStyle(lineHeight: .multiple(1.5), alignment: .center))
        let resolver = KeelThemeResolver(
            theme: .default, traits: ThemeTraits(contentSizeCategory: .accessibilityExtraExtraExtraLarge))
        let resolved = resolver.resolve(text, font: .bodyLarge)
        #expect(resolved.lineHeight == resolver.font(.bodyLarge).size * 1.5)
        #expect(resolved.alignment == .center)
        #expect(resolver.resolve(RichText("x")).lineHeight == 22.0 * 53 / 17)
    }
}
