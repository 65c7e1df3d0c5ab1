import Testing

@testable import KeelSupport

/// The one text form of numbers and strings in Keel's SVG output (the layout debugger's and
/// the gallery's, which used to be two copies that disagreed on huge numbers, `'` and
/// control characters).
@Suite("MarkupText")
struct MarkupTextTests {
    @Test(
        "numbers: two decimals at most, no exponent, no -0, bounded",
        arguments: [
            (12.0, "12"), (0.5, "0.5"), (-3.25, "-3.25"), (0.004, "0"), (-0.004, "0"),
            (5e12, "1000000000000"), (-1e300, "-1000000000000"), (.nan, "0"), (.infinity, "0"),
            (2.10, "2.1"), (0.07, "0.07"),
        ])
    func numbers(value: Double, expected: String) {
        #expect(MarkupText.number(value) == expected)
    }

    @Test("escaping: entities for markup, forbidden control characters dropped")
    func escaping() {
        #expect(MarkupText.escape("a & b <c> \"d\" 'e'") == "a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos;")
        #expect(MarkupText.escape("x\u{1}y\u{0}z\u{FFFE}") == "xyz")
        #expect(MarkupText.escape("tab\there\nline") == "tab\there\nline")
    }

    @Test("seeded numbers never trap and always read back within a hundredth")
    func fuzzedNumbers() {
        var random = SplitMix(seed: 0x5EED_5E61)
        func next() -> UInt64 { random.next() }
        for _ in 0..<5_000 {
            let value = Double(bitPattern: next())
            let text = MarkupText.number(value)
            #expect(!text.contains("e") && !text.contains("E") && text != "-0", "\(value) → \(text)")
            if value.isFinite, abs(value) < 1e12, let back = Double(text) {
                #expect(abs(back - value) <= 0.005 + 1e-9 * abs(value), "\(value) → \(text)")
            }
        }
    }
}
