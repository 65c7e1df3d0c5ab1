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
}
