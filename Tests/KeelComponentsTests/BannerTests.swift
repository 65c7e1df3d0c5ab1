import KeelComponents
import KeelDesign
import Testing

@Suite("Inline banners")
struct BannerTests {
    static let offline = BannerConfiguration(
        status: .warning, title: "Offline", message: "Changes sync later.", actions: [BannerAction("Retry")])

    static func appearance(
        _ status: BannerStatus = .warning, resolver: KeelThemeResolver = Fixture.light
    ) -> BannerAppearance {
        BannerAppearance(theme: BannerTheme(resolver: resolver), status: status)
    }

    @Test(
        "every status is its palette pair, light and dark",
        arguments: [
            (BannerStatus.info, "#0969DA", "#58A6FF"), (.success, "#1A7F37", "#3FB950"),
            (.warning, "#9A6700", "#D29922"), (.error, "#CF222E", "#F85149"),
        ])
    func colors(row: (BannerStatus, String, String)) {
        let (status, light, dark) = row
        #expect(Self.appearance(status).background.hex == light)
        #expect(Self.appearance(status).foreground.hex == "#FFFFFF")
        #expect(Self.appearance(status, resolver: Fixture.dark).background.hex == dark)
        #expect(Self.appearance(status, resolver: Fixture.dark).foreground.hex == "#0D1117")
    }

    @Test("every declared contrast pair passes in light, dark and increased contrast, in both themes")
    func contrast() {
        for theme in [KeelTheme.default, .blue] {
            for traits in BadgeTests.appearances {
                let pairs = BannerTheme(resolver: KeelThemeResolver(theme: theme, traits: traits))
                    .contrastPairs
                #expect(pairs.count == 8)
                for pair in pairs { #expect(pair.isSatisfied, "\(theme.identifier) \(traits): \(pair)") }
            }
        }
    }

    @Test("every element's frame, left to right")
    func frames() {
        let layout = BannerLayout(
            configuration: Self.offline, appearance: Self.appearance(), width: 320, measurer: Fixture.measurer
        )
        #expect(layout.iconFrame == Rect(x: 12, y: 14, width: 20, height: 20))
        #expect(layout.titleFrame == Rect(x: 44, y: 12, width: 232, height: 24))
        #expect(layout.messageFrame == Rect(x: 44, y: 40, width: 232, height: 22))
        #expect(layout.actionFrames == [Rect(x: 44, y: 66, width: 51, height: 44)])
        #expect(layout.actionTitleFrames == [Rect(x: 52, y: 77, width: 35, height: 22)])
        #expect(!layout.stacksActions)
        #expect(layout.closeTouchFrame == Rect(x: 276, y: 0, width: 44, height: 44))
        #expect(layout.closeIconFrame == Rect(x: 290, y: 14, width: 16, height: 16))
        #expect(layout.size == Size(width: 320, height: 111))
    }

    @Test("right to left, every frame mirrors: the icon on the right, the close button on the left")
    func rightToLeft() {
        let layout = BannerLayout(
            configuration: Self.offline, appearance: Self.appearance(resolver: Fixture.rtl), width: 320,
            measurer: Fixture.measurer)
        #expect(layout.iconFrame == Rect(x: 288, y: 14, width: 20, height: 20))
        #expect(layout.titleFrame == Rect(x: 44, y: 12, width: 232, height: 24))
        #expect(layout.actionFrames == [Rect(x: 225, y: 66, width: 51, height: 44)])
        #expect(layout.closeTouchFrame == Rect(x: 0, y: 0, width: 44, height: 44))
        #expect(layout.closeIconFrame == Rect(x: 14, y: 14, width: 16, height: 16))
    }

    @Test("no title, no actions, not dismissible: the message alone, the icon on its line")
    func minimal() {
        let note = BannerConfiguration(status: .info, title: "", message: "Saved.", isDismissible: false)
        let layout = BannerLayout(
            configuration: note, appearance: Self.appearance(.info), width: 320, measurer: Fixture.measurer)
        #expect(layout.titleFrame == nil && layout.displayedTitleFrame == .zero)
        #expect(layout.closeTouchFrame == nil && layout.closeIconFrame == nil)
        #expect(layout.actionFrames.isEmpty)
        #expect(layout.iconFrame == Rect(x: 12, y: 13, width: 20, height: 20))
        #expect(layout.messageFrame == Rect(x: 44, y: 12, width: 264, height: 22))
        #expect(layout.size.height == 46)
    }

    @Test("actions that do not fit one row stack, each a 44 pt target")
    func stackedActions() {
        let configuration = BannerConfiguration(
            status: .error, message: "Upload failed.",
            actions: [BannerAction("Try again"), BannerAction("Open settings", id: "settings")])
        let layout = BannerLayout(
            configuration: configuration, appearance: Self.appearance(.error), width: 200,
            measurer: Fixture.measurer)
        #expect(layout.stacksActions)
        #expect(layout.actionFrames.count == 2)
        #expect(layout.actionFrames[0].minX == layout.actionFrames[1].minX)
        #expect(layout.actionFrames[1].minY == layout.actionFrames[0].maxY)
        #expect(layout.actionFrames.allSatisfy { $0.height >= 44 && $0.maxX <= 188 })
        #expect(layout.size.height >= layout.actionFrames[1].maxY)
        #expect(layout.actionFrame(at: 5) == .zero)
        let wide = BannerLayout(
            configuration: configuration, appearance: Self.appearance(.error), width: 400,
            measurer: Fixture.measurer)
        #expect(!wide.stacksActions && wide.actionFrames[1].minY == wide.actionFrames[0].minY)
    }

    @Test(
        "Dynamic Type: the smallest size keeps the layout; accessibility sizes put the icon above the text and reflow"
    )
    func dynamicType() {
        func layout(_ category: TextSizeCategory) -> BannerLayout {
            BannerLayout(
                configuration: Self.offline,
                appearance: Self.appearance(resolver: Fixture.resolver(category: category)), width: 320,
                measurer: Fixture.measurer)
        }
        let small = layout(.extraSmall)
        #expect(small.titleFrame?.minX == 44)
        let largest = layout(.accessibilityExtraExtraExtraLarge)
        let title = try! #require(largest.titleFrame)
        #expect(title.minX == 12 && title.minY > largest.iconFrame.maxY)
        #expect(largest.messageFrame.height > 22)  // the message wraps onto several lines
        #expect(largest.size.height > layout(.large).size.height)
        for frame in [title, largest.messageFrame] + largest.actionFrames {
            #expect(frame.minX >= 0 && frame.maxX <= 320 && frame.maxY <= largest.size.height)
        }
        #expect(largest.actionFrames.allSatisfy { $0.height >= 44 })
    }

    @Test("VoiceOver: the status word first, the message as the value; warnings and errors are announced")
    func accessibility() {
        let spoken = Self.appearance().accessibility(configuration: Self.offline, strings: .english)
        #expect(
            spoken.role == .staticText && spoken.label == "Warning, Offline"
                && spoken.value == "Changes sync later.")
        #expect(
            Self.appearance().announcement(configuration: Self.offline, strings: .english)
                == "Warning, Offline. Changes sync later.")
        let info = BannerConfiguration(status: .info, message: "New version")
        #expect(Self.appearance(.info).announcement(configuration: info, strings: .english) == nil)
        #expect(
            Self.appearance(.info).accessibility(configuration: info, strings: .simplifiedChinese).label
                == "提示")
        #expect(Self.appearance().closeAccessibility(strings: .english).label == "Close")
        #expect(Self.appearance(.error).iconSymbolName == "xmark.octagon.fill")
    }

    @Test("Reduce Motion: the banner cross-fades or appears at once instead of sliding")
    func reduceMotion() {
        let moving = Self.appearance().motion
        let reduced = Self.appearance(
            resolver: KeelThemeResolver(theme: .default, traits: ThemeTraits(reduceMotion: true))
        ).motion
        #expect(moving.kind == .animate)
        #expect(reduced.kind != .animate)
    }
}

@Suite("Inline banner presentation")
struct BannerPresentationTests {
    @Test("an action runs and dismisses; afterwards every event is rejected")
    func action() {
        var banner = BannerPresentation(configuration: BannerTests.offline)
        #expect(
            banner.send(.action(id: "Retry", dismisses: true)).effects == [
                .performAction("Retry"), .dismissed(.action),
            ])
        #expect(banner.state == .dismissed(.action))
        #expect(!banner.send(.close).isAccepted && !banner.send(.dismiss).isAccepted)
        #expect(!banner.send(.action(id: "Retry", dismisses: true)).isAccepted)
    }

    @Test(
        "an action that keeps the banner; unknown actions are rejected; close and dismiss report their reasons"
    )
    func keepsAndCloses() {
        var banner = BannerPresentation(configuration: BannerTests.offline)
        #expect(banner.send(.action(id: "Retry", dismisses: false)).effects == [.performAction("Retry")])
        #expect(banner.state == .shown)
        #expect(!banner.send(.action(id: "Delete", dismisses: true)).isAccepted)
        #expect(banner.send(.close).effects == [.dismissed(.closeButton)])
        var other = BannerPresentation(configuration: BannerTests.offline)
        #expect(other.send(.dismiss).effects == [.dismissed(.programmatic)])
        var fixed = BannerPresentation(
            configuration: BannerConfiguration(status: .info, message: "Hi", isDismissible: false))
        #expect(!fixed.send(.close).isAccepted)
        #expect(BannerAction("Retry").id == "Retry" && BannerAction("Open", id: "open").id == "open")
    }
}
