import KeelCompat
import KeelComponents
import Testing

// XDDesignKit's alert spellings are KeelCompat's (deprecated); this test calls them on purpose.

@Suite("XDDesignKit's alert accessory spellings build Keel's")
struct XDAlertSpellingTests {
    @Test(".textField(…) is the single-line .textInput(…) it was renamed to")
    func textFieldIsTheSingleLineTextInput() throws {
        #expect(
            AlertAccessory.textField(placeholder: "p", maximumLength: 5)
                == .textInput(try AlertTextInput(placeholder: "p", maximumLength: 5)))
        #expect(
            AlertAccessory.textField(text: "t", keyboard: .emailAddress, isSecureEntry: true)
                == .textInput(placeholder: "", text: "t", keyboard: .emailAddress, isSecureEntry: true))
    }
}
