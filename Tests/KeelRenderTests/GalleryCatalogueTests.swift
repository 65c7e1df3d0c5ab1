import Foundation
import KeelDesign
import KeelTestSupport
import Testing

@testable import KeelRender

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite(.enabled(if: TestFonts.available, TestFonts.reason), .onOwnThread)
struct GalleryCatalogueTests {
    let catalogue = GalleryCatalogue()

    @Test func everyProviderContributesUniquelyNamedCases() throws {
        let cases = try catalogue.cases()
        #expect(Set(cases.map(\.id)).count == cases.count)
        #expect(Set(cases.map(\.component)) == Set(catalogue.components))
        #expect(cases.contains { $0.traits == .darkHighContrast })
        #expect(cases.contains { $0.traits.direction == .rightToLeft })
        #expect(cases.contains { $0.traits.contentSize.isAccessibilityCategory })
        #expect(Set(cases.map(\.theme.identifier)) == [.default, .blue])
    }

    @Test func onlySelectsOneComponent() throws {
        let icons = try catalogue.cases(only: "icons")
        #expect(!icons.isEmpty)
        #expect(icons.allSatisfy { $0.component == "icons" })
        #expect(throws: GalleryError.unknownComponent("buton", known: catalogue.components)) {
            try catalogue.cases(only: "buton")
        }
    }

    @Test func duplicateIdentifiersAreReported() {
        struct Twice: GalleryCaseProvider {
            let component = "twice"
            let title = "Twice"
            func cases(themes: [KeelTheme]) -> [GalleryCase] {
                let draw: @Sendable (GalleryContext) -> GalleryCanvas = { $0.canvas(width: 1, height: 1) }
                return [
                    makeCase("a", label: "A", theme: .default, traits: .light, draw: draw),
                    makeCase("a", label: "A", theme: .default, traits: .light, draw: draw),
                ]
            }
        }
        let catalogue = GalleryCatalogue(providers: [Twice()])
        #expect(throws: GalleryError.duplicateCase("twice--a--default--light")) { try catalogue.cases() }
    }

    /// Every case of the default catalogue, rendered once and shared by the tests below (a
    /// full render is the suite's largest cost).
    static let rendered: Result<[(GalleryCase, RenderedCase)], any Error> = Result {
        try GalleryCatalogue().cases().map { ($0, $0.render(measurer: TestFonts.measurer)) }
    }

    /// Acceptance 2: no text overflows its frame in any case, asserted from measured layout.
    @Test func noTextOverflowsInAnyCase() throws {
        for (item, rendered) in try Self.rendered.get() {
            #expect(rendered.overflows.isEmpty, "\(item.id): \(rendered.overflows)")
        }
    }

    /// Every case's SVG is well formed; a second render gives the same bytes (every fourth case
    /// in the default run, every case in a long run: a full render is the suite's largest cost).
    @Test func renderingIsDeterministicAndWellFormed() throws {
        let stride = LongRuns.cases(short: 4, long: 1)
        for (index, (item, rendered)) in try Self.rendered.get().enumerated() {
            let first = rendered.svg
            if index % stride == 0 {
                let second = item.render(measurer: TestFonts.measurer).svg
                #expect(first == second, "\(item.id)")
            }
            let parser = XMLParser(data: Data(first.utf8))
            #expect(parser.parse(), "\(item.id): \(String(describing: parser.parserError))")
            // Text names the measured fonts (toggles, checkboxes and icon-only buttons have none).
            if first.contains("<text") {
                #expect(first.contains("font-family=\"DejaVu Sans, sans-serif\""), "\(item.id)")
            }
        }
    }

    @Test func slugsAreFileNameSafe() {
        #expect(GalleryCase.slug("keel.default") == "default")
        #expect(GalleryCase.slug("My Theme / Dark!") == "my-theme-dark")
        #expect(GalleryCase.slug("···") == "case")
        #expect(GalleryTraits.darkHighContrast.slug == "dark-hc")
        #expect(
            GalleryTraits(direction: .rightToLeft, contentSize: .accessibilityExtraLarge).slug
                == "light-rtl-ax3")
    }
}
