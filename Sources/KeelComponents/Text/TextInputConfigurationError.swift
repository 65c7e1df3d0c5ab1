/// Why a text input configuration is invalid.
package enum TextInputConfigurationError: Error, Hashable, Sendable {
    /// The maximum length is zero or negative.
    case nonPositiveMaximumLength(Int)
    /// A character count was requested without a maximum length.
    case characterCountWithoutMaximumLength
    /// A character count was requested on a multi-line input.
    case characterCountOnMultiline
    /// Secure entry was requested on a multi-line input.
    case secureEntryOnMultiline
    /// A multi-line limit of zero or fewer lines.
    case nonPositiveLineLimit(Int)
    /// A multi-line height limit that is not a positive, finite number.
    case invalidHeightLimit(Double)
}
