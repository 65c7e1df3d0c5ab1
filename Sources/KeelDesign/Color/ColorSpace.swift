import Foundation

/// The colour spaces of the DTCG 2025.10 colour module, with conversion to sRGB.
package enum ColorSpace: String, CaseIterable, Hashable, Sendable {
    /// Gamma-encoded sRGB, components `0...1`.
    case srgb
    /// Linear-light sRGB, components `0...1`.
    case srgbLinear = "srgb-linear"
    /// Hue `0..<360`, saturation and lightness `0...100`.
    case hsl
    /// Hue `0..<360`, whiteness and blackness `0...100`.
    case hwb
    /// CIE Lab (D50): L `0...100`, a and b unbounded.
    case lab
    /// CIE LCh (D50): L `0...100`, C ≥ 0, hue `0..<360`.
    case lch
    /// OKLab: L `0...1`, a and b about ±0.5.
    case oklab
    /// OKLCh: L `0...1`, C ≥ 0, hue `0..<360`.
    case oklch
    /// Display P3, components `0...1`.
    case displayP3 = "display-p3"
    /// Adobe RGB (1998), components `0...1`.
    case a98RGB = "a98-rgb"
    /// ProPhoto RGB (D50), components `0...1`.
    case prophotoRGB = "prophoto-rgb"
    /// ITU-R BT.2020, components `0...1`.
    case rec2020
    /// CIE XYZ with a D65 white point.
    case xyzD65 = "xyz-d65"
    /// CIE XYZ with a D50 white point.
    case xyzD50 = "xyz-d50"

    /// The closed range each component must lie in (`nil` for unbounded components; hues
    /// are `0...360`, the upper end excluded by ``isValidComponent(_:at:)``).
    package func componentRange(at index: Int) -> ClosedRange<Double>? {
        switch self {
        case .srgb, .srgbLinear, .displayP3, .a98RGB, .prophotoRGB, .rec2020:
            return 0...1
        case .hsl, .hwb:
            return index == 0 ? 0...360 : 0...100
        case .lab:
            return index == 0 ? 0...100 : nil
        case .lch:
            return index == 0 ? 0...100 : index == 1 ? 0...Double.greatestFiniteMagnitude : 0...360
        case .oklab:
            return index == 0 ? 0...1 : nil
        case .oklch:
            return index == 0 ? 0...1 : index == 1 ? 0...Double.greatestFiniteMagnitude : 0...360
        case .xyzD65, .xyzD50:
            return nil
        }
    }

    /// Whether `value` is allowed as component `index` (hues exclude 360).
    package func isValidComponent(_ value: Double, at index: Int) -> Bool {
        guard value.isFinite else { return false }
        guard let range = componentRange(at: index) else { return true }
        if isHue(index) { return value >= 0 && value < 360 }
        return range.contains(value)
    }

    private func isHue(_ index: Int) -> Bool {
        switch self {
        case .hsl, .hwb: index == 0
        case .lch, .oklch: index == 2
        default: false
        }
    }

    /// Converts components (`nil` is CSS `none`, treated as 0) to an sRGB ``ColorValue``,
    /// clipping out-of-gamut results.
    package func convertToSRGB(_ components: [Double?], alpha: Double = 1) -> ColorValue {
        let rgb = unclippedSRGB(components)
        return ColorValue(red: rgb[0], green: rgb[1], blue: rgb[2], alpha: alpha)
    }

    /// The gamma-encoded sRGB components of a colour before clipping to the gamut: not finite
    /// when the conversion overflows (`xyz-d65 [1e308, 0, 0]`), which clipping would hide.
    package func unclippedSRGB(_ components: [Double?]) -> [Double] {
        let c = (0..<3).map { $0 < components.count ? (components[$0] ?? 0) : 0 }
        let rgb: [Double]
        switch self {
        case .srgb:
            rgb = c
        case .srgbLinear:
            rgb = c.map(ColorValue.gammaEncode)
        case .hsl:
            rgb = ColorSpace.hslToSRGB(hue: c[0], saturation: c[1] / 100, lightness: c[2] / 100)
        case .hwb:
            rgb = ColorSpace.hwbToSRGB(hue: c[0], whiteness: c[1] / 100, blackness: c[2] / 100)
        case .lab:
            rgb = ColorSpace.xyzD65ToSRGB(ColorSpace.d50ToD65(ColorSpace.labToXYZD50(c)))
        case .lch:
            rgb = ColorSpace.xyzD65ToSRGB(
                ColorSpace.d50ToD65(ColorSpace.labToXYZD50(ColorSpace.polarToRect(c))))
        case .oklab:
            rgb = ColorSpace.oklabToLinearSRGB(c).map(ColorValue.gammaEncode)
        case .oklch:
            rgb = ColorSpace.oklabToLinearSRGB(ColorSpace.polarToRect(c)).map(ColorValue.gammaEncode)
        case .displayP3:
            rgb = ColorSpace.xyzD65ToSRGB(
                ColorSpace.multiply(ColorSpace.p3ToXYZ, c.map(ColorValue.linearize)))
        case .a98RGB:
            rgb = ColorSpace.xyzD65ToSRGB(
                ColorSpace.multiply(ColorSpace.a98ToXYZ, c.map(ColorSpace.a98Linear)))
        case .prophotoRGB:
            rgb = ColorSpace.xyzD65ToSRGB(
                ColorSpace.d50ToD65(
                    ColorSpace.multiply(ColorSpace.prophotoToXYZ, c.map(ColorSpace.prophotoLinear))))
        case .rec2020:
            rgb = ColorSpace.xyzD65ToSRGB(
                ColorSpace.multiply(ColorSpace.rec2020ToXYZ, c.map(ColorSpace.rec2020Linear)))
        case .xyzD65:
            rgb = ColorSpace.xyzD65ToSRGB(c)
        case .xyzD50:
            rgb = ColorSpace.xyzD65ToSRGB(ColorSpace.d50ToD65(c))
        }
        return rgb
    }

    // MARK: - Conversion maths (CSS ColorValue 4 sample code)

    /// Adobe RGB (1998)'s transfer function's inverse (sign-preserving).
    static func a98Linear(_ value: Double) -> Double { copysign(pow(abs(value), 563.0 / 256.0), value) }

    /// ProPhoto RGB's transfer function's inverse (sign-preserving).
    static func prophotoLinear(_ value: Double) -> Double {
        abs(value) <= 16.0 / 512.0 ? value / 16 : copysign(pow(abs(value), 1.8), value)
    }

    /// ITU-R BT.2020's transfer function's inverse (sign-preserving).
    static func rec2020Linear(_ value: Double) -> Double {
        let alphaConstant = 1.09929682680944
        let beta = 0.018053968510807
        let magnitude = abs(value)
        let result =
            magnitude < beta * 4.5
            ? magnitude / 4.5 : pow((magnitude + alphaConstant - 1) / alphaConstant, 1 / 0.45)
        return copysign(result, value)
    }

    static func multiply(_ m: [[Double]], _ v: [Double]) -> [Double] {
        m.map { row in row[0] * v[0] + row[1] * v[1] + row[2] * v[2] }
    }

    static func xyzD65ToSRGB(_ xyz: [Double]) -> [Double] {
        multiply(xyzToLinearSRGB, xyz).map(ColorValue.gammaEncode)
    }

    static func d50ToD65(_ xyz: [Double]) -> [Double] { multiply(bradfordD50ToD65, xyz) }

    static func polarToRect(_ lch: [Double]) -> [Double] {
        let radians = lch[2] * .pi / 180
        return [lch[0], lch[1] * cos(radians), lch[1] * sin(radians)]
    }

    static func labToXYZD50(_ lab: [Double]) -> [Double] {
        let kappa = 24389.0 / 27.0
        let epsilon = 216.0 / 24389.0
        let f1 = (lab[0] + 16) / 116
        let f0 = lab[1] / 500 + f1
        let f2 = f1 - lab[2] / 200
        let x = pow(f0, 3) > epsilon ? pow(f0, 3) : (116 * f0 - 16) / kappa
        let y = lab[0] > kappa * epsilon ? pow(f1, 3) : lab[0] / kappa
        let z = pow(f2, 3) > epsilon ? pow(f2, 3) : (116 * f2 - 16) / kappa
        return [x * d50White[0], y * d50White[1], z * d50White[2]]
    }

    static func oklabToLinearSRGB(_ lab: [Double]) -> [Double] {
        let l = pow(lab[0] + 0.396_337_777_4 * lab[1] + 0.215_803_757_3 * lab[2], 3)
        let m = pow(lab[0] - 0.105_561_345_8 * lab[1] - 0.063_854_172_8 * lab[2], 3)
        let s = pow(lab[0] - 0.089_484_177_5 * lab[1] - 1.291_485_548_0 * lab[2], 3)
        return [
            4.076_741_662_1 * l - 3.307_711_591_3 * m + 0.230_969_929_2 * s,
            -1.268_438_004_6 * l + 2.609_757_401_1 * m - 0.341_319_396_5 * s,
            -0.004_196_086_3 * l - 0.703_418_614_7 * m + 1.707_614_701_0 * s,
        ]
    }

    static func hslToSRGB(hue: Double, saturation: Double, lightness: Double) -> [Double] {
        let h = hue.truncatingRemainder(dividingBy: 360) + (hue < 0 ? 360 : 0)
        func channel(_ n: Double) -> Double {
            let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
            let a = saturation * min(lightness, 1 - lightness)
            return lightness - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return [channel(0), channel(8), channel(4)]
    }

    static func hwbToSRGB(hue: Double, whiteness: Double, blackness: Double) -> [Double] {
        if whiteness + blackness >= 1 {
            let gray = whiteness / (whiteness + blackness)
            return [gray, gray, gray]
        }
        return hslToSRGB(hue: hue, saturation: 1, lightness: 0.5).map {
            $0 * (1 - whiteness - blackness) + whiteness
        }
    }

    static let d50White: [Double] = [0.3457 / 0.3585, 1, (1 - 0.3457 - 0.3585) / 0.3585]

    static let xyzToLinearSRGB: [[Double]] = [
        [3.240_969_941_904_522_6, -1.537_383_177_570_094, -0.498_610_760_293_003_4],
        [-0.969_243_636_280_879_6, 1.875_967_501_507_720_2, 0.041_555_057_407_175_59],
        [0.055_630_079_696_993_66, -0.203_976_958_888_976_52, 1.056_971_514_242_878_6],
    ]

    static let bradfordD50ToD65: [[Double]] = [
        [0.955_473_421_488_075, -0.023_098_454_948_764_71, 0.063_259_243_200_570_72],
        [-0.028_369_709_333_863_7, 1.009_995_398_081_304_1, 0.021_041_441_191_917_323],
        [0.012_314_014_864_481_998, -0.020_507_649_298_898_964, 1.330_365_926_242_124],
    ]

    static let p3ToXYZ: [[Double]] = [
        [0.486_570_948_648_216_2, 0.265_667_693_169_093_06, 0.198_217_285_234_362_5],
        [0.228_974_564_069_748_8, 0.691_738_521_836_506_4, 0.079_286_914_093_745],
        [0, 0.045_113_381_858_902_64, 1.043_944_368_900_976],
    ]

    static let a98ToXYZ: [[Double]] = [
        [0.576_669_042_910_130_5, 0.185_558_237_906_546_3, 0.188_228_646_234_994_7],
        [0.297_344_975_250_536_05, 0.627_363_566_255_466_1, 0.075_291_458_493_997_88],
        [0.027_031_361_386_412_34, 0.070_688_852_535_827_23, 0.991_337_536_837_638_8],
    ]

    static let prophotoToXYZ: [[Double]] = [
        [0.797_766_644_900_642_3, 0.135_181_297_400_533_08, 0.031_347_734_128_392_2],
        [0.288_074_828_819_401_3, 0.711_835_234_241_873, 0.000_089_936_938_725_64],
        [0, 0, 0.825_104_602_510_460_2],
    ]

    static let rec2020ToXYZ: [[Double]] = [
        [0.636_958_048_301_291_4, 0.144_616_903_586_208_32, 0.168_880_975_164_172_1],
        [0.262_700_212_011_267_1, 0.677_998_071_518_870_8, 0.059_301_716_469_861_96],
        [0, 0.028_072_693_049_087_428, 1.060_985_057_710_791],
    ]
}
