import KeelDesign

/// What a case is drawn with: the theme resolved for the traits, and the text measurer.
package struct GalleryContext: Sendable {
    /// The theme.
    package let theme: KeelTheme
    /// The traits.
    package let traits: GalleryTraits
    /// The theme resolved for the traits.
    package let resolver: KeelThemeResolver
    /// The text measurer (real font metrics).
    package let measurer: FontMetricsMeasurer

    /// A context.
    package init(theme: KeelTheme, traits: GalleryTraits, measurer: FontMetricsMeasurer) {
        self.theme = theme
        self.traits = traits
        self.resolver = KeelThemeResolver(theme: theme, traits: traits.themeTraits)
        self.measurer = measurer
    }

    /// The layout direction.
    package var direction: TextDirection { traits.direction }

    /// A fresh canvas of the given size on the theme's primary background.
    package func canvas(width: Double, height: Double) -> GalleryCanvas {
        GalleryCanvas(
            width: width, height: height, background: resolver.color(.backgroundPrimary), measurer: measurer)
    }
}

/// One entry of the catalogue: a component drawn in one configuration, theme and trait
/// combination, written to one SVG file.
package struct GalleryCase: Sendable {
    /// The component (or design aspect) the case belongs to: `colors`, `button`.
    package var component: String
    /// The configuration within the component: `primary-large-normal`.
    package var name: String
    /// A label for people: `Primary · Large · Normal`.
    package var label: String
    /// The theme.
    package var theme: KeelTheme
    /// The traits.
    package var traits: GalleryTraits
    /// Draws the case.
    package var draw: @Sendable (GalleryContext) -> GalleryCanvas

    /// A case.
    package init(
        component: String, name: String, label: String, theme: KeelTheme, traits: GalleryTraits,
        draw: @escaping @Sendable (GalleryContext) -> GalleryCanvas
    ) {
        self.component = component
        self.name = name
        self.label = label
        self.theme = theme
        self.traits = traits
        self.draw = draw
    }

    /// The unique, file-name-safe identifier: `component--name--theme--traits`.
    package var id: String {
        [component, name, Self.slug(theme.identifier.rawValue), traits.slug].map(Self.slug).joined(
            separator: "--")
    }

    /// Lower-case letters, digits and single dashes; a `keel.` prefix is dropped.
    package static func slug(_ text: String) -> String {
        var source = text.lowercased()
        if source.hasPrefix("keel.") { source.removeFirst(5) }
        var result = ""
        for scalar in source.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else if !result.isEmpty, !result.hasSuffix("-") {
                result += "-"
            }
        }
        while result.hasSuffix("-") { result.removeLast() }
        return result.isEmpty ? "case" : result
    }

    /// Draws the case with `measurer`.
    package func render(measurer: FontMetricsMeasurer) -> RenderedCase {
        let context = GalleryContext(theme: theme, traits: traits, measurer: measurer)
        let canvas = draw(context)
        let overflows = canvas.texts.filter { !$0.fits }.map { text in
            "text '\(text.layout.lines.map(\.text).joined(separator: " "))' needs "
                + "\(SVGFormat.number(text.layout.width))×\(SVGFormat.number(text.layout.height)) in "
                + "\(SVGFormat.number(text.frame.width))×\(SVGFormat.number(text.frame.height))"
        }
        var document = canvas.document
        document.title = "\(component): \(label) (\(theme.displayName), \(traits.label))"
        return RenderedCase(id: id, document: document, svg: document.svg, overflows: overflows)
    }
}

/// A case drawn: its document, the SVG text and any text that did not fit its frame.
package struct RenderedCase: Sendable {
    /// The case identifier.
    package var id: String
    /// The document.
    package var document: SVGDocument
    /// The serialised SVG.
    package var svg: String
    /// Descriptions of text that overflowed its frame (empty when everything fits).
    package var overflows: [String]
}
