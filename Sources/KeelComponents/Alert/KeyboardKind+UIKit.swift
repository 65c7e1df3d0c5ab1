#if canImport(UIKit)
    import UIKit

    // The one mapping of the headless keyboard and return-key kinds to UIKit's, beside the
    // enums, so KeelUIKit's alert input and KeelSwiftUI's `UITextField`/`UITextView` bridges
    // configure the same keyboard for a configuration (neither front end imports the other).

    extension UIKeyboardType {
        /// The UIKit keyboard of a headless keyboard kind.
        package init(keel kind: KeyboardKind) {
            switch kind {
            case .standard: self = .default
            case .numbersAndPunctuation: self = .numbersAndPunctuation
            case .numberPad: self = .numberPad
            case .decimalPad: self = .decimalPad
            case .phonePad: self = .phonePad
            case .emailAddress: self = .emailAddress
            case .url: self = .URL
            }
        }
    }

    extension UIReturnKeyType {
        /// The UIKit return key of a headless return-key kind.
        package init(keel kind: ReturnKeyKind) {
            switch kind {
            case .default: self = .default
            case .done: self = .done
            case .go: self = .go
            case .next: self = .next
            case .send: self = .send
            case .search: self = .search
            }
        }
    }
#endif
