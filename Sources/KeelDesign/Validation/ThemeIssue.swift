/// The kind of token a validation issue is about.
public enum TokenKind: String, CaseIterable, Hashable, Sendable {
    /// A colour.
    case color
    /// A font.
    case font
    /// A spacing step.
    case spacing
    /// A radius.
    case radius
    /// A border width.
    case borderWidth
    /// An opacity.
    case opacity
    /// A shadow.
    case shadow
    /// A motion style.
    case motion
    /// An icon.
    case icon
    /// An icon size.
    case iconSize
    /// A layer level.
    case elevation
    /// A component value.
    case component
}

/// How serious a validation issue is.
package enum IssueSeverity: String, Comparable, Hashable, Sendable {
    /// Worth knowing; the theme can still be applied.
    case warning
    /// The theme is invalid and cannot be applied.
    case error

    /// Warnings sort before errors.
    package static func < (lhs: IssueSeverity, rhs: IssueSeverity) -> Bool {
        lhs == .warning && rhs == .error
    }
}

/// One problem found by ``KeelTheme/validate(requireCompleteDefinition:)``.
///
/// `path` values name the value precisely: `font.title1.size`, `component.button.minimumHitTarget`.
public enum ThemeIssue: Hashable, Sendable, CustomStringConvertible {
    /// The theme identifier is empty.
    case emptyIdentifier
    /// The display name is empty.
    case emptyDisplayName
    /// A token name is empty.
    case emptyTokenName(kind: TokenKind)
    /// A built-in token (or one a component or pair refers to) is not defined.
    case missingToken(kind: TokenKind, name: String, referencedBy: String?)
    /// A number is NaN or infinite.
    case nonFiniteValue(path: String, value: Double)
    /// A number is outside its allowed range.
    case outOfRange(path: String, value: Double, allowed: ClosedRange<Double>)
    /// A text value (a family or face name) is empty.
    case emptyText(path: String)
    /// A dynamic font's maximum is below its base size.
    case maximumBelowBaseSize(font: String, base: Double, maximum: Double)
    /// A touch target is under the 44 pt minimum.
    case hitTargetTooSmall(path: String, size: Double, minimum: Double)
    /// A declared pair fails its contrast requirement under one appearance.
    case insufficientContrast(pair: ContrastPair, variant: ColorVariant, ratio: Double)

    /// Errors make the theme invalid; warnings do not.
    package var severity: IssueSeverity {
        switch self {
        case .emptyTokenName: .warning
        default: .error
        }
    }

    /// A one-line explanation naming the value.
    public var description: String {
        switch self {
        case .emptyIdentifier: return "theme identifier is empty"
        case .emptyDisplayName: return "theme display name is empty"
        case .emptyTokenName(let kind): return "a \(kind.rawValue) token has an empty name"
        case .missingToken(let kind, let name, let referencer):
            let suffix = referencer.map { " (referenced by \($0))" } ?? ""
            return "missing \(kind.rawValue) token '\(name)'\(suffix)"
        case .nonFiniteValue(let path, let value): return "\(path): \(value) is not a finite number"
        case .outOfRange(let path, let value, let allowed):
            return
                "\(path): \(value.formatted) is outside \(allowed.lowerBound.formatted)...\(allowed.upperBound.formatted)"
        case .emptyText(let path): return "\(path): empty text"
        case .maximumBelowBaseSize(let font, let base, let maximum):
            return "font.\(font): maximum size \(maximum.formatted) is below the base size \(base.formatted)"
        case .hitTargetTooSmall(let path, let size, let minimum):
            return "\(path): hit target \(size.formatted) pt is under \(minimum.formatted) pt"
        case .insufficientContrast(let pair, let variant, let ratio):
            let shown = (ratio * 1000).rounded() / 1000  // display only; comparisons use the exact ratio
            return
                "contrast \(pair.foreground) on \(pair.background) (\(variant.rawValue)): \(shown):1 is under \(pair.requirement.minimumRatio.formatted):1 (\(pair.requirement.rawValue))"
        }
    }
}

/// The result of validating a theme.
public struct ThemeValidation: Hashable, Sendable {
    /// Every issue, errors and warnings, in a stable order.
    package var issues: [ThemeIssue]
    /// A validation result.
    package init(issues: [ThemeIssue]) { self.issues = issues }
    /// The errors.
    public var errors: [ThemeIssue] { issues.filter { $0.severity == .error } }
    /// The warnings.
    public var warnings: [ThemeIssue] { issues.filter { $0.severity == .warning } }
    /// Whether there are no errors.
    package var isValid: Bool { errors.isEmpty }
}

/// Thrown when an invalid theme is applied; lists every error.
public struct KeelThemeValidationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The theme's identifier.
    package var identifier: ThemeIdentifier
    /// Every error (and warning) found.
    public var issues: [ThemeIssue]
    /// A validation error.
    package init(identifier: ThemeIdentifier, issues: [ThemeIssue]) {
        self.identifier = identifier
        self.issues = issues
    }
    /// One line per error.
    public var description: String {
        let errors = issues.filter { $0.severity == .error }
        return "theme '\(identifier)' is invalid (\(errors.count) error\(errors.count == 1 ? "" : "s")):\n"
            + errors.map { "  - \($0)" }.joined(separator: "\n")
    }
}
