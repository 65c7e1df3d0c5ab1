import Foundation
import KeelCompat
import KeelDesign
import KeelSupport
import Testing

// The predecessors' theme spellings are KeelCompat's (deprecated); these tests exercise them on
// purpose, over KeelDesign's one theme model and holder.

@Suite("XDDesignKit's theme shapes behave as the document says")
struct XDThemeSpellingTests {
    @Test("XDThemeManager is KeelThemeContext; its shared instance is the global context")
    func themeManagerIsTheContext() {
        let manager: XDThemeManager = XDThemeManager.shared
        #expect(manager === KeelThemeContext.global)
        #expect(KeelTheme.blueTheme == .blue && KeelTheme.defaultTheme == .default)
    }

    @Test("apply(_:) applies a valid theme; an invalid one throws and changes nothing")
    func applyValidates() throws {
        let manager = XDThemeManager()
        try manager.apply(.blueTheme)
        #expect(manager.theme == .blue && manager.generation == 1)
        var invalid = KeelTheme.blueTheme
        invalid.identifier = ""
        #expect(throws: KeelThemeValidationError.self) { try manager.apply(invalid) }
        #expect(manager.theme == .blue && manager.generation == 1)
        // The shared context refuses it too, leaving the global theme as it was.
        let before = KeelThemeContext.global.theme
        #expect(throws: KeelThemeValidationError.self) { try XDThemeManager.shared.apply(invalid) }
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
}

// MARK: - The original foundation's AppTheme

/// An app's theme as the original foundation wrote them, counting its appearance calls.
@MainActor
private final class CountingTheme: AppTheme {
    let identifier: String
    let keelTheme: KeelTheme?
    private(set) var appearances = 0

    init(_ identifier: String, keelTheme: KeelTheme? = nil) {
        self.identifier = identifier
        self.keelTheme = keelTheme
    }

    func applyAppearance() { appearances += 1 }
}

/// An app theme that says nothing about Keel's theme (the protocol's default).
@MainActor
private final class PlainTheme: AppTheme {
    let identifier = "test.plain"
    func applyAppearance() {}
}

/// Notifications seen by one observer.
private final class Posts: @unchecked Sendable {
    // Written on the posting thread (the test's, synchronously inside `post`), read after.
    var objects: [ObjectIdentifier] = []
    var identifiers: [String] = []
}

@Suite("AppTheme through ThemeStore")
@MainActor
struct AppThemeStoreTests {
    @Test(
        "setTheme(AppTheme) applies the appearance, posts .appThemeDidChange once with the store, and scenes follow its Keel theme"
    )
    func appThemeSwitch() throws {
        let center = NotificationCenter()
        let base = KeelThemeContext()
        let store = ThemeStore(context: base, notificationCenter: center, storage: nil)
        let scene = ThemeContextRegistry(base: base).context(forScene: "main")
        let posts = Posts()
        let token = center.addObserver(forName: .appThemeDidChange, object: nil, queue: nil) {
            posts.objects.append(ObjectIdentifier($0.object as AnyObject))
            posts.identifiers.append($0.userInfo?[ThemeStore.themeIdentifierKey] as? String ?? "?")
        }
        defer { center.removeObserver(token) }
        let blue = CountingTheme("app.blue", keelTheme: .blue)

        let result = store.setTheme(blue)

        #expect((try? result.get()) != nil)
        #expect(blue.appearances == 1)
        #expect(posts.objects == [ObjectIdentifier(store)])
        #expect(posts.identifiers == ["app.blue"])
        #expect(base.theme.identifier == .blue && scene.theme.identifier == .blue)
        #expect(Notification.Name.appThemeDidChange == ThemeStore.themeDidChangeNotification)
    }

    @Test("an AppTheme without a Keel theme keeps the context's; an invalid one changes nothing")
    func keelThemeIsOptional() throws {
        let center = NotificationCenter()
        let base = KeelThemeContext()
        try base.apply(.blue)
        let store = ThemeStore(context: base, notificationCenter: center)
        let posts = Posts()
        let token = center.addObserver(forName: .appThemeDidChange, object: store, queue: nil) {
            posts.identifiers.append($0.userInfo?[ThemeStore.themeIdentifierKey] as? String ?? "?")
        }
        defer { center.removeObserver(token) }

        let plain = store.setTheme(PlainTheme())
        #expect((try? plain.get()) != nil)
        #expect(base.theme.identifier == .blue && base.generation == 1)
        #expect(posts.identifiers == ["test.plain"])

        let bad = CountingTheme(
            "app.bad",
            keelTheme: KeelTheme(
                identifier: ThemeIdentifier(rawValue: "bad"), displayName: "", basedOn: .default))
        let failed = store.setTheme(bad)
        #expect(throws: KeelThemeValidationError.self) { try failed.get() }
        #expect(bad.appearances == 0)
        #expect(posts.identifiers == ["test.plain"])
        #expect(base.theme.identifier == .blue)
    }

    @Test("the AppTheme's identifier is saved; a failed save is returned after the switch")
    func appThemeIsSaved() {
        let storage = MemoryThemeStorage()
        let store = ThemeStore(
            context: KeelThemeContext(), notificationCenter: NotificationCenter(), storage: storage)
        let theme = CountingTheme("app.dark", keelTheme: .blue)
        #expect((try? store.setTheme(theme).get()) != nil)
        #expect(storage.saved.withLock { $0 } == ThemeIdentifier(rawValue: "app.dark"))
        storage.fails.withLock { $0 = true }
        let failing = store.setTheme(CountingTheme("app.other"))
        #expect(throws: MemoryThemeStorage.Failure.self) { try failing.get() }
    }

    @Test("ThemeStore.shared is the original's entry point: the global context, the default center")
    func sharedStore() {
        #expect(ThemeStore.shared.context === KeelThemeContext.global)
        #expect(ThemeStore.shared === ThemeStore.shared)
        let posts = Posts()
        let token = NotificationCenter.default.addObserver(
            forName: .appThemeDidChange, object: ThemeStore.shared, queue: nil
        ) {
            posts.identifiers.append($0.userInfo?[ThemeStore.themeIdentifierKey] as? String ?? "?")
        }
        defer { NotificationCenter.default.removeObserver(token) }
        // No Keel theme: the global context (which other tests may read) is left alone.
        let theme = CountingTheme("test.shared")
        let before = KeelThemeContext.global.generation
        ThemeStore.shared.setTheme(theme)
        #expect(theme.appearances == 1)
        #expect(posts.identifiers.filter { $0 == "test.shared" }.count == 1)
        #expect(KeelThemeContext.global.generation == before)
    }
}

/// A storage in memory that can be made to fail.
private final class MemoryThemeStorage: ThemeSelectionStorage {
    struct Failure: Error {}
    let saved = Locked<ThemeIdentifier?>(nil)
    let fails = Locked(false)

    func loadThemeIdentifier() throws -> ThemeIdentifier? { saved.current }

    func saveThemeIdentifier(_ identifier: ThemeIdentifier) throws {
        if fails.current { throw Failure() }
        saved.set(identifier)
    }
}
