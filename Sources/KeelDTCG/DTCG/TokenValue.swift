import KeelDesign
import KeelSupport

/// A colour value of a DTCG file, kept in its own space, with its sRGB conversion.
package struct DTCGColor: Hashable, Sendable {
    /// The colour space.
    package var colorSpace: ColorSpace
    /// The components; `nil` is `"none"`.
    package var components: [Double?]
    /// The alpha, `0...1`.
    package var alpha: Double
    /// The 6-digit sRGB fallback, if given.
    package var hex: String?
    /// Whether ``srgb`` gamut maps (CSS Color 4, keeping OKLCh lightness and hue) rather than
    /// clips: so for the result of a Tokens Studio colour modifier, as Tokens Studio's
    /// colorjs.io `toString({inGamut: true})` maps it.
    package var gamutMapped = false

    /// A colour value.
    package init(colorSpace: ColorSpace, components: [Double?], alpha: Double = 1, hex: String? = nil) {
        self.colorSpace = colorSpace
        self.components = components
        self.alpha = alpha
        self.hex = hex
    }

    /// An sRGB colour value from a `ColorValue`.
    package init(_ color: ColorValue) {
        self.init(colorSpace: .srgb, components: [color.red, color.green, color.blue], alpha: color.alpha)
    }

    /// The colour converted to sRGB: clipped to the gamut, or gamut mapped when
    /// ``gamutMapped``.
    package var srgb: ColorValue {
        gamutMapped
            ? colorSpace.convertToSRGBGamutMapped(components, alpha: alpha)
            : colorSpace.convertToSRGB(components, alpha: alpha)
    }
}

/// The unit of a dimension.
package enum DimensionUnit: String, Hashable, Sendable {
    /// CSS pixels: iOS points, 1:1.
    case px
    /// Multiples of the root font size.
    case rem
}

/// A length.
package struct DTCGDimension: Hashable, Sendable {
    /// The number.
    package var value: Double
    /// The unit.
    package var unit: DimensionUnit
    /// A dimension.
    package init(value: Double, unit: DimensionUnit = .px) {
        self.value = value
        self.unit = unit
    }
    /// The length in points: px 1:1, rem × `remBase` (16 by default).
    package func points(remBase: Double = 16) -> Double { unit == .px ? value : value * remBase }
}

/// The unit of a duration.
package enum DurationUnit: String, Hashable, Sendable {
    /// Milliseconds.
    case ms
    /// Seconds.
    case s
}

/// A duration.
package struct DTCGDuration: Hashable, Sendable {
    /// The number.
    package var value: Double
    /// The unit.
    package var unit: DurationUnit
    /// A duration.
    package init(value: Double, unit: DurationUnit) {
        self.value = value
        self.unit = unit
    }
    /// The duration in seconds.
    package var seconds: Double { unit == .s ? value : value / 1000 }
}

/// A stroke style.
package enum StrokeStyleValue: Hashable, Sendable {
    /// One of `solid dashed dotted double groove ridge outset inset`.
    case keyword(String)
    /// A custom dash pattern.
    case dashes(dashArray: [DTCGDimension], lineCap: String)

    /// The allowed keywords.
    package static let keywords: Set<String> = [
        "solid", "dashed", "dotted", "double", "groove", "ridge", "outset", "inset",
    ]
}

/// A border.
package struct BorderValue: Hashable, Sendable {
    /// The colour.
    package var color: DTCGColor
    /// The width.
    package var width: DTCGDimension
    /// The style.
    package var style: StrokeStyleValue
}

/// A transition.
package struct TransitionValue: Hashable, Sendable {
    /// The duration.
    package var duration: DTCGDuration
    /// The delay.
    package var delay: DTCGDuration
    /// The timing function `[x1, y1, x2, y2]`.
    package var timingFunction: [Double]
}

/// One shadow layer.
package struct ShadowLayer: Hashable, Sendable {
    /// The colour.
    package var color: DTCGColor
    /// Horizontal offset.
    package var offsetX: DTCGDimension
    /// Vertical offset.
    package var offsetY: DTCGDimension
    /// Blur.
    package var blur: DTCGDimension
    /// Spread.
    package var spread: DTCGDimension
    /// Whether the shadow is inside the shape.
    package var inset: Bool
}

/// Typography.
package struct TypographyValue: Hashable, Sendable {
    /// Families in order of preference.
    package var fontFamily: [String]
    /// The size.
    package var fontSize: DTCGDimension
    /// The weight.
    package var fontWeight: FontWeight
    /// The letter spacing.
    package var letterSpacing: DTCGDimension
    /// The line height as a multiple of the size.
    package var lineHeight: Double
}

/// A resolved, type-checked token value.
package indirect enum TokenValue: Hashable, Sendable {
    /// A colour.
    case color(DTCGColor)
    /// A dimension.
    case dimension(DTCGDimension)
    /// Font families.
    case fontFamily([String])
    /// A font weight.
    case fontWeight(FontWeight)
    /// A duration.
    case duration(DTCGDuration)
    /// A cubic Bézier.
    case cubicBezier([Double])
    /// A number.
    case number(Double)
    /// A stroke style.
    case strokeStyle(StrokeStyleValue)
    /// A border.
    case border(BorderValue)
    /// A transition.
    case transition(TransitionValue)
    /// One or more shadows.
    case shadow([ShadowLayer])
    /// A gradient.
    case gradient([GradientStop<DTCGColor>])
    /// Typography.
    case typography(TypographyValue)

    /// The value's type.
    package var type: TokenType {
        switch self {
        case .color: .color
        case .dimension: .dimension
        case .fontFamily: .fontFamily
        case .fontWeight: .fontWeight
        case .duration: .duration
        case .cubicBezier: .cubicBezier
        case .number: .number
        case .strokeStyle: .strokeStyle
        case .border: .border
        case .transition: .transition
        case .shadow: .shadow
        case .gradient: .gradient
        case .typography: .typography
        }
    }

    /// The value in canonical DTCG 2025.10 JSON (what JSON Pointers into `$value` see).
    package var json: JSONValue {
        switch self {
        case .color(let color): color.json
        case .dimension(let dimension): dimension.json
        case .fontFamily(let families):
            families.count == 1 ? .string(families[0]) : .array(families.map(JSONValue.string))
        case .fontWeight(let weight): .number(weight.rawValue)
        case .duration(let duration): duration.json
        case .cubicBezier(let points): .array(points.map(JSONValue.number))
        case .number(let number): .number(number)
        case .strokeStyle(let style): style.json
        case .border(let border):
            .object(
                JSONObject([
                    ("color", border.color.json), ("width", border.width.json), ("style", border.style.json),
                ]))
        case .transition(let transition):
            .object(
                JSONObject([
                    ("duration", transition.duration.json), ("delay", transition.delay.json),
                    ("timingFunction", .array(transition.timingFunction.map(JSONValue.number))),
                ]))
        case .shadow(let layers):
            layers.count == 1 ? layers[0].json : .array(layers.map(\.json))
        case .gradient(let stops):
            .array(
                stops.map {
                    .object(JSONObject([("color", $0.color.json), ("position", .number($0.location))]))
                })
        case .typography(let typography):
            .object(
                JSONObject([
                    ("fontFamily", TokenValue.fontFamily(typography.fontFamily).json),
                    ("fontSize", typography.fontSize.json),
                    ("fontWeight", .number(typography.fontWeight.rawValue)),
                    ("letterSpacing", typography.letterSpacing.json),
                    ("lineHeight", .number(typography.lineHeight)),
                ]))
        }
    }
}

extension DTCGColor {
    /// Canonical JSON.
    package var json: JSONValue {
        var object = JSONObject([
            ("colorSpace", .string(colorSpace.rawValue)),
            ("components", .array(components.map { $0.map(JSONValue.number) ?? .string("none") })),
        ])
        if alpha != 1 { object["alpha"] = .number(alpha) }
        if let hex { object["hex"] = .string(hex) }
        return .object(object)
    }
}

extension DTCGDimension {
    /// Canonical JSON.
    package var json: JSONValue {
        .object(JSONObject([("value", .number(value)), ("unit", .string(unit.rawValue))]))
    }
}

extension DTCGDuration {
    /// Canonical JSON.
    package var json: JSONValue {
        .object(JSONObject([("value", .number(value)), ("unit", .string(unit.rawValue))]))
    }
}

extension StrokeStyleValue {
    /// Canonical JSON.
    package var json: JSONValue {
        switch self {
        case .keyword(let keyword): .string(keyword)
        case .dashes(let dashes, let cap):
            .object(JSONObject([("dashArray", .array(dashes.map(\.json))), ("lineCap", .string(cap))]))
        }
    }
}

extension ShadowLayer {
    /// Canonical JSON.
    package var json: JSONValue {
        var object = JSONObject([
            ("color", color.json), ("offsetX", offsetX.json), ("offsetY", offsetY.json), ("blur", blur.json),
            ("spread", spread.json),
        ])
        if inset { object["inset"] = .bool(true) }
        return .object(object)
    }
}
