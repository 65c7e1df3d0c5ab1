/// An Apple Dynamic Type text style: the curve a font scales along.
public enum TextStyle: String, CaseIterable, Hashable, Sendable {
    /// Large title (34 pt at Large).
    case largeTitle
    /// Title 1 (28 pt at Large).
    case title1
    /// Title 2 (22 pt at Large).
    case title2
    /// Title 3 (20 pt at Large).
    case title3
    /// Headline (17 pt semibold at Large).
    case headline
    /// Body (17 pt at Large).
    case body
    /// Callout (16 pt at Large).
    case callout
    /// Subheadline (15 pt at Large).
    case subheadline
    /// Footnote (13 pt at Large).
    case footnote
    /// Caption 1 (12 pt at Large).
    case caption1
    /// Caption 2 (11 pt at Large).
    case caption2
}
