import KeelComponents
import KeelDesign
import KeelTestSupport
import Testing

@testable import KeelRender

/// The component providers: coverage of the components' styles and states, the measurer
/// they lay out with, and the geometry they take from the components.
@Suite(.enabled(if: TestFonts.available, TestFonts.reason), .onOwnThread)
struct ComponentProviderTests {
    let measurer = TestFonts.measurer

    @Test func measurerAnswersTheComponentsQuestions() {
        let font = KeelThemeResolver(theme: .default).font(.body)
        let text = "Save your changes and continue to the next step"
        let measuring: any TextMeasuring = measurer
        #expect(measuring.singleLineWidth(of: text, font: font) == measurer.width(of: text, font: font))
        let wrapped = measuring.height(of: text, font: font, width: 120, maximumLines: nil)
        let lineHeight = measurer.lineHeight(of: font)
        #expect(wrapped == measurer.height(of: text, font: font, width: 120))
        #expect(wrapped > 2 * lineHeight)
        #expect(measuring.height(of: text, font: font, width: 120, maximumLines: 2) == 2 * lineHeight)
        #expect(measuring.height(of: "", font: font, width: 120, maximumLines: nil) == 0)
    }

    @Test func everyButtonStyleSizeStateAndPlacementAppears() throws {
        let names = Set(ButtonCaseProvider.configurations.map(\.name))
        for style in ButtonVariant.allCases {
            #expect(names.contains { $0.hasPrefix(style.rawValue + "-") }, "\(style)")
        }
        for size in ButtonSize.allCases { #expect(names.contains { $0.contains("-\(size.rawValue)-") }) }
        for (state, _) in ButtonCaseProvider.states { #expect(names.contains { $0.contains("-\(state)-") }) }
        for placement in ButtonIconPlacement.allCases {
            #expect(names.contains { $0.hasSuffix("-\(placement.rawValue)") }, "\(placement)")
        }
        let cases = try GalleryCatalogue().cases(only: "button")
        #expect(cases.count == names.count * 2 * GalleryTraits.standard.count)
    }

    @Test func everyComponentIsInTheStandardCatalogue() {
        let components = GalleryCatalogue().components
        for name in [
            "button", "toggle", "checkbox", "icon-button", "alert", "bottom-sheet", "space-transition",
        ] {
            #expect(components.contains(name), "\(name)")
        }
    }

    @Test func everySampleConfigurationIsValid() {
        // Samples are built with `try?`; one that stopped validating would silently vanish.
        #expect(AlertCaseProvider.samples.count == 12)
        #expect(BottomSheetCaseProvider.samples.count == 15)
        #expect(ToggleCaseProvider.selections.filter { $0.2.isPending }.count == 2)
    }

    @Test(arguments: [0.1, 0.5, 0.9])
    func transitionReachesTheRequestedProgress(progress: Double) {
        let (transition, offset) = SpaceTransitionCaseProvider.state(at: .dragging(progress))
        guard case .dragging(let reached) = transition.state else {
            Issue.record("not dragging: \(transition.state)")
            return
        }
        #expect(abs(reached - progress) < 1e-9)
        // Home moves up: its offset is negative.
        #expect(abs(offset + progress * SpaceTransitionCaseProvider.page.height) < 1e-6)
        #expect(SpaceTransitionCaseProvider.state(at: .feed).0.state == .feed)
    }

    @Test("the space transition's gallery draws Feed directly below Home, rising as Home leaves upward")
    func transitionDrawsFeedBelowHome() {
        let viewport = SpaceTransitionCaseProvider.viewport
        for moment in SpaceTransitionCaseProvider.moments {
            let frames = SpaceTransitionCaseProvider.pageFrames(at: moment)
            #expect(abs(frames.feed.y - frames.home.maxY) < 1e-9, "\(moment.name)")
            #expect(frames.home.y <= viewport.y && frames.feed.y >= viewport.y, "\(moment.name)")
        }
        let home = SpaceTransitionCaseProvider.pageFrames(at: .home)
        #expect(home.home.y == viewport.y && home.feed.y == viewport.maxY)
        let half = SpaceTransitionCaseProvider.pageFrames(at: .dragging(0.5))
        #expect(abs(half.home.y - (viewport.y - viewport.height / 2)) < 1e-6)
        let settling = SpaceTransitionCaseProvider.pageFrames(at: .settling(seconds: 0.1))
        #expect(settling.home.y < half.home.y + viewport.height / 2 && settling.feed.y < viewport.maxY)
        let feed = SpaceTransitionCaseProvider.pageFrames(at: .feed)
        #expect(feed.feed.y == viewport.y && feed.home.maxY == viewport.y)
    }

    @Test func toggleThumbFollowsTheLayoutDirection() throws {
        func thumbX(_ traits: GalleryTraits) throws -> Double {
            let toggles = try GalleryCatalogue().cases(only: "toggle")
            let found = toggles.first {
                $0.name == "on" && $0.traits == traits && $0.theme.identifier == .default
            }
            guard let item = found else { throw ToggleShapeMissing() }
            let nodes = item.render(measurer: measurer).document.nodes
            guard case .group(let group) = nodes.first,
                case .circle(let center, _, _, _) = group.children.last
            else { throw ToggleShapeMissing() }
            return center.x
        }
        struct ToggleShapeMissing: Error {}
        let width =
            ToggleLayout(theme: ToggleTheme(resolver: KeelThemeResolver(theme: .default)), isOn: true)
            .intrinsicSize.width + 2 * ComponentDrawing.margin
        #expect(try thumbX(.light) > width / 2)
        #expect(try thumbX(.rightToLeft) < width / 2)
    }

    @Test func alertActionsStackAtAccessibilitySizes() throws {
        let cases = try GalleryCatalogue().cases(only: "alert").filter {
            $0.name == "two-actions" && $0.theme.identifier == .default
        }
        func buttonTops(_ traits: GalleryTraits) throws -> Set<Double> {
            let item = try #require(cases.first { $0.traits == traits })
            // The alert's content sits in the card's clipping group: look inside groups.
            func flattened(_ nodes: [SVGNode]) -> [SVGNode] {
                nodes.flatMap { node -> [SVGNode] in
                    guard case .group(let group) = node else { return [node] }
                    return flattened(group.children)
                }
            }
            let rects = flattened(item.render(measurer: measurer).document.nodes).compactMap {
                node -> Rect? in
                guard case .rect(let shape) = node, shape.stroke != nil || shape.cornerRadius > 0 else {
                    return nil
                }
                return shape.frame
            }
            // The card is the first rounded rectangle; the buttons follow it.
            return Set(rects.dropFirst().map { $0.midY.rounded() })
        }
        #expect(try buttonTops(.light).count == 1)
        #expect(try buttonTops(.accessibility).count == 2)
    }

    @Test func parallelRenderingKeepsCatalogueOrderAndBytes() throws {
        let cases = try GalleryCatalogue().cases(only: "alert")
        let serial = cases.map { $0.render(measurer: measurer) }
        let parallel = GalleryCatalogue.render(cases, measurer: measurer, workers: 3)
        #expect(parallel.map(\.id) == serial.map(\.id))
        #expect(parallel.map(\.svg) == serial.map(\.svg))
    }
}
