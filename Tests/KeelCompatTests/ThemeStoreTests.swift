import Foundation
import KeelCompat
import KeelDesign
import KeelSupport
import Testing

// AppFoundation's theme store is KeelCompat's (deprecated); these tests exercise it on purpose.

/// A storage in memory that can be made to fail.
private final class MemoryStorage: ThemeSelectionStorage, @unchecked Sendable {
    // Guarded by `lock`; tests touch it from one task at a time.
    private let lock = NSLock()
    private var saved: ThemeIdentifier?
    private var failing = false

    struct Failure: Error, Equatable {}

    init(saved: ThemeIdentifier? = nil) { self.saved = saved }

    var value: ThemeIdentifier? { lock.withLock { saved } }
    func fail(_ fail: Bool) { lock.withLock { failing = fail } }

    func loadThemeIdentifier() throws -> ThemeIdentifier? {
        try lock.withLock {
            if failing { throw Failure() }
            return saved
        }
    }

    func saveThemeIdentifier(_ identifier: ThemeIdentifier) throws {
        try lock.withLock {
            if failing { throw Failure() }
            saved = identifier
        }
    }
}

@Suite("ThemeStore keeps the chosen theme between launches")
struct ThemeStoreTests {
    @Test("setTheme saves the choice; restoreTheme applies it to the context at the next launch")
    func choiceSurvivesALaunch() throws {
        let storage = MemoryStorage()
        let first = ThemeStore(
            context: KeelThemeContext(), notificationCenter: NotificationCenter(), storage: storage)
        try first.setTheme(.blue)
        #expect(storage.value == .blue)

        let relaunched = KeelThemeContext()
        let store = ThemeStore(
            context: relaunched, notificationCenter: NotificationCenter(), storage: storage)
        #expect(try store.restoreTheme(from: [.default, .blue])?.identifier == .blue)
        #expect(relaunched.theme.identifier == .blue)
        #expect(relaunched.generation == 1)
    }

    @Test("unknown or missing saved choices and failed loads leave the theme as it was")
    func badSavedChoicesChangeNothing() throws {
        let context = KeelThemeContext()
        let unknown = ThemeStore(
            context: context, notificationCenter: NotificationCenter(),
            storage: MemoryStorage(saved: ThemeIdentifier(rawValue: "gone")))
        #expect(try unknown.restoreTheme(from: [.blue]) == nil)
        #expect(try ThemeStore(context: context).restoreTheme(from: [.blue]) == nil)
        let failing = MemoryStorage(saved: .blue)
        failing.fail(true)
        let store = ThemeStore(context: context, notificationCenter: NotificationCenter(), storage: failing)
        #expect(throws: MemoryStorage.Failure.self) { try store.restoreTheme(from: [.blue]) }
        #expect(context.theme.identifier == .default && context.generation == 0)
    }

    @Test("a failed save keeps the old saved choice; an invalid theme saves nothing")
    func failedSaves() throws {
        let storage = MemoryStorage(saved: .default)
        let context = KeelThemeContext()
        let store = ThemeStore(context: context, notificationCenter: NotificationCenter(), storage: storage)
        storage.fail(true)
        #expect(throws: MemoryStorage.Failure.self) { try store.setTheme(.blue) }
        #expect(context.theme.identifier == .blue)
        storage.fail(false)
        #expect(storage.value == .default)
        let invalid = KeelTheme(
            identifier: ThemeIdentifier(rawValue: "bad"), displayName: "", basedOn: .default,
            metrics: ThemeMetrics(spacings: [.md: .nan]))
        #expect(throws: KeelThemeValidationError.self) { try store.setTheme(invalid) }
        #expect(storage.value == .default)
    }

    static let invalid = KeelTheme(
        identifier: ThemeIdentifier(rawValue: "bad"), displayName: "", basedOn: .default,
        metrics: ThemeMetrics(spacings: [.md: .nan]))

    @Test("setTheme posts the change with the store and the identifier; an invalid theme changes nothing")
    func themeStorePostsNotification() throws {
        let center = NotificationCenter()
        let store = ThemeStore(context: KeelThemeContext(), notificationCenter: center)
        let received = Locked<String?>(nil)
        let token = center.addObserver(
            forName: ThemeStore.themeDidChangeNotification, object: store, queue: nil
        ) {
            received.set($0.userInfo?[ThemeStore.themeIdentifierKey] as? String)
        }
        defer { center.removeObserver(token) }
        try store.setTheme(.blue)
        #expect(received.current == "keel.blue")
        #expect(store.currentTheme.identifier == .blue)
        #expect(throws: KeelThemeValidationError.self) { try store.setTheme(Self.invalid) }
        #expect(store.currentTheme.identifier == .blue)
    }

}
