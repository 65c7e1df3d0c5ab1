import Foundation
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
        #expect(french.string(.close) == "Close")  // built for an English-only user: stays English
        let user = AccessibilityStrings(preferredLanguages: ["fr-FR", "zh-Hans", "en"])
        #expect(user.language == "zh-Hans")
        let added = user.adding([.close: "Fermer"], for: "fr")
        #expect(added.language == "fr")
        #expect(added.string(.close) == "Fermer")
        #expect(added.string(.loading) == "Loading")  // a key the table lacks falls back to English
        #expect(user.adding([.close: "Schließen"], for: "de").language == "zh-Hans")
        let override = AccessibilityStrings.english.adding([.close: "Dismiss sheet"], for: "en")
        #expect(override.string(.close) == "Dismiss sheet")
        #expect(override.string(AccessibilityStringKey(rawValue: "app.unknown")) == "app.unknown")
    }

    /// Apps reach Keel's strings by raw key (the key constants are `package`), so the
    /// KeelComponents article's table must name every built-in key with its English text.
    @Test("the article lists every built-in key by its raw value, and an app overrides by it")
    func documentedKeys() throws {
        let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/KeelComponents/KeelComponents.docc/KeelComponents.md")
        let text = try String(contentsOf: article, encoding: .utf8)
        let english = try #require(AccessibilityStrings.builtIn["en"])
        for (key, value) in english {
            #expect(
                text.contains("| `\(key.rawValue)` | \(value) |"),
                "\(key.rawValue) is not in the article's table")
        }
        let chosen = AccessibilityStrings(preferredLanguages: ["en"]).adding(
            [AccessibilityStringKey(rawValue: "button.loading"): "Please wait"], for: "en")
        #expect(chosen.string(.loading) == "Please wait")
    }
}
