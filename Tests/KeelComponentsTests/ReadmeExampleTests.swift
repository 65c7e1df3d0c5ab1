import KeelComponents
import KeelDesign
import Testing

@Suite("README example")
struct ReadmeExampleTests {
    @Test("the README's KeelComponents example compiles and does what it says")
    func example() throws {
        // --- README example start ---
        let confirm = try AlertConfiguration(
            title: "Delete “Holiday”?", message: "The album and its 120 photos will be removed.",
            actions: [
                .cancel("Keep"),
                .destructive("Delete", automaticallyDismisses: false) { context in
                    context.setLoading(true)  // dismiss(animated:) once the album is gone
                },
            ])
        let nickname = try TextLengthLimiter(maximumLength: 10)
        let edit = nickname.apply(replacing: 0..<0, with: "Hello, world!", in: TextInputState(text: ""))
        // edit.text == "Hello, wor", edit.wasTrimmed; a composing (marked) edit is never trimmed
        var physics = VerticalSpaceTransitionPhysics()
        physics.threshold = 0.3  // a longer drag opens Feed
        // --- README example end ---
        #expect(confirm.actions.map(\.role) == [.cancel, .destructive])
        #expect(edit.text == "Hello, wor" && edit.wasTrimmed)
        #expect(physics.threshold == 0.3)
    }
}
