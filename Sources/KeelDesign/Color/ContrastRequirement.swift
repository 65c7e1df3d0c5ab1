/// A WCAG 2.x contrast requirement a foreground/background pair must meet.
public enum ContrastRequirement: String, CaseIterable, Hashable, Sendable {
    /// SC 1.4.3 (AA) for body text: 4.5:1.
    case aaText = "aa-text"
    /// SC 1.4.3 (AA) for large text (≥ 18 pt, or ≥ 14 pt bold): 3:1.
    case aaLargeText = "aa-large-text"
    /// SC 1.4.6 (AAA) for body text: 7:1.
    case aaaText = "aaa-text"
    /// SC 1.4.6 (AAA) for large text: 4.5:1.
    case aaaLargeText = "aaa-large-text"
    /// SC 1.4.11 (AA) for UI components and graphics: 3:1.
    case nonText = "non-text"

    /// The minimum ratio; a ratio passes when it is at least this (never rounded first).
    package var minimumRatio: Double {
        switch self {
        case .aaText, .aaaLargeText: 4.5
        case .aaLargeText, .nonText: 3
        case .aaaText: 7
        }
    }

    /// Whether `ratio` meets the requirement.
    package func isSatisfied(by ratio: Double) -> Bool { ratio >= minimumRatio }
}

/// A foreground/background pair of colour tokens the theme promises to keep legible.
public struct ContrastPair: Hashable, Sendable {
    /// The colour drawn on top (text, icon, border).
    package var foreground: ColorToken
    /// The colour underneath.
    package var background: ColorToken
    /// The WCAG requirement the pair must meet under every appearance.
    package var requirement: ContrastRequirement

    /// A declared pair.
    public init(foreground: ColorToken, background: ColorToken, requirement: ContrastRequirement = .aaText) {
        self.foreground = foreground
        self.background = background
        self.requirement = requirement
    }
}
