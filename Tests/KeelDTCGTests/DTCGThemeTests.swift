import Foundation
import KeelSupport
import KeelTestSupport
import Testing

@testable import KeelDTCG

/// Acceptance 6: token files ↔ themes, on the 244-token Harbor set.
@Suite(.onOwnThread) struct DTCGThemeTests {
    @Test func harborParsesWithoutIssuesAndCoversEveryType() throws {
        let document = DTCGDocument(source: try TestPaths.source("harbor.tokens.json"))
        #expect(document.issues == [])
        #expect(document.tokens.count >= 200)
        let types = Set(document.tokens.values.compactMap(\.type))
        #expect(types == Set(TokenType.allCases))
        #expect(document.tokens.values.allSatisfy { $0.value != nil })
        let spaces = Set(
            document.tokens.values.compactMap { token -> ColorSpace? in
                if case .color(let color)? = token.value, token.aliasTarget == nil { return color.colorSpace }
                return nil
            })
        #expect(spaces == Set(ColorSpace.allCases))
        #expect(document["color.legacy.muted"]?.deprecation == DTCGDeprecation(reason: "Use text.secondary."))
        #expect(document["searchField.height"]?.value == .dimension(DTCGDimension(value: 48)))
        #expect(document["searchField.width"]?.value == .dimension(DTCGDimension(value: 280)))
        guard case .color(let pointer)? = document["palette.spaces.from-pointer"]?.value,
            case .color(let blue)? = document["palette.blue.500"]?.value
        else {
            Issue.record("pointer colour did not resolve")
            return
        }
        #expect(pointer.components == blue.components)
        #expect(pointer.alpha == 0.5)
        guard case .shadow(let layers)? = document["shadow.floating"]?.value else { return }
        #expect(layers.count == 2)
    }

    @Test func harborImportsAsACompleteValidTheme() throws {
        let theme = try DTCGThemeImporter().importTheme(from: try TestPaths.source("harbor.tokens.json"))
        #expect(theme.identifier.rawValue == "harbor")
        #expect(theme.validate().issues == [])
        let resolver = KeelThemeResolver(
            theme: theme, traits: ThemeTraits(colorScheme: .dark, displayScale: 3))
        #expect(resolver.color(.textPrimary).hexString == "#F1F3F6")
        #expect(resolver.spacing(.md) == 16)
        #expect(resolver.spacing(.xl) == 32)
        #expect(resolver.borderWidth(.hairline) == 1.0 / 3)
        #expect(resolver.font(.title1).size == 20)
        #expect(resolver.font(.title1).lineHeight == 28)
        #expect(resolver.font(.title2).lineHeight == 28.285704)
        #expect(theme.metrics.fonts[.title1]?.textStyle == .title2)
        #expect(theme.metrics.fonts[KeelFontToken(rawValue: "code")]?.scaling == .fixed)
        #expect(
            theme.metrics.fonts[KeelFontToken(rawValue: "display")]?.families.first?.faces[.bold]
                == "HarborDisplay-Bold")
        #expect(theme.metrics.motions[.emphasized]?.reducedMotion == .crossFade(duration: 0.2))
        #expect(theme.metrics.motions[.fast]?.curve == .easeOut)
        #expect(theme.metrics.shadows[.card] == ShadowValue(offsetY: 2, radius: 8, opacity: 0.12))
        #expect(
            theme.componentValue(.button, ComponentValueKey(rawValue: "minimumHitTarget")) == .hitTarget(44))
        #expect(
            theme.componentValue(.button, ComponentValueKey(rawValue: "brand.background.normal"))
                == .colorToken(.brandPrimary))
        #expect(
            theme.componentValue(.button, ComponentValueKey(rawValue: "size.large.font")) == .font(.bodyLarge)
        )
        #expect(theme.extensions.isEmpty)
    }

    @Test func darkModifierFilesOverrideOnlyWhatTheyChange() throws {
        let sources = DTCGThemeSources(
            base: [try TestPaths.source("harbor.tokens.json")],
            dark: [try TestPaths.source("harbor.dark.tokens.json")])
        let theme = try DTCGThemeImporter().importTheme(from: sources).theme
        #expect(theme.colors[.textSecondary]?.dark.hexString == "#B9C0C9")
        #expect(theme.colors[.textSecondary]?.light.hexString == "#444C57")
        #expect(theme.colors[.brandPrimary]?.dark.hexString == "#6AADF5")
        #expect(theme.colors[.backgroundPrimary]?.dark.hexString == "#14171B")
    }

    @Test(arguments: [ThemeIdentifier.default, .blue])
    func builtInThemesRoundTrip(identifier: ThemeIdentifier) throws {
        let theme = identifier == .blue ? KeelTheme.blue : KeelTheme.default
        let text = theme.dtcgTokenFile()
        let document = DTCGDocument(source: DTCGSource(name: "export", text: text))
        #expect(document.issues == [])
        var back = try DTCGThemeImporter().importTheme(from: DTCGSource(name: "export", text: text))
        back.baseIdentifier = theme.baseIdentifier
        #expect(back == theme)
    }

    @Test func harborRoundTripsThroughExportWithVendorExtensions() throws {
        var source = try JSONValue.parse(try Data(contentsOf: TestPaths.fixture("harbor.tokens.json")))
        guard case .object(var root) = source, case .object(var spacing)? = root["spacing"],
            case .object(var md)? = spacing["md"]
        else { return }
        let vendor = JSONValue.object(
            JSONObject([
                (
                    "com.figma",
                    .object(
                        JSONObject([("variableId", .string("V:12")), ("scopes", .array([.string("GAP")]))]))
                )
            ]))
        md["$extensions"] = vendor
        spacing["md"] = .object(md)
        root["spacing"] = .object(spacing)
        source = .object(root)
        let theme = try DTCGThemeImporter().importTheme(
            from: DTCGSource(name: "harbor", text: source.encoded()))
        #expect(theme.extensions["spacing.md"] == vendor)
        let exported = theme.dtcgTokenFile()
        let reread = DTCGDocument(source: DTCGSource(name: "exported", text: exported))
        #expect(reread["spacing.md"]?.extensions?["com.figma"] == vendor["com.figma"])
        let again = try DTCGThemeImporter().importTheme(from: DTCGSource(name: "exported", text: exported))
        #expect(again == theme)
    }

    @Test func importErrorsListEveryIssueWithPaths() throws {
        let broken = try TestPaths.source("broken.tokens.json")
        do {
            _ = try DTCGThemeImporter(options: DTCGOptions(strict: true)).importTheme(from: broken)
            Issue.record("expected errors")
        } catch let error as DTCGError {
            let paths = Set(error.errors.map(\.path.description))
            #expect(paths == ["color.broken", "color.group", "color.hex", "n.a", "size.em", "weight.Bold"])
            #expect(error.errors.allSatisfy { $0.source == "broken.tokens.json" })
        }
        // Leniently, the hex string, the em and the named weight keep their values (warnings);
        // what loses a value stays an error.
        do {
            _ = try DTCGThemeImporter().importTheme(from: broken)
            Issue.record("expected errors")
        } catch let error as DTCGError {
            #expect(Set(error.errors.map(\.path.description)) == ["color.broken", "color.group", "n.a"])
            #expect(
                Set(error.issues.filter { $0.severity == .warning }.map(\.path.description)) == [
                    "color.hex", "size.em", "weight.Bold",
                ])
        }
    }

    @Test func legacyModeReadsOldFiles() throws {
        let text = #"""
            {"spacing": {"$type": "dimension", "md": {"$value": "1rem"}},
             "color": {"$type": "color", "shadow": {"primary": {"$value": "#00000080"}}},
             "motion": {"$type": "duration", "fast": {"$value": "150ms"}}}
            """#
        #expect(throws: DTCGError.self) {
            try DTCGThemeImporter(options: DTCGOptions(strict: true)).importTheme(
                from: DTCGSource(name: "old", text: text))
        }
        // Leniently: read, a warning each.
        let (lenient, warnings) = try DTCGThemeImporter().importTheme(
            from: DTCGThemeSources(base: [DTCGSource(name: "old", text: text)]))
        #expect(lenient.metrics.spacings[.md] == 16)
        #expect(
            warnings.map(\.message).sorted() == [
                "'#00000080' is the pre-2025 string form of a color",
                "'150ms' is the pre-2025 string form of a duration",
                "'1rem' is the pre-2025 string form of a dimension",
            ])
        let theme = try DTCGThemeImporter(options: DTCGOptions(legacy: true, remBase: 10))
            .importTheme(from: DTCGSource(name: "old", text: text))
        #expect(theme.metrics.spacings[.md] == 10)
        #expect(theme.colors[.shadowPrimary]?.light.hexString == "#00000080")
        #expect(theme.metrics.motions[.fast]?.duration == 0.15)
    }

    @Test func wrongTypeInAThemeGroupIsAWarningNotAnError() throws {
        // Valid DTCG that the theme has no place for: the file is fine, the theme ignores it.
        let text = #"{"spacing": {"md": {"$type": "fontWeight", "$value": 400}}}"#
        let (theme, warnings) = try DTCGThemeImporter().importTheme(
            from: DTCGThemeSources(base: [DTCGSource(name: "x", text: text)]))
        #expect(theme.metrics.spacings.isEmpty)
        #expect(warnings.map(\.path) == [["spacing", "md"]])
        #expect(warnings.allSatisfy { $0.severity == .warning })
        #expect(
            warnings.first?.description
                == "x:1:44: spacing.md: warning: a fontWeight token is not a theme spacing value (the theme ignores it) (as written: 400)"
        )
    }
}
