import KeelDesign
import KeelGeometry

extension ComponentsBenchmarks {
    /// The everyday components' workloads for `keel-bench components`, by name, each set up
    /// once and doing its work `n` times when called with `n`: a badge's appearance and layout
    /// (dot, one digit, overflow, cycling tones), a chip's (filter and input, cycling
    /// states) and an inline banner's (three configurations, 343 pt wide), the budget being 2 µs each like the button's.
    static func everydayWorkloads(resolver: KeelThemeResolver) -> [(name: String, run: (Int) -> Void)] {
        let measurer = FixedAdvanceTextMeasurer()
        let badgeTheme = BadgeTheme(resolver: resolver)
        let badgeContents: [BadgeContent] = [.dot, .count(7), .count(120)]
        let tones = BadgeTone.allCases
        let chipTheme = ChipTheme(resolver: resolver)
        let chipStates: [ChipState] = [.normal, .selected, .highlighted, .disabled]
        let kinds = ChipKind.allCases
        let titles = ["Jazz", "Ada Lovelace", "Hip-hop"]
        let host = Size(width: 40, height: 40)
        // A chip laid out in its bounds, as a layout pass does (like the button's 240 × 48).
        let chipBounds = Size(width: 120, height: 32)
        let bannerTheme = BannerTheme(resolver: resolver)
        let banners = [
            BannerConfiguration(
                status: .warning, title: "You're offline", message: "Changes sync when you reconnect.",
                actions: [BannerAction("Retry")]),
            BannerConfiguration(status: .success, message: "Saved.", isDismissible: false),
            BannerConfiguration(
                status: .error, title: "Upload failed", message: "The file is larger than 20 MB.",
                actions: [BannerAction("Try again"), BannerAction("Choose another file")]),
        ]
        return [
            (
                "badge.appearance+layout",
                { count in
                    for index in 0..<count {
                        let appearance = BadgeAppearance(
                            theme: badgeTheme, content: badgeContents[index % badgeContents.count],
                            tone: tones[index % tones.count])
                        let layout = BadgeLayout(appearance: appearance, measurer: measurer)
                        keep(layout.frame(onHost: host, appearance: appearance))
                    }
                }
            ),
            (
                "chip.appearance+layout",
                { count in
                    for index in 0..<count {
                        let appearance = ChipAppearance(
                            theme: chipTheme, kind: kinds[index % kinds.count],
                            state: chipStates[index % chipStates.count])
                        keep(
                            ChipLayout(
                                title: titles[index % titles.count], appearance: appearance,
                                bounds: chipBounds,
                                measurer: measurer))
                    }
                }
            ),
            (
                "banner.appearance+layout",
                { count in
                    for index in 0..<count {
                        let configuration = banners[index % banners.count]
                        let appearance = BannerAppearance(theme: bannerTheme, status: configuration.status)
                        keep(
                            BannerLayout(
                                configuration: configuration, appearance: appearance, width: 343,
                                measurer: measurer))
                    }
                }
            ),
        ]
    }
}
