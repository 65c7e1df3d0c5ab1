import KeelDesign

/// A foreground/background pair a component draws, resolved for one theme and traits, with
/// the WCAG requirement it must meet: each component theme declares its pairs, and the tests
/// check every one under light, dark and both increased-contrast appearances.
package struct ComponentContrastPair: Hashable, Sendable, CustomStringConvertible {
    /// What the pair is (`critical.text`, `selected.title`).
    package var name: String
    /// The colour drawn on top (text, icon, indicator).
    package var foreground: ColorValue
    /// The colour underneath.
    package var background: ColorValue
    /// The requirement.
    package var requirement: ContrastRequirement

    /// A pair.
    package init(
        _ name: String, foreground: ColorValue, background: ColorValue, requirement: ContrastRequirement
    ) {
        self.name = name
        self.foreground = foreground
        self.background = background
        self.requirement = requirement
    }

    /// The WCAG contrast ratio.
    package var ratio: Double { foreground.contrastRatio(on: background) }

    /// Whether the pair meets its requirement.
    package var isSatisfied: Bool { requirement.isSatisfied(by: ratio) }

    /// `name: ratio (requirement)`.
    package var description: String { "\(name): \(ratio) (\(requirement.rawValue))" }
}
