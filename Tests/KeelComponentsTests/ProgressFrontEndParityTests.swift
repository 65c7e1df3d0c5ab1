import KeelComponents
import KeelDesign
import Testing

/// SwiftUI does not mirror a shape's path, so both front ends draw progress indicators and
/// skeletons from the same physical layout; right to left, that layout is the left-to-right
/// one mirrored, shape by shape (a ring, which has no leading edge, is the same).
@Suite("Progress and skeletons: right to left mirrors every shape")
struct ProgressFrontEndParityTests {
    @Test("bars and rings, determinate and indeterminate, at several moments")
    func progress() {
        let ltr = ProgressTheme(resolver: Fixture.light)
        let rtl = ProgressTheme(resolver: Fixture.rtl)
        for value in [ProgressValue.determinate(0.3), .indeterminate] {
            for time in [0.0, 0.35, 0.7, 1.3] {
                let left = ProgressAppearance(theme: ltr, style: .linear, value: value)
                let right = ProgressAppearance(theme: rtl, style: .linear, value: value)
                let a = ProgressLayout(appearance: left, width: 200, time: time)
                let b = ProgressLayout(appearance: right, width: 200, time: time)
                #expect(b.trackFrame == a.trackFrame.mirrored(inWidth: 200))
                #expect(
                    abs(b.indicatorFrame.minX - a.indicatorFrame.mirrored(inWidth: 200).minX) < 1e-9
                        && abs(b.indicatorFrame.width - a.indicatorFrame.width) < 1e-9, "\(value) at \(time)")
                let ringLeft = ProgressAppearance(theme: ltr, style: .circular, value: value)
                let ringRight = ProgressAppearance(theme: rtl, style: .circular, value: value)
                #expect(
                    ProgressLayout(appearance: ringRight, width: 0, time: time).indicatorShape(
                        appearance: ringRight)
                        == ProgressLayout(appearance: ringLeft, width: 0, time: time)
                        .indicatorShape(appearance: ringLeft))
            }
        }
    }

    @Test("skeleton shapes and the shimmer band")
    func skeleton() {
        let spec = SkeletonSpec.column([.row([.avatar, .text(lines: 3)]), .image(aspectRatio: 1.5)])
        let left = SkeletonLayout(
            spec: spec, theme: SkeletonTheme(resolver: Fixture.light), width: 320, count: 2)
        let right = SkeletonLayout(
            spec: spec, theme: SkeletonTheme(resolver: Fixture.rtl), width: 320, count: 2)
        #expect(left.shapes.count == right.shapes.count)
        for (a, b) in zip(left.shapes, right.shapes) {
            let mirrored = a.frame.mirrored(inWidth: 320)
            #expect(abs(mirrored.minX - b.frame.minX) < 1e-6 && abs(mirrored.width - b.frame.width) < 1e-6)
            #expect(a.frame.minY == b.frame.minY && a.kind == b.kind)
        }
        let size = left.size
        let band = SkeletonAppearance(theme: SkeletonTheme(resolver: Fixture.light)).shimmerFrame(
            in: size, at: 0.4)
        let mirroredBand = SkeletonAppearance(theme: SkeletonTheme(resolver: Fixture.rtl))
            .shimmerFrame(in: size, at: 0.4)
        #expect(band?.mirrored(inWidth: size.width) == mirroredBand)
    }
}
