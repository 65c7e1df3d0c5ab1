import KeelComponents
import Testing

@Suite("The alert text input's front-end decisions (counter, limit reached, multi-line height)")
struct AlertTextInputFrontTests {
    @Test("The counter shows only for an input with a maximum that shows its count")
    func counter() throws {
        let counted = try AlertTextInput(maximumLength: 5, showsCharacterCount: true)
        #expect(counted.displayedCounter(for: "abc") == CharacterCounter(count: 3, maximum: 5))
        #expect(counted.displayedCounter(for: "abc")?.text == "3/5")
        #expect(counted.displayedCounter(for: "👩‍👩‍👧é")?.count == 2)
        let uncounted = try AlertTextInput(maximumLength: 5)
        #expect(uncounted.displayedCounter(for: "abc") == nil)
        let unlimited = try AlertTextInput()
        #expect(unlimited.displayedCounter(for: "abc") == nil)
    }

    @Test("Limit reached fires on the edge only, never while composing or on a count refresh")
    func limitReached() throws {
        let input = try AlertTextInput(maximumLength: 3, layout: .multiline)
        var tracker = LimitReachedTracker()
        #expect(
            input.limitEffects(for: "ab", isComposing: false, countOnly: false, tracker: &tracker).isEmpty)
        #expect(
            input.limitEffects(for: "abc", isComposing: true, countOnly: false, tracker: &tracker).isEmpty)
        #expect(
            input.limitEffects(for: "abc", isComposing: false, countOnly: true, tracker: &tracker).isEmpty)
        #expect(
            input.limitEffects(for: "abc", isComposing: false, countOnly: false, tracker: &tracker)
                == [.limitReached])
        #expect(
            input.limitEffects(for: "abc", isComposing: false, countOnly: false, tracker: &tracker).isEmpty)
        #expect(
            input.limitEffects(for: "ab", isComposing: false, countOnly: false, tracker: &tracker).isEmpty)
        #expect(
            input.limitEffects(for: "abc", isComposing: false, countOnly: false, tracker: &tracker)
                == [.limitReached])
        var other = LimitReachedTracker()
        let unlimited = try AlertTextInput(layout: .multiline)
        #expect(
            unlimited.limitEffects(
                for: String(repeating: "a", count: 500), isComposing: false, countOnly: false,
                tracker: &other
            ).isEmpty)
    }

    @Test("The multi-line placeholder shows only over empty text")
    func placeholder() throws {
        let input = try AlertTextInput(placeholder: "Note", layout: .multiline)
        #expect(!input.placeholderIsHidden(for: ""))
        #expect(input.placeholderIsHidden(for: " "))
    }

    @Test("A multi-line editor grows with its text up to the line limit; a single line stays one line")
    func editorHeight() throws {
        let fourLines = try AlertTextInput(layout: .multiline(maximum: .lines(4)))
        #expect(fourLines.editorHeight(contentHeight: 20, lineHeight: 20, minimum: 44) == 44)
        #expect(fourLines.editorHeight(contentHeight: 60, lineHeight: 20, minimum: 44) == 60)
        #expect(fourLines.editorHeight(contentHeight: 200, lineHeight: 20, minimum: 44) == 80)
        let tall = try AlertTextInput(layout: .multiline(maximum: .height(100)))
        #expect(tall.editorHeight(contentHeight: 300, lineHeight: 20, minimum: 44) == 100)
        let unlimited = try AlertTextInput(layout: .multiline(maximum: .unlimited))
        #expect(unlimited.editorHeight(contentHeight: 300, lineHeight: 20, minimum: 44) == 300)
        let single = try AlertTextInput()
        #expect(single.editorHeight(contentHeight: 200, lineHeight: 20, minimum: 44) == 44)
        #expect(single.editorHeight(contentHeight: 200, lineHeight: 60, minimum: 44) == 60)
    }

    @Test("Non-finite or negative measures give a finite, non-negative height")
    func badMeasures() throws {
        let unlimited = try AlertTextInput(layout: .multiline(maximum: .unlimited))
        for bad in [Double.nan, .infinity, -.infinity, -5] {
            let height = unlimited.editorHeight(contentHeight: bad, lineHeight: bad, minimum: bad)
            #expect(height.isFinite && height >= 0)
            let lines = try AlertTextInput(layout: .multiline).editorHeight(
                contentHeight: bad, lineHeight: 20, minimum: 44)
            #expect(lines == 44)
        }
    }
}
