import Foundation
import KeelSupport
import Testing

@testable import KeelDesign

/// Runtime theme switching: scene contexts follow their base until given their own theme,
/// and the original foundation's `AppTheme` goes through the same store.
extension ThemeContextTests {
    /// A third theme, so "followed" and "kept its own" are told apart.
    static let green = KeelTheme(
        identifier: ThemeIdentifier(rawValue: "test.green"), displayName: "Green", basedOn: .default,
        colors: [.brandPrimary: KeelThemeColor("#00AA55", "#33CC77")])

    /// A view on screen in a scene, headless: what `ThemeBinding` does — it tells a
    /// `ThemeRefreshTracker` what it sees and re-resolves when told to.
    struct VisibleView {
        let context: KeelThemeContext
        var tracker = ThemeRefreshTracker<ObjectIdentifier>()
        private(set) var brand: String?
        private(set) var applied = 0

        init(in context: KeelThemeContext) {
            self.context = context
            refresh()
        }

        mutating func refresh() {
            let event = ThemeRefreshTracker.Event(
                context: ObjectIdentifier(context), generation: context.generation, traits: .standard)
            for effect in tracker.send(event).effects where effect == .apply {
                brand = context.resolver(for: .standard).color(.brandPrimary).hexString
                applied += 1
            }
        }
    }

    @Test("a visible view's resolver changes after the store sets a theme on the global context")
    func sceneFollowsTheBase() async throws {
        let base = KeelThemeContext()
        let registry = ThemeContextRegistry(base: base)
        let store = ThemeStore(context: base, notificationCenter: NotificationCenter())
        let scene = registry.context(forScene: "main")
        #expect(scene.isFollowing && scene.parent === base)
        let changes = scene.changes()
        var view = VisibleView(in: scene)
        #expect(view.brand == "#FF542A")

        try store.setTheme(.blue)

        // The scene's context took the theme and told its observers.
        #expect(scene.theme.identifier == .blue)
        var iterator = changes.makeAsyncIterator()
        #expect(await iterator.next()?.current.identifier == .blue)
        view.refresh()
        #expect(view.brand == "#1677FF")
        #expect(view.applied == 2)
        // And again: it keeps following.
        try base.apply(Self.green)
        view.refresh()
        #expect(view.brand == "#00AA55")
        #expect(await iterator.next()?.current.identifier == Self.green.identifier)
    }

    @Test("a scene given its own theme stops following; resumeFollowing() returns it to the base's")
    func ownThemeStopsFollowing() throws {
        let base = KeelThemeContext()
        let registry = ThemeContextRegistry(base: base)
        let following = registry.context(forScene: "a")
        let own = registry.context(forScene: "b")
        try own.apply(.blue)
        #expect(!own.isFollowing && following.isFollowing)
        var view = VisibleView(in: own)
        let generation = own.generation

        try base.apply(Self.green)

        #expect(following.theme.identifier == Self.green.identifier)
        #expect(own.theme.identifier == .blue)
        #expect(own.generation == generation)
        view.refresh()
        #expect(view.brand == "#1677FF" && view.applied == 1)
        // Back to following: the base's theme now, and later ones.
        own.resumeFollowing()
        #expect(own.isFollowing && own.theme.identifier == Self.green.identifier)
        view.refresh()
        #expect(view.brand == "#00AA55")
        try base.apply(.default)
        #expect(own.theme.identifier == .default && following.theme.identifier == .default)
        // A root context has nothing to follow.
        base.resumeFollowing()
        #expect(!base.isFollowing && base.theme.identifier == .default)
    }

    @Test("a new scene starts from the base's current theme; an invalid base theme reaches no scene")
    func newSceneAndInvalidTheme() throws {
        let base = KeelThemeContext()
        try base.apply(.blue)
        let registry = ThemeContextRegistry(base: base)
        let scene = registry.context(forScene: "late")
        #expect(scene.theme.identifier == .blue && scene.generation == 0)
        let bad = KeelTheme(
            identifier: ThemeIdentifier(rawValue: "bad"), displayName: "", basedOn: .default)
        #expect(throws: KeelThemeValidationError.self) { try base.apply(bad) }
        #expect(scene.theme.identifier == .blue && scene.generation == 0)
    }

    @Test("followers chain (a window's context following its scene's) and are held weakly")
    func chainsAndWeakFollowers() throws {
        let base = KeelThemeContext()
        let scene = KeelThemeContext(following: base)
        let window = KeelThemeContext(following: scene)
        try base.apply(.blue)
        #expect(window.theme.identifier == .blue)
        try scene.apply(Self.green)
        #expect(window.theme.identifier == Self.green.identifier)
        try base.apply(.default)
        #expect(scene.theme.identifier == Self.green.identifier)
        #expect(window.theme.identifier == Self.green.identifier)
        weak var dropped: KeelThemeContext?
        do {
            let temporary = KeelThemeContext(following: base)
            dropped = temporary
            #expect(dropped != nil)
        }
        // The parent does not keep a dropped follower alive, and applying skips it.
        #expect(dropped == nil)
        try base.apply(.blue)
        #expect(scene.theme.identifier == Self.green.identifier)
    }

    @Test("concurrent applies, new scenes and reads: every following scene ends on the base's last theme")
    func concurrentFollowing() async throws {
        let base = KeelThemeContext()
        let registry = ThemeContextRegistry(base: base)
        let themes = [KeelTheme.default, .blue, Self.green]
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask {
                    for step in 0..<100 {
                        switch index % 4 {
                        case 0: _ = try? base.apply(themes[(index + step) % 3])
                        case 1: _ = registry.context(forScene: "scene-\(step % 10)").resolver()
                        case 2: _ = registry.context(forScene: "scene-\(step % 10)").theme
                        default: _ = KeelThemeContext(following: base).resolver().color(.brandPrimary)
                        }
                    }
                }
            }
        }
        let last = base.theme
        for identifier in registry.sceneIdentifiers {
            #expect(registry.context(forScene: identifier).theme == last, "\(identifier)")
        }
        #expect(registry.sceneIdentifiers.count == 10)
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
