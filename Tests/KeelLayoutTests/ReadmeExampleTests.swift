import KeelLayout
import Testing

@Suite("README example")
struct ReadmeExampleTests {
    @Test("the README's KeelLayout example compiles and lays out as described")
    func readmeExample() {
        // README: begin
        let card = VerticalStack(spacing: 8) {
            HorizontalStack(spacing: 12, alignment: .center) {
                Leaf(width: 40, height: 40).name("avatar")
                Leaf(name: "title", text: "Title", measure: .intrinsic(Size(width: 120, height: 20)))
                    .width(.fill)
            }
            Leaf(height: 180).name("image")
        }
        .padding(16)

        let root = card.makeNode()
        let result = root.layout(
            width: .definite(375), height: .maxContent, configuration: LayoutConfiguration(pointScale: 3))
        let title = root.children[0].children[1]
        // title: x 52, width 375 - 2 × 16 - 40 - 12 = 291, centred in the 40-point row
        // README: end
        #expect(result.size == Size(width: 375, height: 16 + 40 + 8 + 180 + 16))
        #expect(result.frame(of: title) == Rect(x: 52, y: 10, width: 291, height: 20))
        #expect(LayoutSVG.render(result).contains(">Title</text>"))
    }

    @Test("the README's grid example compiles and lays out as described")
    func readmeGridExample() {
        // README: begin
        let page = GridContainer(
            columns: [.track(.points(80)), .track(.fraction(1))], areas: ["header header", "side main"],
            columnSpacing: 8
        ) {
            Leaf(height: 40).gridArea("header")
            Leaf(height: 200).gridArea("side")
            Leaf(height: 120).gridArea("main")
        }
        let grid = page.spec.makeNode()
        let frames = grid.layout(width: .definite(375), height: .maxContent)
        // README: end
        // The main item keeps its 120-point height at the top of the row the 200-point side item sets.
        #expect(frames.frame(of: grid.children[2]) == Rect(x: 88, y: 40, width: 287, height: 120))
        #expect(frames.size == Size(width: 375, height: 240))
    }
}
