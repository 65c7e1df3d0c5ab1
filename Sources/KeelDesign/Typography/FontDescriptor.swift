/// A platform-neutral resolved font: what a UIKit or SVG front end needs to draw text.
public struct FontDescriptor: Hashable, Sendable {
    /// One concrete face to try.
    package struct Face: Hashable, Sendable {
        /// The family name.
        package var family: String
        /// The PostScript name, or `nil` for the family by name at ``FontDescriptor/weight``
        /// (a family without faces), or the system font (the last face).
        package var postScriptName: String?
    }

    /// Faces in order of preference; the last is always the system font.
    package var faces: [Face]
    /// The resolved point size (after Dynamic Type).
    package var size: Double
    /// The resolved weight (after Bold Text).
    package var weight: FontWeight
    /// The resolved line height in points, if the style sets one.
    package var lineHeight: Double?
    /// Tracking (letter spacing) in points.
    package var tracking: Double
    /// The text style the size follows.
    package var textStyle: TextStyle
    /// Whether the size follows Dynamic Type.
    package var scalesWithDynamicType: Bool

    /// Resolves `style` for a text size and the Bold Text setting.
    package init(style: FontStyle, category: TextSizeCategory, boldText: Bool) {
        let weight = boldText ? style.weight.boldTextVariant : style.weight
        var faces: [Face] = []
        // A family with no PostScript faces at all (every family a token file names: DTCG has
        // no faces) is a candidate by family name, which the front ends look up at the weight;
        // it used to be skipped, so an imported "Inter" drew the system font. A family that
        // lists its faces but none for this weight is skipped, as before (its inventory says
        // the weight is not there). Families after the system font are never reached (it is
        // always installed), as in a CSS stack `Inter, -apple-system, 'Segoe UI'`.
        for family in style.families {
            if family.isSystem { break }
            if let name = family.faces[weight] {
                faces.append(Face(family: family.name, postScriptName: name))
            } else if family.faces.isEmpty {
                faces.append(Face(family: family.name, postScriptName: nil))
            }
        }
        faces.append(Face(family: FontFamily.system.name, postScriptName: nil))
        self.faces = faces
        self.size = style.scaledSize(at: category)
        self.weight = weight
        self.lineHeight = style.scaledLineHeight(at: category)
        self.tracking = style.letterSpacing
        self.textStyle = style.textStyle
        if case .fixed = style.scaling {
            self.scalesWithDynamicType = false
        } else {
            self.scalesWithDynamicType = true
        }
    }

    /// The family names in order of preference (the fallback list).
    package var familyFallbackList: [String] { faces.map(\.family) }
}
