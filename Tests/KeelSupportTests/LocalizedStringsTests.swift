import Testing

@testable import KeelSupport

/// The one localised-text model (the accessibility strings and the list texts are both this
/// type): language matching, re-choosing after additions, fallbacks, arguments.
@Suite("LocalizedStrings")
struct LocalizedStringsTests {
    enum Key: String, Hashable, Sendable, CaseIterable {
        case greeting = "app.greeting"
        case count = "app.count"
        case missing = "app.missing"
    }

    static let tables: [String: [Key: String]] = [
        "en": [.greeting: "Hello", .count: "{0} of {1}"],
        "zh-Hans": [.greeting: "你好", .count: "第 {0} 个，共 {1} 个"],
    ]

    static func strings(_ preferred: [String]) -> LocalizedStrings<Key> {
        LocalizedStrings(preferredLanguages: preferred, tables: tables)
    }

    @Test(
        "the language served for preferred identifiers",
        arguments: [
            (["zh-Hans-CN"], "zh-Hans"), (["zh_CN"], "zh-Hans"), (["ZH-hans"], "zh-Hans"),
            (["zh"], "zh-Hans"),
            (["zh-Hant-TW"], "en"), (["zh-TW"], "en"), (["zh_HK", "zh-Hans"], "zh-Hans"), (["EN-gb"], "en"),
            (["fr-FR"], "en"), ([], "en"), ([""], "en"), (["-"], "en"), (["fr", "zh-Hans"], "zh-Hans"),
        ])
    func matching(preferred: [String], language: String) {
        #expect(Self.strings(preferred).language == language)
    }

    @Test("an added table serves the users who prefer it and nobody else; later additions keep the choice")
    func additions() {
        let englishOnly = Self.strings(["en"]).adding([.greeting: "Bonjour"], for: "fr")
        #expect(englishOnly.language == "en")
        #expect(englishOnly.string(.greeting) == "Hello")

        let user = Self.strings(["fr-FR", "zh-Hans", "en"])
        #expect(user.language == "zh-Hans")
        let french = user.adding([.greeting: "Bonjour"], for: "fr")
        #expect(french.language == "fr")
        #expect(french.string(.greeting) == "Bonjour")
        #expect(french.string(.count, 1, 3) == "1 of 3")  // the French table lacks it: English
        #expect(french.adding([.greeting: "Hallo"], for: "de").language == "fr")

        let override = Self.strings(["en"]).adding([.greeting: "Hi"], for: "en")
        #expect(override.string(.greeting) == "Hi")
        #expect(override.string(.count, 2, 5) == "2 of 5")
    }

    @Test("arguments fill their placeholders; an unknown key reads as its raw value")
    func arguments() {
        let chinese = Self.strings(["zh-Hans"])
        #expect(chinese.string(.count, 2, 9) == "第 2 个，共 9 个")
        #expect(chinese.string(.count) == "第 {0} 个，共 {1} 个")
        #expect(chinese.string(.missing) == "app.missing")
        #expect(chinese.string(.count, "{1}", "x") == "第 {1} 个，共 x 个")
        #expect(LocalizedStrings<Key>.fill("{0}{{1}}{9}{}{00}{-1}{", with: ["a", "b"]) == "a{b}{9}{}a{-1}{")
    }

    @Test("seeded identifiers never trap, and always land on a table's language or English")
    func fuzzedIdentifiers() {
        var random = SplitMix(seed: 0x5EED_1A26)
        func next() -> UInt64 { random.next() }
        let pieces = [
            "zh", "ZH", "Hans", "hant", "TW", "hk", "mo", "en", "-", "_", "", "é", "\u{301}", "\0", "🇨🇳",
        ]
        for _ in 0..<2_000 {
            let identifier = (0..<Int(next() % 6)).map { _ in pieces[Int(next() % UInt64(pieces.count))] }
                .joined()
            let language = Self.strings([identifier]).language
            #expect(Self.tables[language] != nil, "\(identifier.debugDescription) → \(language)")
        }
    }
}
