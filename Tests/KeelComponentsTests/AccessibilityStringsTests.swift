import KeelComponents
import Testing

@Suite("Accessibility strings")
struct AccessibilityStringsTests {
    @Test(
        "locale matching",
        arguments: [
            (["zh-Hans-CN"], "zh-Hans"), (["zh_CN"], "zh-Hans"), (["zh"], "zh-Hans"),
            (["zh-Hant-TW", "en"], "en"),
            (["zh-TW"], "en"), (["fr", "zh-Hans"], "zh-Hans"), (["en-GB"], "en"), ([], "en"), ([""], "en"),
        ])
    func matching(languages: [String], expected: String) {
        #expect(AccessibilityStrings(preferredLanguages: languages).language == expected)
    }

    @Test("every built-in key exists in both languages")
    func complete() throws {
        let english = try #require(AccessibilityStrings.builtIn["en"])
        let chinese = try #require(AccessibilityStrings.builtIn["zh-Hans"])
        #expect(Set(english.keys) == Set(chinese.keys))
        #expect(english.values.allSatisfy { !$0.isEmpty })
    }

    @Test("apps add languages and override entries; missing keys fall back")
    func extend() {
        let french = AccessibilityStrings.english.adding([.close: "Fermer"], for: "fr")
        let strings = AccessibilityStrings(preferredLanguages: ["fr"])
        #expect(strings.language == "en")  // the built-in set has no French
        #expect(french.string(.close) == "Close")  // still English: language chosen before adding
        let override = AccessibilityStrings.english.adding([.close: "Dismiss sheet"], for: "en")
        #expect(override.string(.close) == "Dismiss sheet")
        #expect(override.string(AccessibilityStringKey(rawValue: "app.unknown")) == "app.unknown")
    }
}
