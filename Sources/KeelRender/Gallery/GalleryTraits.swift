import KeelDesign

/// One combination of environment traits a gallery case is drawn under.
package struct GalleryTraits: Hashable, Sendable {
    /// Light or dark.
    package var colorScheme: InterfaceStyle
    /// Standard or increased contrast.
    package var contrast: ContrastLevel
    /// Left-to-right or right-to-left.
    package var direction: TextDirection
    /// The Dynamic Type size.
    package var contentSize: TextSizeCategory

    /// A trait combination; by default light, standard contrast, left-to-right, Large.
    package init(
        colorScheme: InterfaceStyle = .light, contrast: ContrastLevel = .normal,
        direction: TextDirection = .leftToRight, contentSize: TextSizeCategory = .large
    ) {
        self.colorScheme = colorScheme
        self.contrast = contrast
        self.direction = direction
        self.contentSize = contentSize
    }

    /// The theme traits these stand for (display scale 2).
    package var themeTraits: ThemeTraits {
        ThemeTraits(
            colorScheme: colorScheme, contrast: contrast, contentSizeCategory: contentSize,
            layoutDirection: direction)
    }

    /// A file-name-safe name: `light`, `dark-hc`, `light-rtl`, `light-xxxl`, `light-ax3`.
    package var slug: String {
        var parts = [colorScheme.rawValue]
        if contrast == .high { parts.append("hc") }
        if direction == .rightToLeft { parts.append("rtl") }
        if contentSize != .large { parts.append(Self.shortName(contentSize)) }
        return parts.joined(separator: "-")
    }

    /// A label for people: `Dark · High contrast · RTL · xxxLarge`.
    package var label: String {
        var parts = [colorScheme == .light ? "Light" : "Dark"]
        if contrast == .high { parts.append("High contrast") }
        if direction == .rightToLeft { parts.append("RTL") }
        if contentSize != .large { parts.append(contentSize.dynamicTypeSizeName) }
        return parts.joined(separator: " · ")
    }

    static func shortName(_ category: TextSizeCategory) -> String {
        switch category {
        case .extraSmall: "xs"
        case .small: "s"
        case .medium: "m"
        case .large: "l"
        case .extraLarge: "xl"
        case .extraExtraLarge: "xxl"
        case .extraExtraExtraLarge: "xxxl"
        case .accessibilityMedium: "ax1"
        case .accessibilityLarge: "ax2"
        case .accessibilityExtraLarge: "ax3"
        case .accessibilityExtraExtraLarge: "ax4"
        case .accessibilityExtraExtraExtraLarge: "ax5"
        }
    }

    /// Light, standard contrast, left-to-right, Large.
    package static let light = GalleryTraits()
    /// Dark.
    package static let dark = GalleryTraits(colorScheme: .dark)
    /// Light with increased contrast.
    package static let lightHighContrast = GalleryTraits(contrast: .high)
    /// Dark with increased contrast.
    package static let darkHighContrast = GalleryTraits(colorScheme: .dark, contrast: .high)
    /// Light, right-to-left.
    package static let rightToLeft = GalleryTraits(direction: .rightToLeft)
    /// Light at extra-extra-extra-large text.
    package static let extraExtraExtraLarge = GalleryTraits(contentSize: .extraExtraExtraLarge)
    /// Light at the accessibility size the gallery shows (AX3).
    package static let accessibility = GalleryTraits(contentSize: .accessibilityExtraLarge)

    /// The appearance variants: light, dark and both with increased contrast.
    package static let appearances: [GalleryTraits] = [.light, .dark, .lightHighContrast, .darkHighContrast]
    /// The Dynamic Type sizes shown: Large, xxxLarge and AX3.
    package static let textSizes: [GalleryTraits] = [.light, .extraExtraExtraLarge, .accessibility]
    /// The standard matrix for a component: every appearance, right-to-left and the two
    /// larger text sizes (7 combinations).
    package static let standard: [GalleryTraits] =
        appearances + [.rightToLeft, .extraExtraExtraLarge, .accessibility]
}
