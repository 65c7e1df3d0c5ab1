import KeelComponents
import KeelDesign
import KeelTestSupport
import Testing

@testable import KeelRender

/// The gallery draws the segmented control, progress indicators and skeletons in every state
/// under both themes and the standard traits, from the headless layouts.
@Suite(.enabled(if: TestFonts.available, TestFonts.reason), .onOwnThread)
struct LoadingAndSegmentedGalleryTests {
    @Test("every sample under two themes and seven trait combinations")
    func caseCounts() throws {
        let catalogue = GalleryCatalogue()
        let traits = GalleryTraits.standard.count
        #expect(
            try catalogue.cases(only: "segmented").count == SegmentedCaseProvider.samples.count * 2 * traits)
        #expect(
            try catalogue.cases(only: "progress").count == ProgressCaseProvider.samples.count * 2 * traits)
        #expect(
            try catalogue.cases(only: "skeleton").count == SkeletonCaseProvider.samples.count * 2 * traits)
    }

    @Test("the overflowing tabs show their scroll window; Reduce Motion draws no shimmer band")
    func drawings() throws {
        let catalogue = GalleryCatalogue()
        let overflow = try #require(
            try catalogue.cases(only: "segmented").first { $0.name == "tabs-overflow" && $0.traits == .light }
        )
        #expect(overflow.render(measurer: TestFonts.measurer).svg.contains("stroke-dasharray"))
        let skeletons = try catalogue.cases(only: "skeleton").filter {
            $0.traits == .light && $0.theme.identifier == .default
        }
        let shimmering = try #require(skeletons.first { $0.name == "list-rows" }).render(
            measurer: TestFonts.measurer
        ).svg
        let still = try #require(skeletons.first { $0.name == "list-rows-reduce-motion" }).render(
            measurer: TestFonts.measurer
        ).svg
        // The band adds rectangles where it crosses the shapes.
        #expect(
            shimmering.components(separatedBy: "<rect").count > still.components(separatedBy: "<rect").count)
    }
}
