import Foundation
import KeelSupport
import Testing

@testable import KeelDesign

/// Runtime theme switching: scene contexts follow their base until given their own theme.
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

    @Test("a visible view's resolver changes after a theme is applied to the base context")
    func sceneFollowsTheBase() async throws {
        let base = KeelThemeContext()
        let registry = ThemeContextRegistry(base: base)
        let scene = registry.context(forScene: "main")
        #expect(scene.isFollowing && scene.parent === base)
        let changes = scene.changes()
        var view = VisibleView(in: scene)
        #expect(view.brand == "#FF542A")

        try base.apply(.blue)

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
