import Foundation

/// Unclipped conversion through CIE XYZ (D65) in both directions, for colour maths done in a
/// space other than sRGB (Tokens Studio's colour modifiers). Formulas and matrices from the
/// CSS Color 4 specification's sample code (§ 18); hue-less results are `nil` (CSS `none`).
extension ColorSpace {
    /// The colour's CIE XYZ (D65) coordinates, without clipping to any gamut (`nil`
    /// components, CSS `none`, count as 0).
    package func convertToXYZD65(_ components: [Double?]) -> [Double] {
        let c = (0..<3).map { $0 < components.count ? (components[$0] ?? 0) : 0 }
        switch self {
        case .srgb: return ColorSpace.multiply(ColorSpace.linearSRGBToXYZ, c.map(ColorSpace.srgbLinear))
        case .srgbLinear: return ColorSpace.multiply(ColorSpace.linearSRGBToXYZ, c)
        case .hsl:
            let rgb = ColorSpace.hslToSRGB(hue: c[0], saturation: c[1] / 100, lightness: c[2] / 100)
            return ColorSpace.srgb.convertToXYZD65(rgb)
        case .hwb:
            let rgb = ColorSpace.hwbToSRGB(hue: c[0], whiteness: c[1] / 100, blackness: c[2] / 100)
            return ColorSpace.srgb.convertToXYZD65(rgb)
        case .lab: return ColorSpace.d50ToD65(ColorSpace.labToXYZD50(c))
        case .lch: return ColorSpace.d50ToD65(ColorSpace.labToXYZD50(ColorSpace.polarToRect(c)))
        case .oklab: return ColorSpace.multiply(ColorSpace.linearSRGBToXYZ, ColorSpace.oklabToLinearSRGB(c))
        case .oklch:
            return ColorSpace.multiply(
                ColorSpace.linearSRGBToXYZ, ColorSpace.oklabToLinearSRGB(ColorSpace.polarToRect(c)))
        case .displayP3: return ColorSpace.multiply(ColorSpace.p3ToXYZ, c.map(ColorSpace.srgbLinear))
        case .a98RGB: return ColorSpace.multiply(ColorSpace.a98ToXYZ, c.map(ColorSpace.a98Linear))
        case .prophotoRGB:
            return ColorSpace.d50ToD65(
                ColorSpace.multiply(ColorSpace.prophotoToXYZ, c.map(ColorSpace.prophotoLinear)))
        case .rec2020: return ColorSpace.multiply(ColorSpace.rec2020ToXYZ, c.map(ColorSpace.rec2020Linear))
        case .xyzD65: return c
        case .xyzD50: return ColorSpace.d50ToD65(c)
        }
    }

    /// The components in this space of the colour at CIE XYZ (D65) `xyz`, unclipped; `nil`
    /// for the spaces this direction is not written for (HWB, OKLab, OKLCh, Adobe RGB,
    /// ProPhoto, Rec. 2020). A hue is `nil` (CSS `none`) where the colour has none: HSL with
    /// no saturation, LCh with `a` and `b` both under 0.02, as colorjs.io reads them.
    package func components(fromXYZD65 xyz: [Double]) -> [Double?]? {
        switch self {
        case .srgb: return ColorSpace.multiply(ColorSpace.xyzToLinearSRGB, xyz).map(ColorValue.gammaEncode)
        case .srgbLinear: return ColorSpace.multiply(ColorSpace.xyzToLinearSRGB, xyz)
        case .hsl:
            let rgb = ColorSpace.multiply(ColorSpace.xyzToLinearSRGB, xyz).map(ColorValue.gammaEncode)
            return ColorSpace.srgbToHSL(rgb)
        case .lab: return ColorSpace.xyzD50ToLab(ColorSpace.d65ToD50(xyz))
        case .lch:
            let lab = ColorSpace.xyzD50ToLab(ColorSpace.d65ToD50(xyz))
            let chroma = (lab[1] * lab[1] + lab[2] * lab[2]).squareRoot()
            guard abs(lab[1]) >= 0.02 || abs(lab[2]) >= 0.02 else { return [lab[0], chroma, nil] }
            return [lab[0], chroma, ColorSpace.normalizedHue(atan2(lab[2], lab[1]) * 180 / .pi)]
        case .displayP3: return ColorSpace.multiply(ColorSpace.xyzToLinearP3, xyz).map(ColorValue.gammaEncode)
        case .xyzD65: return xyz
        case .xyzD50: return ColorSpace.d65ToD50(xyz)
        case .hwb, .oklab, .oklch, .a98RGB, .prophotoRGB, .rec2020: return nil
        }
    }

    /// A hue in degrees brought into `0..<360`; a whole turn (`-360`, whose remainder is
    /// `-0.0`) is `+0`.
    package static func normalizedHue(_ degrees: Double) -> Double {
        let hue = degrees.truncatingRemainder(dividingBy: 360)
        let positive = hue < 0 ? hue + 360 : hue
        return positive >= 360 || positive == 0 ? 0 : positive
    }

    /// The sRGB transfer function's inverse, sign-preserving (out-of-gamut components are
    /// negative or above 1).
    static func srgbLinear(_ value: Double) -> Double {
        let magnitude = abs(value)
        let linear = magnitude <= 0.04045 ? magnitude / 12.92 : pow((magnitude + 0.055) / 1.055, 2.4)
        return value < 0 ? -linear : linear
    }

    /// Gamma-encoded sRGB to HSL (hue `nil` when there is no saturation: the channels equal,
    /// or equal but for rounding), CSS Color 4's `rgbToHsl`.
    package static func srgbToHSL(_ rgb: [Double]) -> [Double?] {
        guard rgb.count == 3 else { return [nil, 0, 0] }
        let (red, green, blue) = (rgb[0], rgb[1], rgb[2])
        let maximum = max(red, green, blue)
        let minimum = min(red, green, blue)
        let lightness = (minimum + maximum) / 2
        let delta = maximum - minimum
        guard delta > 1e-12 else { return [nil, 0, lightness * 100] }
        var saturation =
            lightness == 0 || lightness == 1 ? 0 : (maximum - lightness) / min(lightness, 1 - lightness)
        var hue: Double
        switch maximum {
        case red: hue = (green - blue) / delta + (green < blue ? 6 : 0)
        case green: hue = (blue - red) / delta + 2
        default: hue = (red - green) / delta + 4
        }
        hue *= 60
        if saturation < 0 {
            hue += 180
            saturation = abs(saturation)
        }
        return [normalizedHue(hue), saturation * 100, lightness * 100]
    }

    static func d65ToD50(_ xyz: [Double]) -> [Double] { multiply(bradfordD65ToD50, xyz) }

    static func xyzD50ToLab(_ xyz: [Double]) -> [Double] {
        let kappa = 24389.0 / 27.0
        let epsilon = 216.0 / 24389.0
        let f = (0..<3).map { index -> Double in
            let value = xyz[index] / d50White[index]
            return value > epsilon ? cbrt(value) : (kappa * value + 16) / 116
        }
        return [116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])]
    }

    static let linearSRGBToXYZ: [[Double]] = [
        [506_752.0 / 1_228_815, 87881.0 / 245_763, 12673.0 / 70218],
        [87098.0 / 409_605, 175_762.0 / 245_763, 12673.0 / 175_545],
        [7918.0 / 409_605, 87881.0 / 737_289, 1_001_167.0 / 1_053_270],
    ]

    static let xyzToLinearP3: [[Double]] = [
        [446_124.0 / 178_915, -333_277.0 / 357_830, -72051.0 / 178_915],
        [-14852.0 / 17905, 63121.0 / 35810, 423.0 / 17905],
        [11844.0 / 330_415, -50337.0 / 660_830, 316_169.0 / 330_415],
    ]

    static let bradfordD65ToD50: [[Double]] = [
        [1.047_929_792_544_996_9, 0.022_946_870_601_609_652, -0.050_192_266_289_205_24],
        [0.029_627_808_770_055_99, 0.990_434_426_753_879_9, -0.017_073_799_063_418_826],
        [-0.009_243_040_646_204_504, 0.015_055_191_490_298_152, 0.751_874_281_428_137_1],
    ]
}
