import KeelComponents
import KeelDesign
import Testing

@Suite("Skeleton placeholders")
struct SkeletonTests {
    static func layout(
        _ spec: SkeletonSpec, width: Double = 375, count: Int = 1, resolver: KeelThemeResolver = Fixture.light
    ) -> SkeletonLayout {
        SkeletonLayout(spec: spec, theme: SkeletonTheme(resolver: resolver), width: width, count: count)
    }

    static func close(_ a: Rect, _ b: Rect) -> Bool {
        abs(a.minX - b.minX) < 1e-6 && abs(a.minY - b.minY) < 1e-6 && abs(a.width - b.width) < 1e-6
            && abs(a.height - b.height) < 1e-6
    }

    @Test("a list row: the avatar circle leads, lines of text beside it, the last one shorter")
    func listRow() {
        let layout = Self.layout(.listRow)
        #expect(layout.shapes.map(\.kind) == [.avatar, .line, .line])
        #expect(layout.shapes[0].frame == Rect(x: 16, y: 16, width: 40, height: 40))
        #expect(layout.shapes[0].cornerRadius == 20)
        // Text starts after the avatar and the 12 pt gap, 12 pt lines 8 pt apart.
        #expect(Self.close(layout.shapes[1].frame, Rect(x: 68, y: 16, width: 291, height: 12)))
        #expect(Self.close(layout.shapes[2].frame, Rect(x: 68, y: 36, width: 291 * 0.6, height: 12)))
        #expect(layout.shapes[1].cornerRadius == 4)
        // The avatar is the row's tallest part; 16 pt padding above and below.
        #expect(layout.rowHeight == 72 && layout.size == Size(width: 375, height: 72))
    }

    @Test("right to left everything mirrors: the avatar at the right, the short line ending at the right")
    func rightToLeft() {
        let ltr = Self.layout(.listRow)
        let rtl = Self.layout(.listRow, resolver: Fixture.rtl)
        #expect(rtl.shapes[0].frame == Rect(x: 319, y: 16, width: 40, height: 40))
        for (left, right) in zip(ltr.shapes, rtl.shapes) {
            #expect(Self.close(left.frame.mirrored(inWidth: 375), right.frame), "\(left.kind)")
        }
    }

    @Test("an image is as wide as its column and as tall as its aspect ratio says")
    func image() {
        let layout = Self.layout(.column([.image(aspectRatio: 2), .text(lines: 1)]))
        #expect(layout.shapes.map(\.kind) == [.image, .line])
        #expect(Self.close(layout.shapes[0].frame, Rect(x: 16, y: 16, width: 343, height: 171.5)))
        #expect(layout.shapes[0].cornerRadius == 8)
        // A single line is not shortened.
        #expect(Self.close(layout.shapes[1].frame, Rect(x: 16, y: 199.5, width: 343, height: 12)))
    }

    @Test("a feed repeats the row one below the other; every shape of every row is laid out")
    func feed() {
        let layout = Self.layout(.listRow, count: 20)
        #expect(layout.shapes.count == 60)
        #expect(layout.size.height == 20 * 72)
        #expect(layout.shapes[9].frame == Rect(x: 16, y: 3 * 72 + 16, width: 40, height: 40))
        #expect(Self.layout(.listRow, count: 0).shapes.isEmpty)
    }

    @Test("Dynamic Type grows avatars and lines, capped at twice their size")
    func dynamicType() {
        func row(_ category: TextSizeCategory) -> SkeletonLayout {
            Self.layout(.listRow, resolver: Fixture.resolver(category: category))
        }
        let smallest = row(.extraSmall)
        let largest = row(.accessibilityExtraExtraExtraLarge)
        #expect(smallest.shapes[0].frame.width == 40 && smallest.shapes[1].frame.height == 12)
        #expect(largest.shapes[0].frame.width > 40 && largest.shapes[0].frame.width <= 80)
        #expect(largest.shapes[1].frame.height > 12 && largest.shapes[1].frame.height <= 24)
        #expect(largest.rowHeight > smallest.rowHeight)
    }

    @Test("the shimmer band enters at the leading edge once a period; Reduce Motion turns it off")
    func shimmer() {
        let appearance = SkeletonAppearance(theme: SkeletonTheme(resolver: Fixture.light))
        let size = Size(width: 375, height: 72)
        #expect(appearance.shimmerFrame(in: size, at: 0) == Rect(x: -150, y: 0, width: 150, height: 72))
        #expect(appearance.shimmerFrame(in: size, at: 0.75) == Rect(x: 112.5, y: 0, width: 150, height: 72))
        #expect(appearance.shimmerFrame(in: size, at: 2.25) == appearance.shimmerFrame(in: size, at: 0.75))
        #expect(appearance.shimmerOpacity == 1 && appearance.shimmerColors.count == 3)
        let rtl = SkeletonAppearance(theme: SkeletonTheme(resolver: Fixture.rtl))
        #expect(rtl.shimmerFrame(in: size, at: 0) == Rect(x: 375, y: 0, width: 150, height: 72))
        let reduced = SkeletonAppearance(
            theme: SkeletonTheme(
                resolver: KeelThemeResolver(theme: .default, traits: ThemeTraits(reduceMotion: true))))
        #expect(reduced.shimmerFrame(in: size, at: 0.75) == nil)
        #expect(reduced.displayedShimmerFrame(in: size, at: 0.75) == .zero && reduced.shimmerOpacity == 0)
        #expect(appearance.shimmerFrame(in: size, at: .nan) == Rect(x: -150, y: 0, width: 150, height: 72))
        // As a gradient's stops in units of the width (SwiftUI): the band's edges; off the
        // left edge under Reduce Motion, so the gradient paints the plain fill.
        let range = appearance.shimmerUnitRange(in: size, at: 0.75)
        #expect(range.start == 0.3 && range.end == 0.7)
        #expect(reduced.shimmerUnitRange(in: size, at: 0.75) == (-2, -1))
        #expect(appearance.shimmerUnitRange(in: .zero, at: 0.75) == (-2, -1))
        #expect(reduced.isStill && !appearance.isStill)
    }

    @Test("VoiceOver hears one element, 'Loading'")
    func accessibility() {
        let description = SkeletonAppearance(theme: SkeletonTheme(resolver: Fixture.light))
            .accessibility(strings: .english)
        #expect(description.label == "Loading" && description.role == .staticText)
        #expect(description.platformTraits == [.staticText, .updatesFrequently])
        #expect(
            SkeletonAppearance(theme: SkeletonTheme(resolver: Fixture.light))
                .accessibility(strings: .simplifiedChinese).label == "加载中")
    }

    @Test("bad specs never crash or run away: deep nesting, huge line counts and repetitions, odd sizes")
    func badInput() {
        var deep = SkeletonSpec.avatar
        for index in 0..<500 { deep = index % 2 == 0 ? .row([deep]) : .column([deep]) }
        #expect(Self.layout(deep).shapes.isEmpty)
        #expect(Self.layout(.text(lines: 1_000_000)).shapes.count == SkeletonLayout.maximumLines)
        #expect(Self.layout(.text(lines: -3)).shapes.isEmpty)
        #expect(Self.layout(.listRow, count: .max).shapes.count == 3 * SkeletonLayout.maximumCount)
        #expect(Self.layout(.listRow, count: -1).size.height == 0)
        for width in [Double.nan, -10, .infinity] {
            #expect(Self.layout(.listRow, width: width).size.width == 0)
        }
        for ratio in [0, -1, Double.nan, .infinity] {
            let image = Self.layout(.image(aspectRatio: ratio)).shapes[0].frame
            #expect(image.width == 343 && image.height == 343)
        }
        #expect(Self.layout(.row([])).shapes.isEmpty)
        #expect(
            SkeletonLayout.width(proposed: nil) == 375 && SkeletonLayout.width(proposed: .infinity) == 375)
        #expect(SkeletonLayout.width(proposed: 200) == 200)
    }
}
