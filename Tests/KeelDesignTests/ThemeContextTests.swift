import Foundation
import Testing

@testable import KeelDesign

@Suite struct ThemeContextTests {
    private var invalid: KeelTheme {
        KeelTheme(
            identifier: ThemeIdentifier(rawValue: "bad"), displayName: "", basedOn: .default,
            metrics: ThemeMetrics(spacings: [.md: .nan]))
    }

    @Test func invalidThemeThrowsEveryIssueAndKeepsTheOld() {
        let context = KeelThemeContext()
        do {
            try context.apply(invalid)
            Issue.record("expected a throw")
        } catch let error as KeelThemeValidationError {
            #expect(error.issues.count == 2)
            #expect(error.issues.contains(.emptyDisplayName))
            #expect(error.description.contains("spacing.md"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
        #expect(context.theme == .default)
        #expect(context.generation == 0)
        #expect(throws: KeelThemeValidationError.self) { try KeelThemeContext(theme: invalid) }
    }

    @Test func changesAreStreamed() async throws {
        let context = KeelThemeContext()
        let stream = context.changes()
        try context.apply(.blue)
        try context.apply(.default)
        var seen: [ThemeIdentifier] = []
        for await change in stream {
            seen.append(change.current.identifier)
            if seen.count == 2 { break }
        }
        #expect(seen == [.blue, .default])
        #expect(context.generation == 2)
    }

    @Test func resolverFollowsTheTheme() throws {
        let context = KeelThemeContext()
        #expect(context.resolver().color(.brandPrimary).hexString == "#FF542A")
        try context.apply(.blue)
        #expect(context.resolver().color(.brandPrimary).hexString == "#1677FF")
        #expect(
            context.resolver(for: ThemeTraits(colorScheme: .dark)).color(.brandPrimary).hexString == "#65A6FF"
        )
    }

    @Test func scenesHaveTheirOwnContexts() throws {
        let registry = ThemeContextRegistry()
        let first = registry.context(forScene: "a")
        let second = registry.context(forScene: "b")
        try first.apply(.blue)
        #expect(first.theme.identifier == .blue)
        #expect(second.theme.identifier == .default)
        #expect(registry.global.theme.identifier == .default)
        #expect(registry.context(forScene: "a") === first)
        registry.removeContext(forScene: "a")
        #expect(registry.sceneIdentifiers == ["b"])
    }

    @Test func concurrentApplyAndReadAreSafe() async {
        let context = KeelThemeContext()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask {
                    for _ in 0..<200 {
                        if index.isMultiple(of: 2) {
                            _ = try? context.apply(index.isMultiple(of: 4) ? .blue : .default)
                        } else {
                            _ = context.resolver().color(.brandPrimary)
                        }
                    }
                }
            }
        }
        #expect(context.generation == 800)
    }

    @Test func themeStorePostsNotification() throws {
        let center = NotificationCenter()
        let store = ThemeStore(context: KeelThemeContext(), notificationCenter: center)
        let received = Box()
        let token = center.addObserver(
            forName: ThemeStore.themeDidChangeNotification, object: store, queue: nil
        ) {
            received.value = $0.userInfo?[ThemeStore.themeIdentifierKey] as? String
        }
        defer { center.removeObserver(token) }
        try store.setTheme(.blue)
        #expect(received.value == "keel.blue")
        #expect(store.currentTheme.identifier == .blue)
        #expect(throws: KeelThemeValidationError.self) { try store.setTheme(invalid) }
        #expect(store.currentTheme.identifier == .blue)
    }

    #if canImport(Observation)
        @available(iOS 17, macOS 14, tvOS 17, *)
        @MainActor @Test func observableThemeFollowsTheContext() async throws {
            let context = KeelThemeContext()
            let observable = ObservableTheme(context: context)
            #expect(observable.theme.identifier == .default)
            try context.apply(.blue)
            for _ in 0..<200 where observable.changeCount == 0 {
                try await Task.sleep(for: .milliseconds(1))
            }
            #expect(observable.theme.identifier == .blue)
        }
    #endif
}

private final class Box: @unchecked Sendable {
    // Only written on the posting thread, read after `post` returns.
    var value: String?
}
