extension KeelTheme {
    /// The smallest allowed touch target (Apple HIG), in points.
    package static let minimumHitTarget: Double = 44

    /// Checks the theme and returns every issue: missing tokens (when
    /// `requireCompleteDefinition`, every built-in token of every kind), non-finite and
    /// out-of-range values, font scaling rules, hit targets under 44 pt, component
    /// references to missing tokens, and declared contrast pairs under every appearance.
    public func validate(requireCompleteDefinition: Bool = true) -> ThemeValidation {
        var checker = Checker()
        if identifier.rawValue.isEmpty { checker.issues.append(.emptyIdentifier) }
        if displayName.isEmpty { checker.issues.append(.emptyDisplayName) }
        if requireCompleteDefinition { checkCompleteness(&checker) }
        checkColors(&checker)
        checkFonts(&checker)
        checkMetrics(&checker)
        checkComponents(&checker)
        checkContrast(&checker)
        return ThemeValidation(issues: checker.issues)
    }

    private func checkCompleteness(_ checker: inout Checker) {
        func require<Token: Hashable & CustomStringConvertible, Value>(
            _ kind: TokenKind, _ all: [Token], _ table: [Token: Value]
        ) {
            for token in all where table[token] == nil {
                checker.issues.append(.missingToken(kind: kind, name: token.description, referencedBy: nil))
            }
        }
        require(.color, ColorToken.allCases, colors)
        require(.font, KeelFontToken.allCases, metrics.fonts)
        require(.spacing, SpacingToken.allCases, metrics.spacings)
        require(.radius, RadiusToken.allCases, metrics.radii)
        require(.borderWidth, BorderWidthToken.allCases, metrics.borderWidths)
        require(.opacity, OpacityToken.allCases, metrics.opacities)
        require(.shadow, ShadowToken.allCases, metrics.shadows)
        require(.motion, MotionToken.allCases, metrics.motions)
        require(.icon, KeelIconToken.allCases, metrics.icons)
        require(.iconSize, IconSizeToken.allCases, metrics.iconSizes)
        require(.elevation, ElevationToken.allCases, metrics.elevations)
    }

    private func checkColors(_ checker: inout Checker) {
        for token in colors.keys.sorted() where token.rawValue.isEmpty {
            checker.issues.append(.emptyTokenName(kind: .color))
        }
    }

    private func checkFonts(_ checker: inout Checker) {
        for (token, style) in metrics.fonts.sorted(by: { $0.key < $1.key }) {
            let path = "font.\(token)"
            if token.rawValue.isEmpty { checker.issues.append(.emptyTokenName(kind: .font)) }
            if style.families.isEmpty { checker.issues.append(.emptyText(path: "\(path).families")) }
            for (index, family) in style.families.enumerated() {
                if family.name.isEmpty {
                    checker.issues.append(.emptyText(path: "\(path).families[\(index)]"))
                }
                for (weight, name) in family.faces.sorted(by: { $0.key < $1.key }) where name.isEmpty {
                    checker.issues.append(
                        .emptyText(path: "\(path).families[\(index)].faces[\(weight.description)]"))
                }
            }
            checker.positive("\(path).size", style.size)
            checker.range("\(path).weight", style.weight.rawValue, 1...1000)
            if let lineHeight = style.lineHeight { checker.positive("\(path).lineHeight", lineHeight) }
            checker.finite("\(path).letterSpacing", style.letterSpacing)
            switch style.scaling {
            case .fixed:
                break
            case .dynamic(let maximum?):
                if checker.finite("\(path).maximumSize", maximum), style.size.isFinite, maximum < style.size {
                    checker.issues.append(
                        .maximumBelowBaseSize(font: token.rawValue, base: style.size, maximum: maximum))
                }
            case .dynamic(nil):
                break
            }
        }
    }

    private func checkMetrics(_ checker: inout Checker) {
        let large = 0...Double.greatestFiniteMagnitude
        for (token, value) in metrics.spacings.sorted(by: { $0.key < $1.key }) {
            checker.range("spacing.\(token)", value, large)
        }
        for (token, value) in metrics.radii.sorted(by: { $0.key < $1.key }) {
            checker.range("radius.\(token)", value, large)
        }
        for (token, value) in metrics.borderWidths.sorted(by: { $0.key < $1.key }) {
            checker.range("borderWidth.\(token)", value.rawAmount, large)
        }
        for (token, value) in metrics.opacities.sorted(by: { $0.key < $1.key }) {
            checker.range("opacity.\(token)", value, 0...1)
        }
        for (token, shadow) in metrics.shadows.sorted(by: { $0.key < $1.key }) {
            let path = "shadow.\(token)"
            checker.finite("\(path).offsetX", shadow.offsetX)
            checker.finite("\(path).offsetY", shadow.offsetY)
            checker.range("\(path).radius", shadow.radius, large)
            checker.range("\(path).opacity", shadow.opacity, 0...1)
            checker.finite("\(path).spread", shadow.spread)
            if case .token(let color) = shadow.color, colors[color] == nil {
                checker.issues.append(.missingToken(kind: .color, name: color.rawValue, referencedBy: path))
            }
        }
        for (token, motion) in metrics.motions.sorted(by: { $0.key < $1.key }) {
            let path = "motion.\(token)"
            checker.range("\(path).duration", motion.duration, large)
            checker.range("\(path).delay", motion.delay, large)
            switch motion.curve {
            case .cubicBezier(let x1, let y1, let x2, let y2):
                checker.range("\(path).curve.x1", x1, 0...1)
                checker.finite("\(path).curve.y1", y1)
                checker.range("\(path).curve.x2", x2, 0...1)
                checker.finite("\(path).curve.y2", y2)
            case .spring(let spring):
                checker.positive("\(path).curve.mass", spring.mass)
                checker.positive("\(path).curve.stiffness", spring.stiffness)
                // An undamped spring never settles: a view would oscillate for ever.
                checker.positive("\(path).curve.damping", spring.damping)
            default:
                break
            }
            if case .crossFade(let duration) = motion.reducedMotion {
                checker.range("\(path).reducedMotion.duration", duration, large)
            }
        }
        for (token, icon) in metrics.icons.sorted(by: { $0.key < $1.key }) where icon.symbolName.isEmpty {
            checker.issues.append(.emptyText(path: "icon.\(token).symbolName"))
        }
        for (token, value) in metrics.iconSizes.sorted(by: { $0.key < $1.key }) {
            checker.positive("iconSize.\(token)", value)
        }
        for (token, value) in metrics.elevations.sorted(by: { $0.key < $1.key }) {
            checker.finite("elevation.\(token)", value)
        }
    }

    private func checkComponents(_ checker: inout Checker) {
        for (component, theme) in components.sorted(by: { $0.key < $1.key }) {
            for (key, value) in theme.values.sorted(by: { $0.key < $1.key }) {
                let path = "component.\(component).\(key)"
                switch value {
                case .color:
                    break
                case .colorToken(let token):
                    if colors[token] == nil {
                        checker.issues.append(
                            .missingToken(kind: .color, name: token.rawValue, referencedBy: path))
                    }
                case .font(let token):
                    if metrics.fonts[token] == nil {
                        checker.issues.append(
                            .missingToken(kind: .font, name: token.rawValue, referencedBy: path))
                    }
                case .dimension(let value):
                    checker.range(path, value, 0...Double.greatestFiniteMagnitude)
                case .number(let value):
                    checker.finite(path, value)
                case .hitTarget(let value):
                    if checker.finite(path, value), value < KeelTheme.minimumHitTarget {
                        checker.issues.append(
                            .hitTargetTooSmall(path: path, size: value, minimum: KeelTheme.minimumHitTarget))
                    }
                }
            }
        }
    }

    private func checkContrast(_ checker: inout Checker) {
        for pair in contrastPairs {
            guard let foreground = colors[pair.foreground] else {
                checker.issues.append(
                    .missingToken(kind: .color, name: pair.foreground.rawValue, referencedBy: "contrast pair")
                )
                continue
            }
            guard let background = colors[pair.background] else {
                checker.issues.append(
                    .missingToken(kind: .color, name: pair.background.rawValue, referencedBy: "contrast pair")
                )
                continue
            }
            let backdrop = pair.background == .backgroundPrimary ? nil : colors[.backgroundPrimary]
            for checked in KeelThemeColor.contrastVariants(
                foreground: foreground, background: background, backdrop: backdrop)
            {
                let ratio = checked.foreground.contrastRatio(on: checked.background)
                if !pair.requirement.isSatisfied(by: ratio) {
                    checker.issues.append(
                        .insufficientContrast(pair: pair, variant: checked.variant, ratio: ratio))
                }
            }
        }
    }
}

private struct Checker {
    var issues: [ThemeIssue] = []

    @discardableResult
    mutating func finite(_ path: String, _ value: Double) -> Bool {
        guard value.isFinite else {
            issues.append(.nonFiniteValue(path: path, value: value))
            return false
        }
        return true
    }

    mutating func range(_ path: String, _ value: Double, _ allowed: ClosedRange<Double>) {
        guard finite(path, value) else { return }
        if !allowed.contains(value) { issues.append(.outOfRange(path: path, value: value, allowed: allowed)) }
    }

    mutating func positive(_ path: String, _ value: Double) {
        guard finite(path, value) else { return }
        if value <= 0 {
            issues.append(
                .outOfRange(
                    path: path, value: value,
                    allowed: Double.leastNonzeroMagnitude...Double.greatestFiniteMagnitude))
        }
    }
}
