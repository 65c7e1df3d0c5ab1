import KeelDesign
import Testing

@testable import KeelRender

/// Issue 38, item 7: a paragraph's base direction comes from its first strong character;
/// only its alignment follows the layout direction.
@Suite("Text base direction")
struct TextBaseDirectionTests {
    @Test(
        "the first strong character decides; none leaves it to the layout",
        arguments: [
            ("We sent the receipt to your e-mail.", TextDirection.leftToRight as TextDirection?),
            ("  …42. Hello", .leftToRight), ("שלום, world", .rightToLeft), ("مرحبا", .rightToLeft),
            ("123 مرحبا", .rightToLeft), ("\u{200F}Hello", .rightToLeft), ("\u{200E}שלום", .leftToRight),
            ("分享", .leftToRight), ("42 — !", nil), ("", nil),
        ])
    func firstStrong(row: (String, TextDirection?)) {
        #expect(TextDirection.firstStrong(in: row.0) == row.1)
    }

    func drawnShape(_ text: String, direction: TextDirection) -> SVGTextShape? {
        var font = FontDescriptor(
            style: FontStyle(size: 14, weight: .regular, lineHeight: 20), category: .large, boldText: false)
        font.tracking = 0
        let drawn = TestFonts.measurer.draw(
            text, font: font, color: .black, in: Rect(x: 0, y: 0, width: 300, height: 40),
            direction: direction)
        guard case .text(let shape) = drawn.node else { return nil }
        return shape
    }

    @Test(
        "Latin text in a right-to-left layout keeps its own order but aligns right",
        .enabled(if: TestFonts.available, TestFonts.reason))
    func latinInRightToLeft() throws {
        let shape = try #require(drawnShape("We sent the receipt to your e-mail.", direction: .rightToLeft))
        #expect(!shape.rightToLeft)
        #expect(shape.anchor == .right)
        let svg = SVGDocument(width: 300, height: 40, background: nil, nodes: [.text(shape)]).svg
        #expect(!svg.contains("direction=\"rtl\""))
        #expect(svg.contains("text-anchor=\"end\""))
    }

    @Test(
        "Hebrew in a left-to-right layout is ordered right to left but aligns left",
        .enabled(if: TestFonts.available, TestFonts.reason))
    func hebrewInLeftToRight() throws {
        let shape = try #require(drawnShape("שלום, עולם", direction: .leftToRight))
        #expect(shape.rightToLeft && shape.anchor == .left)
        let neutral = try #require(drawnShape("42", direction: .rightToLeft))
        #expect(neutral.rightToLeft && neutral.anchor == .right)
    }
}
