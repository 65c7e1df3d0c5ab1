import Foundation
import KeelTestSupport
import Testing

@testable import KeelRender

/// Visual regression: a representative subset of the catalogue against golden SVGs in
/// `Goldens/`. On a mismatch the new SVG is written beside the golden as `<id>.actual.svg`
/// and both paths are named; `KEEL_RECORD_GOLDENS=1 swift test --filter GoldenTests`
/// re-records them.
@Suite(.enabled(if: TestFonts.available, TestFonts.reason), .onOwnThread)
struct GoldenTests {
    static let subset = [
        "colors--palette--default--light",
        "colors--palette--blue--dark-hc",
        "typography--specimens--default--light-ax3",
        "scales--metrics--default--dark",
        "motion--curves--default--light",
        "motion--springs--default--light",
        "icons--set--default--light-rtl",
        "text--layout--default--light",
        "text--layout--default--light-rtl",
        "text--layout--blue--light-xxxl",
        "layout--card--default--light-rtl",
        "layout--grid--default--light",
        "layout--grid--default--light-rtl",
        // Components: one case per component, spread over themes and traits.
        "button--primary-large-normal-leading--default--light",
        "button--gradient-large-normal-leading--blue--light-rtl",
        "button--primary-large-loading-leading--default--dark",
        "button--primary-large-focused-leading--default--light-hc",
        "button--primary-large-normal-top--default--light",
        "button--long-title--default--light-ax3",
        "toggle--on--default--light-rtl",
        "toggle--off-pending--default--dark",
        "checkbox--selected--blue--dark-hc",
        "icon-button--close-large--default--light",
        "alert--two-actions--default--light",
        "alert--destructive--default--dark",
        "alert--text-input-counter--blue--light-rtl",
        "alert--multiline-input--default--light-xxxl",
        "alert--checkbox--default--light-ax3",
        "alert--illustration--default--light",
        "alert--close-button--default--light",
        "alert--close-button--default--light-rtl",
        "alert--custom-content--default--dark",
        "alert--keyboard-up--default--light",
        "bottom-sheet--detents--default--light",
        "bottom-sheet--centered-wide--blue--dark",
        "bottom-sheet--content--default--light",
        "bottom-sheet--detent-medium--default--light",
        "bottom-sheet--detent-large--default--dark",
        "bottom-sheet--detent-custom--default--light-rtl",
        "bottom-sheet--drag-down--default--light",
        "bottom-sheet--drag-up--blue--light",
        "bottom-sheet--keyboard--default--light-xxxl",
        "bottom-sheet--centered-wide-medium--default--light",
        "space-transition--dragging-50--default--light",
    ]

    static var recording: Bool { ProcessInfo.processInfo.environment["KEEL_RECORD_GOLDENS"] == "1" }

    @Test(arguments: subset)
    func matchesGolden(id: String) throws {
        let item = try #require(try GalleryCatalogue().cases().first { $0.id == id }, "no case \(id)")
        let svg = item.render(measurer: TestFonts.measurer).svg
        let golden = TestPaths.goldens.appendingPathComponent("\(id).svg")
        let actual = TestPaths.goldens.appendingPathComponent("\(id).actual.svg")
        if Self.recording {
            try Data(svg.utf8).write(to: golden)
            try? FileManager.default.removeItem(at: actual)
            return
        }
        guard let expected = try? String(contentsOf: golden, encoding: .utf8) else {
            try Data(svg.utf8).write(to: actual)
            Issue.record("no golden \(golden.path); wrote \(actual.path) (record with KEEL_RECORD_GOLDENS=1)")
            return
        }
        if expected == svg {
            try? FileManager.default.removeItem(at: actual)
        } else {
            try Data(svg.utf8).write(to: actual)
            let message =
                "\(id) differs from its golden:\n  golden: \(golden.path)\n  actual: \(actual.path)\n"
                + "(re-record with KEEL_RECORD_GOLDENS=1 if the change is intended)"
            Issue.record(Comment(rawValue: message))
        }
    }

    @Test func goldensAreTheSubset() throws {
        guard !Self.recording else { return }
        let files = try FileManager.default.contentsOfDirectory(atPath: TestPaths.goldens.path)
            .filter { $0.hasSuffix(".svg") && !$0.hasSuffix(".actual.svg") }
        #expect(Set(files) == Set(Self.subset.map { $0 + ".svg" }))
    }
}
