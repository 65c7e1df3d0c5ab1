/// A font weight on the CSS/DTCG numeric scale `1...1000` (400 regular, 700 bold).
public struct FontWeight: RawRepresentable, Hashable, Comparable, Sendable {
    /// The numeric weight.
    public let rawValue: Double

    /// A weight; values outside `1...1000` are reported by validation.
    public init(rawValue: Double) { self.rawValue = rawValue }

    /// The numeric weight as text (`400`), for messages.
    package var description: String { rawValue.formatted }

    /// Orders by numeric weight.
    public static func < (lhs: FontWeight, rhs: FontWeight) -> Bool { lhs.rawValue < rhs.rawValue }

    /// 100.
    public static let thin = FontWeight(rawValue: 100)
    /// 200.
    public static let extraLight = FontWeight(rawValue: 200)
    /// 300.
    public static let light = FontWeight(rawValue: 300)
    /// 400.
    public static let regular = FontWeight(rawValue: 400)
    /// 500.
    public static let medium = FontWeight(rawValue: 500)
    /// 600.
    public static let semibold = FontWeight(rawValue: 600)
    /// 700.
    public static let bold = FontWeight(rawValue: 700)
    /// 800.
    public static let extraBold = FontWeight(rawValue: 800)
    /// 900.
    public static let black = FontWeight(rawValue: 900)
    /// 950.
    public static let extraBlack = FontWeight(rawValue: 950)

    /// The DTCG 2025.10 weight aliases (exact, case-sensitive) and their values.
    package static let dtcgAliases: [String: FontWeight] = [
        "thin": .thin, "hairline": .thin,
        "extra-light": .extraLight, "ultra-light": .extraLight,
        "light": .light,
        "normal": .regular, "regular": .regular, "book": .regular,
        "medium": .medium,
        "semi-bold": .semibold, "demi-bold": .semibold,
        "bold": .bold,
        "extra-bold": .extraBold, "ultra-bold": .extraBold,
        "black": .black, "heavy": .black,
        "extra-black": .extraBlack, "ultra-black": .extraBlack,
    ]

    /// The weight used when the user turns on Bold Text: two steps heavier, at most 900
    /// (regular → semibold, medium → bold, semibold → extra bold).
    package var boldTextVariant: FontWeight {
        FontWeight(rawValue: max(rawValue, min(900, rawValue + 200)))
    }
}

extension Double {
    /// Shortest text that reads back as the same number, without a trailing `.0`.
    var formatted: String {
        if self == rounded(), abs(self) < 1e15 { return String(Int64(self)) }
        return description
    }
}
