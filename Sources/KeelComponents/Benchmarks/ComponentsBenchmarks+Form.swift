import KeelDesign
import KeelGeometry

extension ComponentsBenchmarks {
    /// The form and feedback components' workloads for `keel-bench components`, by name, each
    /// set up once and doing its work `n` times when called with `n`: a text field's
    /// appearance and layout (an e-mail field focused with a clear button and counter, an
    /// error field, a secure field, a three-line text area; 343 pt wide) and a snackbar's
    /// (three configurations, 343 pt wide, placed above a keyboard), the budget being 2 µs
    /// each like the button's.
    static func formWorkloads(resolver: KeelThemeResolver) -> [(name: String, run: (Int) -> Void)] {
        let measurer = FixedAdvanceTextMeasurer()
        let fieldTheme = TextFieldTheme(resolver: resolver)
        let fields: [(TextFieldConfiguration, String, Bool)] = [
            (
                TextFieldConfiguration(
                    label: "E-mail", placeholder: "name@example.com", helperText: "We never share it.",
                    leadingIcon: "envelope", showsClearButton: true, maximumLength: 40,
                    showsCharacterCount: true),
                "ada@example.com", true
            ),
            (
                TextFieldConfiguration(
                    label: "E-mail", errorText: "Enter an address like name@example.com.",
                    leadingIcon: "envelope"),
                "ada@", false
            ),
            (TextFieldConfiguration(label: "Password", isSecureEntry: true), "hunter22", true),
            (
                TextFieldConfiguration(label: "Message", lines: .multiple(minimum: 2, maximum: 5)),
                "Thanks for the notes. The review moves to Thursday so that everyone can read the draft.",
                true
            ),
        ]
        let snackbarTheme = SnackbarTheme(resolver: resolver)
        let snackbars = [
            SnackbarConfiguration("Changes saved."),
            SnackbarConfiguration("Message deleted", action: SnackbarAction("Undo"), icon: "trash"),
            SnackbarConfiguration(
                "Your photos are uploading in the background.", action: SnackbarAction("View")),
        ]
        let container = Size(width: 375, height: 812)
        let safeArea = Edges(top: 44.0, left: 0, bottom: 34, right: 0)
        let keyboard = Rect(x: 0, y: 476, width: 375, height: 336)
        return [
            (
                "text-field.appearance+layout",
                { count in
                    for index in 0..<count {
                        let (configuration, text, focused) = fields[index % fields.count]
                        let appearance = TextFieldAppearance(
                            theme: fieldTheme, configuration: configuration, text: text, isFocused: focused)
                        keep(
                            TextFieldLayout(
                                configuration: configuration, appearance: appearance, text: text,
                                isFocused: focused,
                                width: 343, measurer: measurer))
                    }
                }
            ),
            (
                "snackbar.appearance+layout",
                { count in
                    for index in 0..<count {
                        let configuration = snackbars[index % snackbars.count]
                        let appearance = SnackbarAppearance(theme: snackbarTheme)
                        let placement = SnackbarPlacement(
                            container: container, safeArea: safeArea, keyboardFrame: keyboard,
                            appearance: appearance)
                        let layout = SnackbarLayout(
                            configuration: configuration, appearance: appearance, width: placement.width,
                            measurer: measurer)
                        keep(placement.frame(height: layout.size.height))
                        keep(layout)
                    }
                }
            ),
        ]
    }
}
