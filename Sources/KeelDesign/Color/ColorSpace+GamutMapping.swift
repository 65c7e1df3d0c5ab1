import Foundation

/// CSS Color 4's gamut mapping to sRGB (§ 13.2, "binary search gamut mapping with local
/// MINDE"): the chroma of the colour in OKLCh is reduced, its lightness and hue kept, until
/// clipping the result moves it by less than a just noticeable difference (ΔEOK 0.02). Clipping
/// each channel instead can change the lightness visibly (a saturated pink from an LCh mix
/// loses about 8.6 of its LCh lightness).
extension ColorSpace {
    /// Converts components (`nil` is CSS `none`, treated as 0) to an sRGB ``ColorValue``,
    /// gamut mapped as CSS Color 4 maps (in OKLCh, keeping lightness and hue) rather than
    /// clipped per channel. A non-finite colour is returned clipped as ``convertToSRGB(_:alpha:)``
    /// returns it.
    package func convertToSRGBGamutMapped(_ components: [Double?], alpha: Double = 1) -> ColorValue {
        let linear = ColorSpace.multiply(ColorSpace.xyzToLinearSRGB, convertToXYZD65(components))
        guard linear.allSatisfy(\.isFinite) else { return convertToSRGB(components, alpha: alpha) }
        let rgb = ColorSpace.gamutMappedSRGB(linear: linear)
        return ColorValue(red: rgb[0], green: rgb[1], blue: rgb[2], alpha: alpha)
    }

    /// The gamma-encoded sRGB components, in gamut, of the colour at linear sRGB `linear`
    /// (finite): the spec's algorithm, its binary search bounded to 64 halvings (the spec's
    /// ε 0.0001 ends it in about 12 for any chroma sRGB reaches).
    static func gamutMappedSRGB(linear: [Double]) -> [Double] {
        func encoded(_ linear: [Double]) -> [Double] { linear.map(ColorValue.gammaEncode) }
        func inGamut(_ linear: [Double]) -> Bool { encoded(linear).allSatisfy { (0...1).contains($0) } }
        func clip(_ linear: [Double]) -> [Double] { encoded(linear).map { min(1, max(0, $0)) } }
        func deltaEOK(_ first: [Double], _ second: [Double]) -> Double {
            zip(first, second).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
        }
        if inGamut(linear) { return encoded(linear) }
        let origin = linearSRGBToOKLab(linear)
        // Steps 3 and 4: at or beyond white or black, white or black.
        if origin[0] >= 1 { return [1, 1, 1] }
        if origin[0] <= 0 { return [0, 0, 0] }
        let justNoticeable = 0.02
        let epsilon = 0.0001
        let lightness = origin[0]
        let chroma = (origin[1] * origin[1] + origin[2] * origin[2]).squareRoot()
        let hue = atan2(origin[2], origin[1])
        /// The colour at `chroma` in OKLab, and its clipped sRGB and that clip's OKLab.
        func at(_ chroma: Double) -> (oklab: [Double], linear: [Double]) {
            let oklab = [lightness, chroma * cos(hue), chroma * sin(hue)]
            return (oklab, oklabToLinearSRGB(oklab))
        }
        func clipDistance(_ oklab: [Double], _ clipped: [Double]) -> Double {
            deltaEOK(linearSRGBToOKLab(clipped.map(ColorValue.linearize)), oklab)
        }
        var clipped = clip(linear)
        if clipDistance(origin, clipped) < justNoticeable { return clipped }
        var low = 0.0
        var high = chroma
        var lowInGamut = true
        var iterations = 0
        while high - low > epsilon, iterations < 64 {
            iterations += 1
            let middle = (low + high) / 2
            let current = at(middle)
            if lowInGamut, inGamut(current.linear) {
                low = middle
                continue
            }
            clipped = clip(current.linear)
            let distance = clipDistance(current.oklab, clipped)
            if distance < justNoticeable {
                if justNoticeable - distance < epsilon { return clipped }
                lowInGamut = false
                low = middle
            } else {
                high = middle
            }
        }
        return clipped
    }

    /// Linear sRGB to OKLab (Björn Ottosson's matrices, as CSS Color 4's sample code has them
    /// through XYZ; the inverse of ``oklabToLinearSRGB(_:)``).
    static func linearSRGBToOKLab(_ rgb: [Double]) -> [Double] {
        let l = cbrt(0.412_221_470_8 * rgb[0] + 0.536_332_536_3 * rgb[1] + 0.051_445_992_9 * rgb[2])
        let m = cbrt(0.211_903_498_2 * rgb[0] + 0.680_699_545_1 * rgb[1] + 0.107_396_956_6 * rgb[2])
        let s = cbrt(0.088_302_461_9 * rgb[0] + 0.281_718_837_6 * rgb[1] + 0.629_978_700_5 * rgb[2])
        return [
            0.210_454_255_3 * l + 0.793_617_785_0 * m - 0.004_072_046_8 * s,
            1.977_998_495_1 * l - 2.428_592_205_0 * m + 0.450_593_709_9 * s,
            0.025_904_037_1 * l + 0.782_771_766_2 * m - 0.808_675_766_0 * s,
        ]
    }
}
