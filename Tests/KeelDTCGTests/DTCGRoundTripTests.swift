import Foundation
import KeelTestSupport
import KeelTesting
import Testing

@testable import KeelDTCG

/// Finding 11: `$root` colours, and exporter → importer round trips.
@Suite(.onOwnThread) struct DTCGRoundTripTests {
    /// Names of every kind but canonically equivalent spellings (NFC `é` beside NFD
    /// `e\u{301}` in one theme), which do not yet survive the round trip in their spelling.
    static let segments = [
        "a", "brand", "primary", "\u{FEFF}bom", "\u{202E}rtl", "é", "a b", "x/y", "🙂", "中文", "~0",
    ]
    /// Extreme finite numbers: zero of both signs, subnormals, the smallest normal, huge values.
    static let numbers: [Double] = [
        0, -0.0, Double.leastNonzeroMagnitude, 2.2250738585072014e-308, 1.7976931348623157e308,
        -1.7976931348623157e308, 1e15,
        123.456, 1.0 / 3, 44,
    ]

    static func name(_ random: inout SeededRandomNumberGenerator) -> String {
        (0...Int.random(in: 0...2, using: &random)).map { _ in segments.randomElement(using: &random)! }
            .joined(separator: ".")
    }

    static func number(_ random: inout SeededRandomNumberGenerator, nonNegative: Bool = false) -> Double {
        let value =
            Bool.random(using: &random)
            ? numbers.randomElement(using: &random)!
            : Double(bitPattern: random.next() & 0x7FEF_FFFF_FFFF_FFFF | (random.next() & (1 << 63)))
        return nonNegative ? abs(value) : value
    }

    static func unit(_ random: inout SeededRandomNumberGenerator) -> Double {
        [0, Double.leastNonzeroMagnitude, 0.5, 1, 1.0 / 3, 0.999_999_999_999].randomElement(using: &random)!
    }

    /// A theme of the tables the exporter writes exactly (fonts round their line height to
    /// a millionth of a point, so they are not in it).
    static func theme(_ random: inout SeededRandomNumberGenerator) -> KeelTheme {
        var colors: [ColorToken: KeelThemeColor] = [:]
        var metrics = ThemeMetrics()
        var components: [ComponentIdentifier: ComponentTheme] = [:]
        for _ in 0..<Int.random(in: 1...8, using: &random) {
            let light = ColorValue(
                red: unit(&random), green: unit(&random), blue: unit(&random), alpha: unit(&random))
            let dark =
                Bool.random(using: &random)
                ? ColorValue(red: unit(&random), green: 0, blue: 1, alpha: 1) : nil
            colors[ColorToken(rawValue: name(&random))] = KeelThemeColor(light: light, dark: dark)
            metrics.spacings[SpacingToken(rawValue: name(&random))] = number(&random, nonNegative: true)
            metrics.radii[RadiusToken(rawValue: name(&random))] = number(&random, nonNegative: true)
            metrics.iconSizes[IconSizeToken(rawValue: name(&random))] = number(&random, nonNegative: true)
            metrics.opacities[OpacityToken(rawValue: name(&random))] = unit(&random)
            metrics.elevations[ElevationToken(rawValue: name(&random))] = number(&random)
            metrics.borderWidths[BorderWidthToken(rawValue: name(&random))] =
                Bool.random(using: &random)
                ? .points(number(&random, nonNegative: true))
                : .physicalPixels(number(&random, nonNegative: true))
            metrics.motions[MotionToken(rawValue: name(&random))] = MotionStyle(
                duration: number(&random, nonNegative: true), curve: .easeOut,
                delay: number(&random, nonNegative: true))
            components[ComponentIdentifier(rawValue: "c\(random.next() % 3)"), default: ComponentTheme()][
                ComponentValueKey(rawValue: name(&random))] = .dimension(number(&random, nonNegative: true))
        }
        return KeelTheme(
            identifier: ThemeIdentifier(rawValue: "t\u{202E}"), displayName: "Round \u{FEFF}trip",
            basedOn: nil,
            colors: colors, metrics: metrics, components: components)
    }

    /// A name is exportable when every dotted segment is a DTCG name and no name is also a
    /// longer name's group in another table kind (the exporter moves those under `$root`).
    static func roundTrip(_ theme: KeelTheme) throws -> KeelTheme {
        let text = theme.dtcgTokenFile()
        return try DTCGThemeImporter().importTheme(from: DTCGSource(name: "export.tokens.json", text: text))
    }

    @Test func seededExportImportRoundTripsExactly() throws {
        var random = SeededRandomNumberGenerator(seed: 0x4B45_454C)
        for _ in 0..<LongRuns.cases(short: 50, long: 150) {
            let theme = Self.theme(&random)
            let back = try Self.roundTrip(theme)
            #expect(back.colors == theme.colors)
            func differences<Key: Hashable, Value: Equatable>(_ a: [Key: Value], _ b: [Key: Value])
                -> [String]
            {
                Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.map {
                    "\($0): \(String(describing: a[$0])) → \(String(describing: b[$0]))"
                }
            }
            #expect(differences(theme.metrics.spacings, back.metrics.spacings) == [])
            #expect(differences(theme.metrics.radii, back.metrics.radii) == [])
            #expect(differences(theme.metrics.borderWidths, back.metrics.borderWidths) == [])
            #expect(differences(theme.metrics.opacities, back.metrics.opacities) == [])
            #expect(differences(theme.metrics.elevations, back.metrics.elevations) == [])
            #expect(differences(theme.metrics.iconSizes, back.metrics.iconSizes) == [])
            #expect(differences(theme.metrics.motions, back.metrics.motions) == [])
            #expect(back.metrics == theme.metrics)
            #expect(back.components == theme.components)
            #expect(back.identifier == theme.identifier)
            #expect(back.displayName == theme.displayName)
        }
    }

    @Test func extremeNumbersKeepTheirBits() throws {
        let theme = KeelTheme(
            identifier: ThemeIdentifier(rawValue: "x"), displayName: "x", basedOn: nil,
            metrics: ThemeMetrics(
                spacings: Dictionary(
                    uniqueKeysWithValues: Self.numbers.filter { $0 >= 0 }.enumerated().map {
                        (SpacingToken(rawValue: "s\($0.offset)"), $0.element)
                    })))
        let back = try Self.roundTrip(theme)
        for (token, value) in theme.metrics.spacings where value != 0 {
            #expect(back.metrics.spacings[token]?.bitPattern == value.bitPattern, "\(token)")
        }
        // Negative zero keeps its sign (the shared JSON encoder writes `-0`).
        let negativeZero = KeelTheme(
            identifier: ThemeIdentifier(rawValue: "x"), displayName: "x", basedOn: nil,
            metrics: ThemeMetrics(elevations: [ElevationToken(rawValue: "z"): -0.0]))
        let zero = try Self.roundTrip(negativeZero)
        #expect(zero.metrics.elevations[ElevationToken(rawValue: "z")]?.sign == .minus)
    }

    @Test func rootColourHasNoEmptyNameAndTheExportReimports() throws {
        let text = #"""
            {"color": {"$type": "color",
              "$root": {"$value": {"colorSpace": "srgb", "components": [1, 0, 0]}},
              "brand": {"$root": {"$value": {"colorSpace": "srgb", "components": [0, 0, 1]}},
                        "soft": {"$value": {"colorSpace": "srgb", "components": [0.5, 0.5, 1]}}}}}
            """#
        let (theme, warnings) = try DTCGThemeImporter().importTheme(
            from: DTCGThemeSources(base: [DTCGSource(name: "root.tokens.json", text: text)]))
        #expect(theme.colors[ColorToken(rawValue: "")] == nil)
        #expect(Set(theme.colors.keys.map(\.rawValue)) == ["brand", "brand.soft"])
        #expect(warnings.map(\.path) == [["color", "$root"]])
        #expect(warnings.first?.line == 2)
        let back = try Self.roundTrip(theme)
        #expect(back.colors == theme.colors)
    }

    @Test func generatedSwiftEscapesEveryNonASCIIScalar() {
        let theme = KeelTheme(
            identifier: ThemeIdentifier(rawValue: "t\u{202E}"), displayName: "a\u{2028}b\u{FEFF}",
            basedOn: nil,
            colors: [ColorToken(rawValue: "x\u{202E}\u{0}\"\\"): KeelThemeColor(light: .black)])
        let swift = ThemeSwiftGenerator().source(for: theme)
        #expect(swift.utf8.allSatisfy { $0 < 0x80 })
        #expect(swift.contains(#"ColorToken(rawValue: "x\u{202e}\u{0}\"\\")"#))
        #expect(swift.contains(#"displayName: "a\u{2028}b\u{feff}""#))
    }
}
