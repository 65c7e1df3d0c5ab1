import Foundation
import KeelSupport
import Testing

@testable import KeelDesign

/// Changes reach subscribers in the order the theme changed. Two threads applying at once
/// could deliver B then A while B was current (each yielded after releasing the context's
/// lock), so a view re-theming from the last change showed the stale theme.
extension ThemeContextTests {
    @Test("concurrent applies: the last change a subscriber gets is the current theme")
    func concurrentAppliesArriveInOrder() async throws {
        let themes = [KeelTheme.blue, Self.green]
        for _ in 0..<300 {
            let context = KeelThemeContext()
            let changes = context.changes()
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                _ = try? context.apply(themes[index])
            }
            var iterator = changes.makeAsyncIterator()
            let first = await iterator.next()
            let second = await iterator.next()
            #expect(second?.current.identifier == context.theme.identifier)
            // Each change starts from the theme the one before it ended with.
            #expect(second?.previous.identifier == first?.current.identifier)
        }
    }
}
