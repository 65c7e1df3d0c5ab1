import Foundation
import KeelSupport

/// An sRGB colour with straight (non-premultiplied) alpha; every component is in `0...1`.
///
/// Colours from other spaces (display-p3, hsl, oklch, …) in token files are converted to sRGB
/// when they are read; values outside the sRGB gamut are clipped.
public struct ColorValue: Hashable, Sendable {
    /// The red component, `0...1`.
    package var red: Double
    /// The green component, `0...1`.
    package var green: Double
    /// The blue component, `0...1`.
    package var blue: Double
    /// The opacity, `0...1` (1 is opaque).
    package var alpha: Double

    /// A colour from sRGB components in `0...1`; values outside the range are clamped
    /// (a NaN component becomes 0).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = ColorValue.clamp(red)
        self.green = ColorValue.clamp(green)
        self.blue = ColorValue.clamp(blue)
        self.alpha = ColorValue.clamp(alpha)
    }

    /// A colour from 8-bit sRGB components and an alpha in `0...1`.
    package init(red8: UInt8, green8: UInt8, blue8: UInt8, alpha: Double = 1) {
        self.init(
            red: Double(red8) / 255, green: Double(green8) / 255, blue: Double(blue8) / 255, alpha: alpha)
    }

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA` (the `#` is optional, case does not matter);
    /// throws an error naming what is wrong with `hex`.
    public init(hex: String) throws {
        // Untyped `throws` on purpose: a typed-throws initialiser crashes Swift 6.3's SIL
        // generation for iOS targets (ios-typecheck); the error is always a ColorParseError.
        switch ColorValue.parse(hex) {
        case .success(let color): self = color
        case .failure(let error): throw error
        }
    }

    private static func parse(_ hex: String) -> Result<ColorValue, ColorParseError> {
        var digits = Substring(hex.trimmingCharacters(in: .whitespaces))
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard let values = hexDigits(digits) else { return .failure(.invalidCharacter(hex)) }
        switch values.count {
        case 3:
            return .success(ColorValue(red8: values[0] * 17, green8: values[1] * 17, blue8: values[2] * 17))
        case 6, 8:
            let bytes = stride(from: 0, to: values.count, by: 2).map { values[$0] * 16 + values[$0 + 1] }
            return .success(
                ColorValue(
                    red8: bytes[0], green8: bytes[1], blue8: bytes[2],
                    alpha: bytes.count == 4 ? Double(bytes[3]) / 255 : 1))
        default:
            return .failure(.invalidLength(hex))
        }
    }

    /// `#RRGGBB` for an opaque colour, `#RRGGBBAA` otherwise (upper-case digits).
    package var hexString: String {
        let opaque = ColorValue.byte(alpha) == 255
        let parts = opaque ? [red, green, blue] : [red, green, blue, alpha]
        return "#" + Hex.encode(parts.map { UInt8(ColorValue.byte($0)) }, uppercase: true)
    }

    /// `#RRGGBB`, dropping alpha.
    package var hexStringIgnoringAlpha: String {
        "#" + Hex.encode([red, green, blue].map { UInt8(ColorValue.byte($0)) }, uppercase: true)
    }

    /// The hex string, for debugging.
    package var description: String { hexString }

    /// The same colour with another alpha.
    package func withAlpha(_ alpha: Double) -> ColorValue {
        ColorValue(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// This colour drawn over `background` with source-over compositing
    /// (`c = a·fg + (1 − a)·bg` per channel, in gamma-encoded sRGB as browsers and UIKit do).
    package func composited(over background: ColorValue) -> ColorValue {
        let outAlpha = alpha + background.alpha * (1 - alpha)
        guard outAlpha > 0 else { return ColorValue(red: 0, green: 0, blue: 0, alpha: 0) }
        func mix(_ top: Double, _ bottom: Double) -> Double {
            (top * alpha + bottom * background.alpha * (1 - alpha)) / outAlpha
        }
        return ColorValue(
            red: mix(red, background.red), green: mix(green, background.green),
            blue: mix(blue, background.blue), alpha: outAlpha)
    }

    /// WCAG 2.x relative luminance of the opaque colour (alpha is ignored; composite first).
    package var relativeLuminance: Double {
        0.2126 * ColorValue.linearize(red) + 0.7152 * ColorValue.linearize(green) + 0.0722
            * ColorValue.linearize(blue)
    }

    /// The WCAG 2.x contrast ratio (1…21) of this colour as text over `background`.
    ///
    /// A translucent foreground is composited over the background first; a translucent
    /// background is composited over white. Ratios are never rounded.
    package func contrastRatio(on background: ColorValue) -> Double {
        let opaqueBackground =
            background.alpha < 1 ? background.composited(over: .white) : background
        let foreground = alpha < 1 ? composited(over: opaqueBackground) : self
        let first = foreground.relativeLuminance
        let second = opaqueBackground.relativeLuminance
        return (max(first, second) + 0.05) / (min(first, second) + 0.05)
    }

    /// The sRGB transfer function's inverse: gamma-encoded to linear light.
    package static func linearize(_ channel: Double) -> Double {
        channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
    }

    /// The sRGB transfer function: linear light to gamma-encoded.
    package static func gammaEncode(_ linear: Double) -> Double {
        let magnitude = abs(linear)
        let encoded = magnitude <= 0.0031308 ? 12.92 * magnitude : 1.055 * pow(magnitude, 1 / 2.4) - 0.055
        return linear < 0 ? -encoded : encoded
    }

    /// Opaque black.
    package static let black = ColorValue(red: 0, green: 0, blue: 0)
    /// Opaque white.
    package static let white = ColorValue(red: 1, green: 1, blue: 1)
    /// Fully transparent black.
    package static let clear = ColorValue(red: 0, green: 0, blue: 0, alpha: 0)
    /// The loud opaque magenta a resolver returns for a colour token its theme lacks, so a
    /// missing token is visible instead of silently transparent.
    @usableFromInline package static let missingToken = ColorValue(red: 1, green: 0, blue: 1)

    private static func clamp(_ value: Double) -> Double {
        guard !value.isNaN else { return 0 }
        return min(1, max(0, value))
    }

    private static func byte(_ value: Double) -> Int {
        Int((value * 255).rounded())
    }

    private static func hexDigits(_ text: Substring) -> [UInt8]? {
        var values: [UInt8] = []
        values.reserveCapacity(8)
        for scalar in text.unicodeScalars {
            guard let value = hexDigit(scalar) else { return nil }
            values.append(value)
        }
        return values
    }

    private static func hexDigit(_ scalar: Unicode.Scalar) -> UInt8? {
        switch scalar.value {
        case 0x30...0x39: return UInt8(scalar.value - 0x30)
        case 0x41...0x46: return UInt8(scalar.value - 0x41 + 10)
        case 0x61...0x66: return UInt8(scalar.value - 0x61 + 10)
        default: return nil
        }
    }
}

/// Why a hex colour string could not be parsed.
package enum ColorParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A character other than a hex digit (after an optional leading `#`).
    case invalidCharacter(String)
    /// Not 3, 6 or 8 hex digits.
    case invalidLength(String)

    /// A one-line explanation.
    package var description: String {
        switch self {
        case .invalidCharacter(let text): "'\(text)' contains a character that is not a hex digit"
        case .invalidLength(let text): "'\(text)' is not #RGB, #RRGGBB or #RRGGBBAA"
        }
    }
}
