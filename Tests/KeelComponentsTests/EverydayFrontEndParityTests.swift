import KeelComponents
import KeelDesign
import Testing

/// SwiftUI lays the badge, chip and banner out left to right and lets its `Layout` mirror
/// the placements; UIKit lays them out in the traits' direction. Both must land on the same
/// frames: mirroring the left-to-right layout gives the right-to-left one, element by element.
@Suite("Badge, chip and banner: both front ends place the same frames")
struct EverydayFrontEndParityTests {
    static let rtl = Fixture.resolver(direction: .rightToLeft)

    @Test("chip parts, every kind and state")
    func chips() {
        let theme = ChipTheme(resolver: Self.rtl)
        for kind in ChipKind.allCases {
            for state: ChipState in [.normal, .selected, .disabled] {
                let appearance = ChipAppearance(theme: theme, kind: kind, state: state)
                let size = ChipLayout.intrinsicSize(
                    title: "Ada", appearance: appearance, measurer: Fixture.measurer)
                let uikit = ChipLayout(
                    title: "Ada", appearance: appearance, bounds: size, measurer: Fixture.measurer)
                let swiftUI = ChipLayout(
                    title: "Ada", appearance: appearance.leftToRight, bounds: size, measurer: Fixture.measurer
                )
                func mirrored(_ rect: Rect) -> Rect { rect.mirrored(inWidth: size.width) }
                // Hidden parts are nil in both (placed at .zero, drawn at opacity 0).
                for part in ChipPart.allCases {
                    #expect(
                        swiftUI.frame(of: part).map(mirrored) == uikit.frame(of: part),
                        "\(kind) \(state) \(part)")
                }
                #expect(swiftUI.removeTouchFrame.map(mirrored) == uikit.removeTouchFrame)
            }
        }
    }

    @Test("chip group frames")
    func chipGroups() {
        let theme = ChipTheme(resolver: Self.rtl)
        let sizes = [60.0, 90, 120, 70, 100].map { Size(width: $0, height: 32) }
        let uikit = ChipGroupLayout(sizes: sizes, width: 250, theme: theme, direction: .rightToLeft)
        let swiftUI = ChipGroupLayout(sizes: sizes, width: 250, theme: theme, direction: .leftToRight)
        #expect(swiftUI.chipFrames.map { $0.mirrored(inWidth: 250) } == uikit.chipFrames)
    }

    @Test("banner elements, with and without title, actions and close")
    func banners() {
        let appearance = BannerAppearance(theme: BannerTheme(resolver: Self.rtl), status: .error)
        let configurations = [
            BannerTests.offline,
            BannerConfiguration(status: .error, message: "Failed.", isDismissible: false),
            BannerConfiguration(
                status: .error, title: "Upload failed", message: "Too large.",
                actions: [BannerAction("Try again"), BannerAction("Choose another file")]),
        ]
        for configuration in configurations {
            let uikit = BannerLayout(
                configuration: configuration, appearance: appearance, width: 300, measurer: Fixture.measurer)
            let swiftUI = BannerLayout(
                configuration: configuration, appearance: appearance.leftToRight, width: 300,
                measurer: Fixture.measurer)
            func mirrored(_ rect: Rect) -> Rect { rect.mirrored(inWidth: 300) }
            #expect(mirrored(swiftUI.iconFrame) == uikit.iconFrame)
            #expect(swiftUI.titleFrame.map(mirrored) == uikit.titleFrame)
            #expect(mirrored(swiftUI.messageFrame) == uikit.messageFrame)
            #expect(swiftUI.actionFrames.map(mirrored) == uikit.actionFrames)
            #expect(swiftUI.closeTouchFrame.map(mirrored) == uikit.closeTouchFrame)
            #expect(swiftUI.size == uikit.size)
        }
    }

    @Test("a badge on its host")
    func badges() {
        let appearance = BadgeAppearance(theme: BadgeTheme(resolver: Self.rtl), content: .count(120))
        let layout = BadgeLayout(appearance: appearance, measurer: Fixture.measurer)
        let host = Size(width: 48, height: 48)
        #expect(
            layout.frame(onHost: host, appearance: appearance.leftToRight).mirrored(inWidth: 48)
                == layout.frame(onHost: host, appearance: appearance))
    }
}
