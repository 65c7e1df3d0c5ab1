import Foundation
import KeelDesign
import KeelSupport
import KeelTestSupport
import Testing

@testable import KeelDTCG

/// Findings of the eleventh review (theme mapping of aliases, shadows, variants and Keel's own
/// extensions): each test names the input and what it used to do.
@Suite(.onOwnThread) struct DTCGReviewElevenTests {
    /// The import report of one file.
    func report(_ json: String, strict: Bool = false) throws -> DTCGImportReport {
        try DTCGThemeImporter(options: DTCGOptions(strict: strict)).importReport(
            from: DTCGThemeSources(base: [DTCGSource(name: "t.json", text: json)]))
    }

    /// The messages of the warnings located at `path`.
    func messages(_ report: DTCGImportReport, at path: String) -> [String] {
        report.warnings.filter { $0.path == TokenPath(dotted: path) }.map(\.message)
    }

    /// A component colour written as an alias plus a Primer `alpha` member or a Tokens Studio
    /// modifier keeps the modified colour; a plain alias stays a palette reference. Before: all
    /// three modified ones became `.colorToken(target)` (the unmodified palette colour) while
    /// the warnings said the alpha or modifier was applied.
    @Test func componentColorAliasKeepsModifiers() throws {
        let report = try report(
            """
            {"color": {"$type": "color", "primary": {"$value": "#0969da"},
               "black": {"$value": {"colorSpace": "srgb", "components": [0,0,0]}}},
             "component": {"button": {
               "plain":   {"$type": "color", "$value": "{color.primary}"},
               "pointer": {"$type": "color", "$value": {"$ref": "#/color/primary"}},
               "overlay": {"$type": "color", "$value": "{color.black}", "alpha": 0.5},
               "hover":   {"$type": "color", "$value": "{color.primary}", "$extensions": {"studio.tokens": {"modify": {"type": "alpha",  "value": "0.5", "space": "srgb"}}}},
               "dark":    {"$type": "color", "$value": "{color.primary}", "$extensions": {"studio.tokens": {"modify": {"type": "darken", "value": "0.5", "space": "srgb"}}}}}}}
            """)
        let button = try #require(report.theme.components[ComponentIdentifier(rawValue: "button")])
        let primary = ColorToken(rawValue: "primary")
        #expect(button[ComponentValueKey(rawValue: "plain")] == .colorToken(primary))
        #expect(button[ComponentValueKey(rawValue: "pointer")] == .colorToken(primary))
        #expect(
            button[ComponentValueKey(rawValue: "overlay")]
                == .color(KeelThemeColor(light: ColorValue(red: 0, green: 0, blue: 0, alpha: 0.5))))
        guard case .color(let hover)? = button[ComponentValueKey(rawValue: "hover")] else {
            Issue.record("hover is not a component colour")
            return
        }
        #expect(abs(hover.light.alpha - 0.5) < 1e-9)
        guard case .color(let darker)? = button[ComponentValueKey(rawValue: "dark")] else {
            Issue.record("dark is not a component colour")
            return
        }
        #expect(darker.light.alpha == 1)
        #expect(darker.light.blue < 0xda / 255.0 - 0.1)
    }

    /// A modified component colour follows the dark file like any component colour. Before: it
    /// was a palette reference, so the dark file's own value was never read.
    @Test func modifiedComponentColorTakesTheDarkVariant() throws {
        let base = """
            {"color": {"$type": "color", "black": {"$value": "#000000"}},
             "component": {"sheet": {"scrim": {"$type": "color", "$value": "{color.black}", "alpha": 0.4}}}}
            """
        let dark = """
            {"component": {"sheet": {"scrim": {"$type": "color", "$value": "{color.black}", "alpha": 0.7}}}}
            """
        let theme = try DTCGThemeImporter().importTheme(
            from: DTCGThemeSources(
                base: [DTCGSource(name: "base.json", text: base)],
                dark: [DTCGSource(name: "dark.json", text: dark)])
        ).theme
        guard
            case .color(let scrim)? = theme.components[ComponentIdentifier(rawValue: "sheet")]?[
                ComponentValueKey(rawValue: "scrim")]
        else {
            Issue.record("scrim is not a component colour")
            return
        }
        #expect(abs(scrim.light.alpha - 0.4) < 1e-9)
        #expect(abs(scrim.dark.alpha - 0.7) < 1e-9)
    }

    /// Primer's shadows: a transparent 1px "border" layer first, the drop shadow second; an
    /// inset shadow. The theme draws the most opaque outer layer and leaves an inset-only
    /// shadow out with a warning. Before: layer 0 was kept (an invisible shadow) and `inset`
    /// was read as a drop shadow, with no warning.
    @Test func multiLayerAndInsetShadows() throws {
        let report = try report(
            """
            {"shadow": {
              "inset": {"$type": "shadow", "$value": {"color": "#000000", "offsetX": "0px", "offsetY": "1px", "blur": "0px", "spread": "0px", "inset": true}},
              "large": {"$type": "shadow", "$value": [
                {"color": "#d1d9e0", "alpha": 0, "offsetX": "0px", "offsetY": "0px", "blur": "0px", "spread": "1px"},
                {"color": "#25292e", "alpha": 0.24, "offsetX": "0px", "offsetY": "40px", "blur": "80px", "spread": "0px"}]},
              "mixed": {"$type": "shadow", "$value": [
                {"color": "#00000033", "offsetX": "0px", "offsetY": "1px", "blur": "2px", "spread": "0px", "inset": true},
                {"color": "#0000001a", "offsetX": "0px", "offsetY": "1px", "blur": "1px", "spread": "0px"},
                {"color": "#0000001f", "offsetX": "0px", "offsetY": "3px", "blur": "6px", "spread": "0px"}]}}}
            """)
        let shadows = report.theme.metrics.shadows
        #expect(shadows[ShadowToken(rawValue: "inset")] == nil)
        #expect(report.leftOut.contains { $0.path == TokenPath(dotted: "shadow.inset") })
        #expect(messages(report, at: "shadow.inset").contains { $0.contains("inset (inner) shadow") })
        let large = try #require(shadows[ShadowToken(rawValue: "large")])
        #expect(large.offsetY == 40 && large.radius == 40 && abs(large.opacity - 0.24) < 1e-9)
        // Dropping an invisible layer loses nothing: no warning.
        #expect(messages(report, at: "shadow.large").allSatisfy { !$0.contains("layer") })
        let mixed = try #require(shadows[ShadowToken(rawValue: "mixed")])
        #expect(mixed.offsetY == 3 && mixed.radius == 3)
        #expect(
            messages(report, at: "shadow.mixed").contains {
                $0.contains("layers 0 (inset), 1 of 3") && $0.contains("layer 2")
            })
    }

    /// A shadow layer written as a palette alias with Primer's `alpha` keeps the palette
    /// reference at that fraction; one whose colour a modifier changed keeps its own colour.
    /// Before: `opacity` was set to 1 (a solid black line where Primer draws 4 % black).
    @Test func shadowColorAliasKeepsTheLayerAlpha() throws {
        let report = try report(
            """
            {"color": {"black": {"$type": "color", "$value": "#000000"},
                       "veil": {"$type": "color", "$value": "#00000080"}},
             "shadow": {
               "hairline": {"$type": "shadow", "$value": {"color": "{color.black}", "alpha": 0.04,
                 "offsetX": "0px", "offsetY": "1px", "blur": "0px", "spread": "0px"}},
               "veiled": {"$type": "shadow", "$value": [{"color": {"$ref": "#/color/veil"}, "alpha": 0.25,
                 "offsetX": "0px", "offsetY": "1px", "blur": "0px", "spread": "0px"}]},
               "plain": {"$type": "shadow", "$value": {"color": "{color.veil}",
                 "offsetX": "0px", "offsetY": "1px", "blur": "0px", "spread": "0px"}}}}
            """)
        let shadows = report.theme.metrics.shadows
        let hairline = try #require(shadows[ShadowToken(rawValue: "hairline")])
        #expect(hairline.color == .token(ColorToken(rawValue: "black")))
        #expect(abs(hairline.opacity - 0.04) < 1e-9)
        let veiled = try #require(shadows[ShadowToken(rawValue: "veiled")])
        #expect(veiled.color == .token(ColorToken(rawValue: "veil")))
        #expect(abs(veiled.opacity - 0.25 / (128.0 / 255.0)) < 1e-6)
        let plain = try #require(shadows[ShadowToken(rawValue: "plain")])
        #expect(plain.color == .token(ColorToken(rawValue: "veil")) && plain.opacity == 1)
    }

    /// Dark high contrast is compared with dark: a colour whose dark-high-contrast value is its
    /// light one, but whose dark one differs, keeps the light value under dark high contrast.
    /// Before: compared with light, it was dropped, so dark high contrast showed the dark colour.
    @Test func darkHighContrastComparesWithDark() throws {
        func file(_ name: String, _ components: String) -> DTCGSource {
            DTCGSource(
                name: name,
                text:
                    #"{"color": {"$type": "color", "accent": {"$value": {"colorSpace": "srgb", "components": "#
                    + components + "}}}}")
        }
        let theme = try DTCGThemeImporter().importTheme(
            from: DTCGThemeSources(
                base: [file("base.json", "[0, 0, 1]")], dark: [file("dark.json", "[0.5, 0.5, 1]")],
                darkHighContrast: [file("dhc.json", "[0, 0, 1]")])
        ).theme
        let accent = try #require(theme.colors[ColorToken(rawValue: "accent")])
        #expect(accent.dark == ColorValue(red: 0.5, green: 0.5, blue: 1))
        #expect(accent.darkHighContrast == ColorValue(red: 0, green: 0, blue: 1))
    }

    /// A colour only a variant file defines is left out with a warning at that file. Before:
    /// it was dropped with no word.
    @Test func variantOnlyColorIsWarned() throws {
        let report = try DTCGThemeImporter().importReport(
            from: DTCGThemeSources(
                base: [
                    DTCGSource(
                        name: "base.json",
                        text: ##"{"color": {"fg": {"$type": "color", "$value": "#000000"}}}"##)
                ],
                dark: [
                    DTCGSource(
                        name: "dark.json",
                        text:
                            ##"{"color": {"$type": "color", "fg": {"$value": "#ffffff"}, "overlay": {"$value": "#00000080"}}}"##
                    )
                ]))
        let warning = try #require(
            report.warnings.first {
                $0.path == TokenPath(dotted: "color.overlay") && $0.message.contains("only in the dark files")
            })
        #expect(warning.source == "dark.json" && warning.line == 1)
        #expect(report.leftOut.contains { $0.path == TokenPath(dotted: "color.overlay") })
        #expect(
            report.theme.colors[ColorToken(rawValue: "fg")]?.dark == ColorValue(red: 1, green: 1, blue: 1))
    }

    /// A shadow whose dark file changes the colour or alpha takes it in dark mode, and an
    /// export then import gives the dark shadow colour back. Before: the light colour was
    /// kept in dark mode, and the exporter wrote only the light colour.
    @Test func shadowColorsTakeTheDarkVariantAndRoundTrip() throws {
        let base = """
            {"color": {"black": {"$type": "color", "$value": "#000000"}},
             "shadow": {"$type": "shadow",
               "card": {"$value": {"color": "#000000", "alpha": 0.2, "offsetX": "0px", "offsetY": "2px", "blur": "4px", "spread": "0px"}},
               "alias": {"$value": {"color": "{color.black}", "alpha": 0.2, "offsetX": "0px", "offsetY": "2px", "blur": "4px", "spread": "0px"}}}}
            """
        let dark = """
            {"shadow": {"$type": "shadow",
               "card": {"$value": {"color": "#010409", "alpha": 0.8, "offsetX": "0px", "offsetY": "2px", "blur": "4px", "spread": "0px"}},
               "alias": {"$value": {"color": "{color.black}", "alpha": 0.1, "offsetX": "0px", "offsetY": "2px", "blur": "4px", "spread": "0px"}}}}
            """
        let theme = try DTCGThemeImporter().importTheme(
            from: DTCGThemeSources(
                base: [DTCGSource(name: "base.json", text: base)],
                dark: [DTCGSource(name: "dark.json", text: dark)])
        ).theme
        func drawn(_ name: String, _ variant: ColorVariant) throws -> ColorValue {
            let shadow = try #require(theme.metrics.shadows[ShadowToken(rawValue: name)])
            let themed: KeelThemeColor
            switch shadow.color {
            case .fixed(let own): themed = own
            case .token(let token): themed = try #require(theme.colors[token])
            }
            let color = variant == .dark ? themed.dark : themed.light
            return color.withAlpha(color.alpha * shadow.opacity)
        }
        let card = try drawn("card", .dark)
        #expect(abs(card.alpha - 0.8) < 1e-9 && abs(card.blue - 9.0 / 255) < 1e-9)
        #expect(abs(try drawn("card", .light).alpha - 0.2) < 1e-9)
        #expect(abs(try drawn("alias", .dark).alpha - 0.1) < 1e-9)
        #expect(abs(try drawn("alias", .light).alpha - 0.2) < 1e-9)
        let exported = theme.dtcgTokenFile()
        let reimported = try DTCGThemeImporter().importTheme(from: DTCGSource(name: "x.json", text: exported))
        #expect(reimported.metrics.shadows == theme.metrics.shadows)
    }

    /// Malformed members of Keel's own `$extensions["dev.keel"]` are errors located at the
    /// member. Before: each was silently defaulted (a bad dark variant became dark = light,
    /// `textStyle: "Body"` became `.body`, a spring missing `damping` was ignored, an unknown
    /// contrast requirement became AA text).
    @Test func malformedKeelExtensionsAreLocatedErrors() throws {
        func errors(_ json: String) -> [String] {
            do {
                _ = try report(json)
                return []
            } catch let error as DTCGError {
                return error.errors.map { "\($0.path)@\($0.line ?? 0): \($0.message)" }
            } catch {
                return ["\(error)"]
            }
        }
        let dark = errors(
            """
            {"color": {"$type": "color", "fg": {"$value": "#000000",
              "$extensions": {"dev.keel": {"dark": "#fffff"}}}}}
            """)
        #expect(
            dark.count == 1
                && dark[0].hasPrefix("color.fg.$extensions.dev.keel@2: invalid dark: not a colour"))
        let font = errors(
            """
            {"font": {"body": {"$type": "typography",
              "$value": {"fontFamily": "Inter", "fontSize": "16px", "fontWeight": 400, "lineHeight": 1.5},
              "$extensions": {"dev.keel": {"textStyle": "Body",
                "scaling": "Fixed"}}}}}
            """)
        #expect(font.contains { $0.hasPrefix("font.body.$extensions.dev.keel@3: invalid textStyle:") })
        #expect(font.contains { $0.hasPrefix("font.body.$extensions.dev.keel@4: invalid scaling:") })
        let motion = errors(
            """
            {"motion": {"fade": {"$type": "duration", "$value": "200ms",
              "$extensions": {"dev.keel": {"curve": "ease-in",
                "spring": {"mass": 1, "stiffness": 100}}}}}}
            """)
        #expect(
            motion.contains { $0.hasPrefix("motion.fade.$extensions.dev.keel@2: invalid curve:") },
            "\(motion)")
        #expect(
            motion.contains {
                $0.hasPrefix("motion.fade.$extensions.dev.keel.spring@3: invalid damping: missing")
            })
        let width = errors(
            """
            {"borderWidth": {"hair": {"$type": "dimension", "$value": "1px",
              "$extensions": {"dev.keel": {"unit": "physical-pixels"}}}}}
            """)
        #expect(
            width.count == 1 && width[0].hasPrefix("borderWidth.hair.$extensions.dev.keel@2: invalid unit:"))
        let pairs = errors(
            """
            {"color": {"$type": "color", "fg": {"$value": "#000000"}, "bg": {"$value": "#ffffff"}},
             "$extensions": {"dev.keel": {"contrastPairs": [
               {"foreground": "fg", "background": "bg", "requirement": "AAA"},
               {"background": "bg"}]}}}
            """)
        #expect(
            pairs.contains { $0.hasPrefix("$extensions.dev.keel.contrastPairs.0@3: invalid requirement:") })
        #expect(
            pairs.contains {
                $0.hasPrefix("$extensions.dev.keel.contrastPairs.1@4: invalid foreground: missing")
            })
    }

    /// A CSS font-stack string is read leniently as its families (quotes stripped, the system
    /// font's CSS names read as the system font) with a departure warning, and strictly is an
    /// error. Before: the whole string was one family name, so the font resolved to the
    /// system font with no warning.
    @Test func cssFontStackIsSplitIntoFamilies() throws {
        let json = """
            {"font": {
              "stack": {"$type": "typography", "$value": {"fontFamily": "'Mona Sans VF', -apple-system, BlinkMacSystemFont, \\"Segoe UI\\", sans-serif", "fontSize": {"value": 16, "unit": "px"}, "fontWeight": 400, "lineHeight": 1.5}},
              "body": {"$type": "typography", "$value": {"fontFamily": ["Inter", "system-ui"], "fontSize": {"value": 16, "unit": "px"}, "fontWeight": 400, "lineHeight": 1.5}}}}
            """
        let report = try report(json)
        let stack = try #require(report.theme.metrics.fonts[KeelFontToken(rawValue: "stack")])
        #expect(stack.families.map(\.name) == ["Mona Sans VF", "System", "System", "Segoe UI", "sans-serif"])
        #expect(
            FontDescriptor(style: stack, category: .large, boldText: false).familyFallbackList == [
                "Mona Sans VF", "System",
            ])
        #expect(messages(report, at: "font.stack").contains { $0.contains("CSS font stack") })
        let body = try #require(report.theme.metrics.fonts[KeelFontToken(rawValue: "body")])
        #expect(
            FontDescriptor(style: body, category: .large, boldText: false).familyFallbackList == [
                "Inter", "System",
            ])
        #expect(throws: DTCGError.self) { try self.report(json, strict: true) }
    }

    /// Colour components in range but too large to convert are an error at the token. Before:
    /// they imported as plausible clipped colours (`#FF00FF`, `#0000FF`, and black from NaN).
    @Test func overflowingColorComponentsAreErrors() {
        let document = DTCGDocument(
            source: DTCGSource(
                name: "t.json",
                text: """
                    {"color": {"$type": "color",
                      "a": {"$value": {"colorSpace": "xyz-d65", "components": [1e308, 0, 0]}},
                      "b": {"$value": {"colorSpace": "lab",     "components": [50, 1e300, 0]}},
                      "c": {"$value": {"colorSpace": "oklch",   "components": [0.5, 1e200, 30]}},
                      "ok": {"$value": {"colorSpace": "lab",    "components": [50, 120, -80]}}}}
                    """))
        #expect(document.errors.map(\.path.description) == ["color.a", "color.b", "color.c"])
        #expect(
            document.errors.allSatisfy { $0.message.contains("beyond the finite numbers once converted") })
        #expect(document["color.ok"]?.value != nil)
    }

    /// DTCG 2025.10 §5.2.2: a whole-value alias without its own `$type` takes the referenced
    /// token's type, not its group's; strictly valid with no issue, leniently a warning. A
    /// token's own `$type` still binds: strictly a number under `dimension` is a type
    /// mismatch; leniently it is read as px, as a plain number there is (Tokens Studio's
    /// `"spacing": "{number-4}"`, RealWorldSystemsTwoTests). Before: an error in both modes.
    @Test func aliasTypeFollowsTheReferencedTokenBeforeTheGroup() {
        let json = """
            {"base": {"lh": {"$type": "number", "$value": 1.5}},
             "size": {"$type": "dimension", "lineHeight": {"$value": "{base.lh}"},
               "own": {"$type": "dimension", "$value": "{base.lh}"}}}
            """
        for strict in [false, true] {
            let document = DTCGDocument(
                source: DTCGSource(name: "t.json", text: json), options: DTCGOptions(strict: strict))
            #expect(document["size.lineHeight"]?.value == .number(1.5))
            #expect(document["size.lineHeight"]?.type == .number)
            #expect(
                document.errors.map { "\($0.path): \($0.message)" }
                    == (strict
                        ? ["size.own: reference '{base.lh}' is a number token, expected dimension"] : []))
            #expect(
                document["size.own"]?.value
                    == (strict ? nil : .dimension(DTCGDimension(value: 1.5, unit: .px))))
            let warned = document.issues.contains {
                $0.path == TokenPath(dotted: "size.lineHeight") && $0.message.contains("§5.2.2")
            }
            #expect(warned == !strict)
        }
    }

    /// A `$ref` is a URI fragment: percent-decoded before `~1`/`~0` are unescaped, and written
    /// with `%` encoded. Before: `#/color/Hot%20pink` did "not name a token".
    @Test func pointerReferencesArePercentDecoded() {
        #expect(DTCGReference.pointerSegments("#/color/Hot%20pink") == ["color", "Hot pink"])
        #expect(DTCGReference.pointerSegments("#/a%7E1b/c~1d") == ["a/b", "c/d"])
        #expect(DTCGReference.pointerSegments("#/opacity/50%") == ["opacity", "50%"])
        #expect(DTCGReference.pointerSegments("#/x/%C3%A9") == ["x", "é"])
        #expect(DTCGReference.pointerSegments("#/x/%FF") == nil)
        #expect(DTCGReference.pointerSegments(DTCGReference.pointer(["a%20b", "c/d"])) == ["a%20b", "c/d"])
        let document = DTCGDocument(
            source: DTCGSource(
                name: "t.json",
                text: """
                    {"color": {"$type": "color", "Hot pink": {"$value": "#ff69b4"},
                      "alias": {"$value": {"$ref": "#/color/Hot%20pink"}}}}
                    """))
        #expect(document.errors.isEmpty, "\(document.errors)")
        #expect(document["color.alias"]?.value == document["color.Hot pink"]?.value)
    }

    /// A component colour aliasing one palette colour in the base and another in the dark
    /// file takes the dark one; one whose palette colour itself changes stays a reference.
    /// Before: it stayed `.colorToken(blue600)`, the dark file's alias dropped unsaid.
    @Test func componentPaletteReferenceFollowsTheDarkAlias() throws {
        let base = """
            {"color": {"$type": "color", "blue600": {"$value": "#0000ff"}, "blue300": {"$value": "#8080ff"},
               "ink": {"$value": "#000000"}},
             "component": {"button": {"$type": "color", "bg": {"$value": "{color.blue600}"},
               "fg": {"$value": "{color.ink}"}}}}
            """
        let dark = """
            {"color": {"$type": "color", "ink": {"$value": "#ffffff"}},
             "component": {"button": {"$type": "color", "bg": {"$value": "{color.blue300}"}}}}
            """
        let theme = try DTCGThemeImporter().importTheme(
            from: DTCGThemeSources(
                base: [DTCGSource(name: "base.json", text: base)],
                dark: [DTCGSource(name: "dark.json", text: dark)])
        ).theme
        let button = try #require(theme.components[ComponentIdentifier(rawValue: "button")])
        #expect(
            button[ComponentValueKey(rawValue: "bg")]
                == .color(
                    KeelThemeColor(
                        light: ColorValue(red: 0, green: 0, blue: 1),
                        dark: ColorValue(red: 128 / 255, green: 128 / 255, blue: 1))))
        #expect(button[ComponentValueKey(rawValue: "fg")] == .colorToken(ColorToken(rawValue: "ink")))
    }
}
