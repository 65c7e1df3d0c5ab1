import KeelDesign
import KeelTestSupport
import Testing

@testable import KeelRender

/// The motion sheet labels a theme's durations without trapping on extreme values.
@Suite struct MotionLabelTests {
    @Test func extremeDurationsLabelClamped() {
        // `Int((seconds * 1000).rounded())` used to trap for a theme's 1e20 seconds.
        #expect(MotionProvider.milliseconds(1e20) == 9_200_000_000_000)
        #expect(MotionProvider.milliseconds(.infinity) == 9_200_000_000_000)
        #expect(MotionProvider.milliseconds(.nan) == 0)
        #expect(MotionProvider.milliseconds(-1) == 0)
        #expect(MotionProvider.milliseconds(0.35) == 350)
        #expect(MotionProvider.milliseconds(0.15) == 150)
    }

    @Test(.enabled(if: TestFonts.available, TestFonts.reason))
    func aThemeWithAHugeMotionDurationDraws() {
        var metrics = ThemeMetrics()
        metrics.motions[.standard] = MotionStyle(duration: 1e20, curve: .linear)
        let theme = KeelTheme(
            identifier: ThemeIdentifier(rawValue: "slow"), displayName: "Slow", basedOn: .default,
            metrics: metrics)
        let context = GalleryContext(theme: theme, traits: .light, measurer: TestFonts.measurer)
        #expect(MotionProvider.drawCurves(context).height > 0)
    }

    @Test func ratiosPrintWithoutTrappingForAnyValue() {
        // `Int((value * 100).rounded())` trapped for a spring whose damping ratio is 1e30
        // (`keel gallery --tokens` on a token file `keel tokens validate` accepts).
        #expect(1e30.twoDecimals == "1e+30")
        #expect(Double.infinity.twoDecimals == "inf")
        #expect(Double.nan.twoDecimals == "NaN")
        #expect(4.478.twoDecimals == "4.48")
        #expect((-0.5).twoDecimals == "0.50" || (-0.5).twoDecimals == "-0.50")
        #expect(
            MotionProvider.curveName(.spring(Spring(mass: 1, stiffness: 100, damping: 1e30))).hasPrefix(
                "spring ζ "))
    }

    @Test(.enabled(if: TestFonts.available, TestFonts.reason))
    func aThemeWithAnOverdampedSpringDraws() {
        var metrics = ThemeMetrics()
        metrics.motions[.standard] = MotionStyle(
            duration: 0.2, curve: .spring(Spring(mass: 1, stiffness: 100, damping: 1e30)))
        let theme = KeelTheme(
            identifier: ThemeIdentifier(rawValue: "stiff"), displayName: "Stiff", basedOn: .default,
            metrics: metrics)
        let context = GalleryContext(theme: theme, traits: .light, measurer: TestFonts.measurer)
        #expect(MotionProvider.drawCurves(context).height > 0)
        #expect(MotionProvider.drawSprings(context).height > 0)
    }
}
