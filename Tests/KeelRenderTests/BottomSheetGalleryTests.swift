import KeelComponents
import KeelDesign
import KeelTestSupport
import Testing

@testable import KeelRender

/// The sheet gallery draws exactly the layout KeelUIKit applies.
@Suite(.enabled(if: TestFonts.available, TestFonts.reason), .onOwnThread)
struct BottomSheetGalleryTests {
    @Test("every sample's surface, grabber and dimming come from BottomSheetLayout.resolve")
    func drawsTheShippedLayout() throws {
        let cases = try GalleryCatalogue().cases(only: "bottom-sheet").filter {
            $0.traits == .light && $0.theme.identifier == .default
        }
        #expect(cases.count == BottomSheetCaseProvider.samples.count)
        for sample in BottomSheetCaseProvider.samples {
            let item = try #require(cases.first { $0.name == sample.name })
            let context = GalleryContext(theme: .default, traits: .light, measurer: TestFonts.measurer)
            let layout = BottomSheetCaseProvider.layout(sample, context: context)
            // The same result as resolving the shipped input by hand.
            let content = SheetSampleContent(context: context)
            let input = BottomSheetLayoutInput(
                configuration: sample.configuration, theme: BottomSheetTheme(resolver: context.resolver),
                container: sample.container,
                contentHeight: content.height(
                    width: BottomSheetLayout.contentWidth(sample.configuration, in: sample.container)),
                detentIndex: sample.detentIndex, dragTranslation: sample.dragTranslation)
            #expect(layout == BottomSheetLayout.resolve(input), "\(sample.name)")
            let nodes = item.render(measurer: TestFonts.measurer).document.nodes
            let surfaces = nodes.compactMap { node -> SVGGroup? in
                guard case .group(let group) = node, group.name == "sheet-surface" else { return nil }
                return group
            }
            let surface = try #require(surfaces.first, "\(sample.name)")
            guard case .path(let path) = surface.children.first else {
                Issue.record("\(sample.name): no surface path")
                continue
            }
            #expect(
                path.data
                    == BottomSheetCaseProvider.surfacePath(
                        layout.surface, radius: layout.cornerRadius, corners: layout.roundedCorners))
            let rects = nodes.compactMap { node -> SVGRectShape? in
                guard case .rect(let shape) = node else { return nil }
                return shape
            }
            #expect(rects.contains { $0.frame == layout.dimming })
            let bar = layout.grabber.bar.offsetBy(
                dx: layout.surface.minX + layout.grabber.target.minX,
                dy: layout.surface.minY + layout.grabber.target.minY)
            #expect(rects.contains { $0.frame == bar } == layout.grabber.isShown, "\(sample.name)")
        }
    }

    @Test("every detent of a sheet with detents has a case, plus mid-drag and the wide variant")
    func coverage() {
        let names = Set(BottomSheetCaseProvider.samples.map(\.name))
        for name in [
            "detent-medium", "detent-large", "detent-custom", "detents", "detents-smallest", "content",
            "drag-down", "drag-up", "keyboard", "centered-wide", "centered-wide-medium",
        ] {
            #expect(names.contains(name), "\(name)")
        }
    }
}
