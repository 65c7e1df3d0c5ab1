import KeelLayout
import Testing

/// What KeelUIKit's `KeelLayout.vertical(spacing:) { … }` and `.horizontal` build (TangramKit's
/// linear layouts): a `VerticalStack`/`HorizontalStack` with `alignment: .flexStart` whose
/// children are leaves measured by their views.
@Suite("KeelLayout.vertical / horizontal: linear layouts as flex containers")
struct LinearLayoutTests {
    /// A label-like leaf (120 × 20) and an avatar-like leaf (48 × 48).
    static let title = Leaf(name: "title", measure: .intrinsic(Size(width: 120, height: 20)))
    static let avatar = Leaf(name: "avatar", measure: .intrinsic(Size(width: 48, height: 48)))

    @Test("vertical(spacing: 12) is a column, row gap 12, children at their own width from the top")
    func vertical() {
        let spec = VerticalStack(spacing: 12, alignment: .flexStart) {
            Self.title
            Self.avatar
        }.spec
        #expect(spec.style.flexDirection == .column)
        #expect(spec.style.rowGap == .points(12))
        #expect(spec.style.alignItems == .flexStart)
        #expect(spec.style.justifyContent == .flexStart)
        let node = spec.makeNode()
        let frames = node.layout(width: .definite(320), height: .definite(200)).entries.map(\.frame)
        #expect(
            frames == [
                Rect(x: 0, y: 0, width: 320, height: 200),
                Rect(x: 0, y: 0, width: 120, height: 20),
                Rect(x: 0, y: 32, width: 48, height: 48),
            ])
        // The layout wraps its content (what the view starts at and reports as intrinsic).
        #expect(
            node.fittingSize(
                width: .proposal(.greatestFiniteMagnitude), height: .proposal(.greatestFiniteMagnitude))
                == Size(width: 120, height: 80))
    }

    @Test("horizontal(spacing: 8) is a row, column gap 8, children at their own height from the top")
    func horizontal() {
        let spec = HorizontalStack(spacing: 8, alignment: .flexStart) {
            Self.avatar
            Self.title
        }.spec
        #expect(spec.style.flexDirection == .row)
        #expect(spec.style.columnGap == .points(8))
        #expect(spec.style.alignItems == .flexStart)
        let node = spec.makeNode()
        let frames = node.layout(width: .definite(320), height: .definite(200)).entries.map(\.frame)
        #expect(
            frames == [
                Rect(x: 0, y: 0, width: 320, height: 200),
                Rect(x: 0, y: 0, width: 48, height: 48),
                Rect(x: 56, y: 0, width: 120, height: 20),
            ])
        #expect(
            node.fittingSize(
                width: .proposal(.greatestFiniteMagnitude), height: .proposal(.greatestFiniteMagnitude))
                == Size(width: 176, height: 48))
    }
}
