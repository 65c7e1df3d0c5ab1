import KeelComponents
import Testing

@Suite("Text field behaviour")
struct TextFieldInteractionTests {
    static let limited = TextFieldConfiguration(
        showsClearButton: true, maximumLength: 5, showsCharacterCount: true)

    @Test("a paste past the limit keeps what fits, puts the caret after it and reports the limit once")
    func pasteIsTrimmed() {
        var field = TextFieldInteraction(configuration: Self.limited, text: "abc")
        let paste = field.send(
            .proposeEdit(location: 3, length: 0, replacement: "defgh", current: TextInputState(text: "abc")))
        #expect(paste.effects == [.setText("abcde", caret: 5), .textChanged("abcde"), .limitReached(5)])
        #expect(field.state.text == "abcde")
        // At the limit, more typing is refused without a second report.
        let more = field.send(
            .proposeEdit(location: 5, length: 0, replacement: "x", current: TextInputState(text: "abcde")))
        #expect(more.effects == [.setText("abcde", caret: 5)])
        // An edit that fits is left to the editor.
        let fits = field.send(
            .proposeEdit(location: 0, length: 1, replacement: "z", current: TextInputState(text: "abcde")))
        #expect(fits.isAccepted && fits.effects.isEmpty)
    }

    @Test("composing text is never trimmed; the committed text is, and the limit is reported then")
    func composition() {
        var field = TextFieldInteraction(configuration: Self.limited)
        let composing = TextInputState(text: "abcdefg", markedRange: 3..<7)
        #expect(field.send(.changed(composing)).effects == [.textChanged("abcdefg")])
        let committed = field.send(.changed(TextInputState(text: "abcdefg")))
        #expect(committed.effects == [.setText("abcde", caret: 5), .textChanged("abcde"), .limitReached(5)])
        // Dropping below the limit re-arms the report.
        #expect(field.send(.changed(TextInputState(text: "abcd"))).effects == [.textChanged("abcd")])
        #expect(
            field.send(.changed(TextInputState(text: "abcdx"))).effects == [
                .textChanged("abcdx"), .limitReached(5),
            ])
    }

    @Test("the clear button empties an editable field; read-only and disabled fields refuse edits")
    func clearAndReadOnly() {
        var field = TextFieldInteraction(configuration: Self.limited, text: "abc")
        #expect(field.send(.clear).effects == [.setText("", caret: 0), .textChanged("")])
        #expect(!field.send(.clear).isAccepted)
        var readOnly = TextFieldInteraction(
            configuration: TextFieldConfiguration(showsClearButton: true, isReadOnly: true), text: "abc")
        #expect(!readOnly.send(.clear).isAccepted)
        #expect(
            !readOnly.send(
                .proposeEdit(location: 0, length: 0, replacement: "x", current: TextInputState(text: "abc"))
            )
            .isAccepted)
        #expect(readOnly.send(.focus).isAccepted)
        var disabled = TextFieldInteraction(configuration: TextFieldConfiguration(isEnabled: false))
        #expect(!disabled.send(.focus).isAccepted)
        #expect(!disabled.send(.changed(TextInputState(text: "x"))).isAccepted)
    }

    @Test("focus and text drive the visual state and the clear button")
    func focus() {
        var field = TextFieldInteraction(configuration: Self.limited)
        #expect(field.visualState == .normal)
        field.send(.focus)
        #expect(field.visualState == .focused && !field.accessories.clearButton)
        field.send(.changed(TextInputState(text: "ab")))
        #expect(field.accessories.clearButton)
        #expect(!field.send(.focus).isAccepted)
        field.send(.blur)
        #expect(field.visualState == .filled && !field.accessories.clearButton)
        #expect(TextFieldInteraction(configuration: Self.limited, text: "abcdefgh").state.text == "abcde")
    }

    @Test("the reveal button toggles secure text, only on a secure single-line field")
    func reveal() {
        var field = TextFieldInteraction(configuration: TextFieldConfiguration(isSecureEntry: true))
        #expect(field.hidesText)
        #expect(field.send(.toggleReveal).effects == [.revealChanged(true)])
        #expect(!field.hidesText)
        #expect(field.send(.toggleReveal).effects == [.revealChanged(false)])
        var plain = TextFieldInteraction(configuration: TextFieldConfiguration())
        #expect(!plain.send(.toggleReveal).isAccepted)
        // Turning secure entry off forgets the reveal.
        field.send(.toggleReveal)
        field.send(.reconfigure(TextFieldConfiguration()))
        #expect(!field.state.isRevealed)
    }

    @Test("each new validation message is announced once, in the field's language")
    func announcements() {
        var field = TextFieldInteraction(configuration: TextFieldConfiguration())
        #expect(field.send(.validationChanged("Too short.")).effects == [.announce("Error, Too short.")])
        #expect(field.visualState == .error)
        #expect(field.send(.validationChanged("Too short.")).effects.isEmpty)
        #expect(field.send(.validationChanged(nil)).effects.isEmpty)
        #expect(field.visualState == .normal)
        #expect(field.send(.validationChanged("Too short.")).effects == [.announce("Error, Too short.")])
        var configuration = TextFieldConfiguration()
        configuration.errorText = "必填"
        var chinese = TextFieldInteraction(
            configuration: TextFieldConfiguration(), strings: .simplifiedChinese)
        #expect(chinese.send(.reconfigure(configuration)).effects == [.announce("错误, 必填")])
        // A field made with an error shows it without announcing it.
        #expect(TextFieldInteraction(configuration: configuration).state.errorText == "必填")
    }

    @Test(
        "the app's text reaches read-only and disabled fields too, cut to the limit, without a change report")
    func textSetByTheApp() {
        var readOnly = TextFieldInteraction(
            configuration: TextFieldConfiguration(maximumLength: 4, isReadOnly: true))
        #expect(
            readOnly.send(.setByApp("abcdef")).effects == [.setText("abcd", caret: 4), .writeBack("abcd")])
        #expect(readOnly.state.text == "abcd")
        // The editor's own change echoed back through a binding changes nothing.
        #expect(readOnly.send(.setByApp("abcd")).effects.isEmpty)
        var disabled = TextFieldInteraction(configuration: TextFieldConfiguration(isEnabled: false))
        #expect(disabled.send(.setByApp("😀 hi")).effects == [.setText("😀 hi", caret: 5)])
    }

    /// The app's text cut to the maximum length is written back to the app's copy (a SwiftUI
    /// binding), so the field and the binding hold the same text. It used to send only
    /// `.setText`: the field showed "Hello" while the binding kept "Hello world", and a form
    /// submitting the binding sent 11 characters under a limit of 5.
    @Test("the app's text cut to the limit is written back, also the text the field was made with")
    func cutTextIsWrittenBack() {
        let configuration = TextFieldConfiguration(maximumLength: 5)
        // Made with a binding holding "Hello world": the front end sends it again on appear.
        var made = TextFieldInteraction(configuration: configuration, text: "Hello world")
        #expect(made.state.text == "Hello")
        let appeared = made.send(.setByApp("Hello world"))
        #expect(appeared.effects == [.writeBack("Hello")] && appeared.writtenBackText == "Hello")
        // The binding now holds "Hello": echoed back, nothing more.
        #expect(made.send(.setByApp("Hello")).effects.isEmpty)
        // Set later by the app (a prefill from the server).
        var field = TextFieldInteraction(configuration: configuration)
        let prefilled = field.send(.setByApp("Hello world"))
        #expect(prefilled.effects == [.setText("Hello", caret: 5), .writeBack("Hello")])
        #expect(prefilled.writtenBackText == "Hello" && field.state.text == "Hello")
        // A text that fits is not written back, and no change is reported either way.
        #expect(field.send(.setByApp("Hi")).writtenBackText == nil)
        #expect(!prefilled.effects.contains(.textChanged("Hello")))
        // Grapheme clusters are cut whole.
        var emoji = TextFieldInteraction(configuration: TextFieldConfiguration(maximumLength: 2))
        #expect(emoji.send(.setByApp("👨‍👩‍👧e\u{301}x")).writtenBackText == "👨‍👩‍👧e\u{301}")
    }

    /// Composing text over the limit went to the binding, came back as `.setByApp` and was cut
    /// and set in the field mid-composition, destroying the input method's marked text.
    @Test("the field's own composing text echoed through the binding is left to the commit")
    func composingEchoIsLeftAlone() {
        var field = TextFieldInteraction(configuration: TextFieldConfiguration(maximumLength: 5))
        let composing = TextInputState(text: "abcdかk", selection: 6..<6, markedRange: 4..<6)
        #expect(field.send(.changed(composing)).effects.contains(.textChanged("abcdかk")))
        #expect(field.send(.setByApp("abcdかk")).effects.isEmpty)
        #expect(field.state.text == "abcdかk")
        // Committed: the limit applies, and the binding hears of the cut text.
        let committed = field.send(.changed(TextInputState(text: "abcdか", selection: 5..<5)))
        #expect(committed.effects.contains(.textChanged("abcdか")))
        #expect(field.send(.setByApp("abcdか")).effects.isEmpty)
    }
}
