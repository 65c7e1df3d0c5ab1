import Foundation
import Testing

@testable import KeelDesign

#if canImport(Observation)
    import Observation
#endif

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
        let registry = ThemeContextRegistry(base: KeelThemeContext())
        let first = registry.context(forScene: "a")
        let second = registry.context(forScene: "b")
        try first.apply(.blue)
        #expect(first.theme.identifier == .blue)
        #expect(second.theme.identifier == .default)
        #expect(registry.base.theme.identifier == .default)
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

    @Test("one context: a change reaches the registry's new scenes and its streams")
    func oneContextReachesEveryConsumer() async throws {
        let context = KeelThemeContext()
        let registry = ThemeContextRegistry(base: context)
        #expect(registry.base === context)
        let stream = context.changes()
        try context.apply(.blue)
        // The registry holds no theme of its own: the context changed, and every consumer sees it.
        #expect(context.theme.identifier == .blue)
        #expect(registry.context(forScene: "new").theme.identifier == .blue)
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next()?.current.identifier == .blue)
        // The defaults lead to the one process context.
        #expect(ThemeContextRegistry().base === KeelThemeContext.global)
    }

    @Test(
        "no theme type but KeelThemeContext has a static global instance"
    )
    func oneEntryPoint() throws {
        let context = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/KeelDesign/Context").standardized
        let files = try FileManager.default.contentsOfDirectory(atPath: context.path).filter {
            $0.hasSuffix(".swift")
        }
        var entryPoints: [String] = []
        for file in files {
            let text = try String(contentsOf: context.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n")
            where line.contains("static let shared") || line.contains("static let global")
                || line.contains("static var shared") || line.contains("static var global")
            {
                entryPoints.append("\(file): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(
            entryPoints.sorted() == [
                "KeelThemeContext.swift: public static let global = KeelThemeContext()"
            ])
    }

    #if canImport(Observation)
        @available(iOS 17, macOS 14, tvOS 17, *)
        @Test("the context itself is @Observable: tracking its theme sees apply")
        func contextIsObservable() throws {
            let context = KeelThemeContext()
            let changed = Box()
            withObservationTracking {
                _ = context.theme
            } onChange: {
                changed.value = "theme"
            }
            #expect(changed.value == nil)
            try context.apply(.blue)
            #expect(changed.value == "theme")
            let generation = Box()
            withObservationTracking {
                _ = context.generation
            } onChange: {
                generation.value = "generation"
            }
            #expect(throws: KeelThemeValidationError.self) { try context.apply(invalid) }
            #expect(generation.value == nil)
            try context.apply(.default)
            #expect(generation.value == "generation")
        }
    #endif
}

private final class Box: @unchecked Sendable {
    // Only written on the posting thread, read after `post` returns.
    var value: String?
}
