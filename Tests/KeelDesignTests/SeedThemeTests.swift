import Foundation
import KeelDesign
import Testing

/// XDDesignKit's theme and typography shapes: the global switch under its seed name, a scene
/// context from an initial theme, a custom theme in the document's argument order, the fixed
/// fonts and the icon styles.
/// Counts notifications (posted synchronously on the test's thread; the lock keeps it Sendable).
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}

@Suite("XDDesignKit's theme shapes behave as the document says")
struct SeedThemeTests {
    @Test("KeelThemeManager is ThemeStore; its shared store writes the global context")
    func themeManagerIsThemeStore() {
        let manager: KeelThemeManager = KeelThemeManager.shared
        #expect(manager === ThemeStore.shared)
        #expect(manager.context === KeelThemeContext.global)
        #expect(KeelTheme.blueTheme == .blue && KeelTheme.defaultTheme == .default)
    }

    @Test("apply(_:) applies a valid theme and posts the change; an invalid one throws and changes nothing")
    func applyValidates() throws {
        let context = KeelThemeContext()
        let center = NotificationCenter()
        let store = KeelThemeManager(context: context, notificationCenter: center)
        let counter = Counter()
        let token = center.addObserver(
            forName: ThemeStore.themeDidChangeNotification, object: store, queue: nil
        ) {
            _ in counter.increment()
        }
        defer { center.removeObserver(token) }
        try store.apply(.blueTheme)
        #expect(context.theme == .blue && counter.value == 1)
        var invalid = KeelTheme.blueTheme
        invalid.identifier = ""
        #expect(throws: KeelThemeValidationError.self) { try store.apply(invalid) }
        #expect(context.theme == .blue && counter.value == 1)
        // The shared store refuses it too, leaving the global theme as it was.
        let before = KeelThemeContext.global.theme
        #expect(throws: KeelThemeValidationError.self) { try KeelThemeManager.shared.apply(invalid) }
        #expect(KeelThemeContext.global.theme == before)
    }

    @Test("KeelThemeContext(initialTheme:) holds a valid theme and throws for an invalid one")
    func initialTheme() throws {
        let context = try KeelThemeContext(initialTheme: .blueTheme)
        #expect(context.theme == .blue)
        var invalid = KeelTheme.defaultTheme
        invalid.displayName = ""
        #expect(throws: KeelThemeValidationError.self) { try KeelThemeContext(initialTheme: invalid) }
    }

    @Test(
        "A custom theme in the document's argument order merges over its base; an invalid one throws where applied"
    )
    func customTheme() throws {
        let brand = KeelThemeColor(
            light: try ColorValue(hex: "#FF5500"), dark: try ColorValue(hex: "#FF8844"))
        let theme = KeelTheme(
            identifier: "app.brand", displayName: "Brand", colors: [.brandPrimary: brand],
            basedOn: .defaultTheme)
        #expect(theme.identifier == ThemeIdentifier(rawValue: "app.brand"))
        #expect(theme.baseIdentifier == .default)
        #expect(theme.colors[.brandPrimary] == brand)
        #expect(theme.colors[.textPrimary] == KeelTheme.default.colors[.textPrimary])
        #expect(
            KeelThemeResolver(theme: theme, traits: ThemeTraits(colorScheme: .dark)).color(.brandPrimary)
                == brand.dark)
        _ = try KeelThemeContext(initialTheme: theme)
        let nameless = KeelTheme(identifier: "", displayName: "Brand", colors: [:], basedOn: .defaultTheme)
        #expect(throws: KeelThemeValidationError.self) { try KeelThemeContext(initialTheme: nameless) }
        let broken = KeelTheme(
            identifier: "app.broken", displayName: "Broken", colors: [:], basedOn: nil)
        #expect(throws: KeelThemeValidationError.self) { try KeelThemeContext().apply(broken) }
    }

    @Test(
        "KeelFont.fixed: PingFang SC then the system font, the weight and a size Dynamic Type leaves alone",
        arguments: [
            (KeelFont.fixed.regular(16), FontWeight.regular, 16.0, "PingFangSC-Regular"),
            (KeelFont.fixed.medium(18), .medium, 18, "PingFangSC-Medium"),
            (KeelFont.fixed.semibold(20), .semibold, 20, "PingFangSC-Semibold"),
        ])
    func fixedFonts(font: FontDescriptor, weight: FontWeight, size: Double, face: String) {
        #expect(font.weight == weight && font.size == size)
        #expect(font.faces.first?.postScriptName == face)
        #expect(font.familyFallbackList == ["PingFang SC", "System"])
        #expect(!font.scalesWithDynamicType)
    }

    @Test("A fixed font with a size that is not finite and positive is 0 points, never a trap")
    func fixedFontBadSize() {
        for size in [-4, .nan, .infinity, 0] as [Double] {
            #expect(KeelFont.fixed.regular(size).size == 0)
        }
    }

    @Test("Icon tokens name the theme's symbol; the forward arrow is directional")
    func iconStyles() {
        let resolver = KeelThemeResolver(theme: .defaultTheme)
        #expect(resolver.iconStyle(.arrowForward)?.mirrorsInRightToLeft == true)
        #expect(resolver.iconStyle(.refresh)?.symbolName == "arrow.clockwise")
        #expect(resolver.iconStyle(.checkmarkCircle)?.mirrorsInRightToLeft == false)
        #expect(resolver.iconStyle(KeelIconToken(rawValue: "app.unknown")) == nil)
    }
}
