import KeelComponents
import KeelTesting
import Testing

@Suite("Text length limiting")
struct TextLengthLimiterTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let range: Range<Int>
        let replacement: String
        let maximum: Int
        let composing: Bool
        let result: String
        let caretAfter: String  // the text before the caret
        let trimmed: Bool
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(
            name: "typing under the limit", text: "ab", range: 2..<2, replacement: "c", maximum: 5,
            composing: false, result: "abc", caretAfter: "abc", trimmed: false),
        Row(
            name: "limit edge: exactly full", text: "abcd", range: 4..<4, replacement: "e", maximum: 5,
            composing: false, result: "abcde", caretAfter: "abcde", trimmed: false),
        Row(
            name: "limit edge: one over", text: "abcde", range: 5..<5, replacement: "f", maximum: 5,
            composing: false, result: "abcde", caretAfter: "abcde", trimmed: true),
        Row(
            name: "paste in the middle trims the pasted part, not the tail", text: "abXYcd", range: 2..<2,
            replacement: "12345", maximum: 8, composing: false, result: "ab12XYcd", caretAfter: "ab12",
            trimmed: true),
        Row(
            name: "paste replacing a selection", text: "hello world", range: 0..<5, replacement: "goodbye",
            maximum: 13, composing: false, result: "goodbye world", caretAfter: "goodbye", trimmed: false),
        Row(
            name: "emoji ZWJ sequence is one character", text: "ab", range: 2..<2, replacement: "👨‍👩‍👧‍👦",
            maximum: 3, composing: false, result: "ab👨‍👩‍👧‍👦", caretAfter: "ab👨‍👩‍👧‍👦", trimmed: false),
        Row(
            name: "emoji never split", text: "abc", range: 3..<3, replacement: "👨‍👩‍👧‍👦🇨🇳", maximum: 4,
            composing: false, result: "abc👨‍👩‍👧‍👦", caretAfter: "abc👨‍👩‍👧‍👦", trimmed: true),
        Row(
            name: "CJK counted per character", text: "背书", range: 2..<2, replacement: "📚学习", maximum: 3,
            composing: false, result: "背书📚", caretAfter: "背书📚", trimmed: true),
        Row(
            name: "composition in progress is never trimmed", text: "abcde", range: 5..<5, replacement: "ni",
            maximum: 5, composing: true, result: "abcdeni", caretAfter: "abcdeni", trimmed: false),
        Row(
            name: "range inside a surrogate pair snaps to the character", text: "a😀b", range: 2..<2,
            replacement: "x", maximum: 10, composing: false, result: "ax😀b", caretAfter: "ax", trimmed: false),
        Row(
            name: "out-of-range range is clamped", text: "ab", range: 10..<20, replacement: "c", maximum: 10,
            composing: false, result: "abc", caretAfter: "abc", trimmed: false),
        Row(
            name: "combining mark joins the previous character", text: "cafe", range: 4..<4,
            replacement: "\u{301}", maximum: 4, composing: false, result: "cafe\u{301}",
            caretAfter: "cafe\u{301}", trimmed: false),
    ]

    @Test("edits", arguments: rows)
    func edit(row: Row) throws {
        let limiter = try TextLengthLimiter(maximumLength: row.maximum)
        let state = TextInputState(
            text: row.text, selection: row.range,
            markedRange: row.composing ? row.range.lowerBound..<(row.range.lowerBound + 1) : nil)
        let edit = limiter.apply(replacing: row.range, with: row.replacement, in: state)
        #expect(edit.text == row.result)
        #expect(edit.caret == row.caretAfter.utf16.count)
        #expect(edit.wasTrimmed == row.trimmed)
    }

    @Test("committing a composition trims the newest input before the caret")
    func enforce() throws {
        let limiter = try TextLengthLimiter(maximumLength: 4)
        let composing = TextInputState(text: "ab你好吗cd", selection: 5..<5, markedRange: 2..<5)
        #expect(limiter.enforce(composing).text == "ab你好吗cd")
        let committed = TextInputState(text: "ab你好吗cd", selection: 5..<5)
        let result = limiter.enforce(committed)
        #expect(result.text == "abcd")
        #expect(result.caret == 2)
        let caretAtStart = limiter.enforce(TextInputState(text: "abcdef", selection: 0..<0))
        #expect(caretAtStart.text == "abcd")
        #expect(limiter.enforce(TextInputState(text: "abc")).wasTrimmed == false)
    }

    /// A limited edit, compared field by field.
    struct Enforced: Equatable {
        var text: String
        var caret: Int
        var wasTrimmed: Bool

        init(text: String, caret: Int, wasTrimmed: Bool) {
            self.text = text
            self.caret = caret
            self.wasTrimmed = wasTrimmed
        }

        init(_ edit: LimitedEdit) {
            self.init(text: edit.text, caret: edit.caret, wasTrimmed: edit.wasTrimmed)
        }
    }

    /// The enforcement as it was (one character removed per pass, the whole text counted
    /// again after each): the reference the linear one must match. It counts the joined text
    /// and puts the caret after a cluster the cut joined (review-fixes F5: it used to add the
    /// parts' counts, which over-trims where the cut joins two clusters into one, and left the
    /// caret inside the joined cluster).
    static func quadraticEnforce(_ state: TextInputState, maximumLength: Int) -> Enforced {
        let text = state.text
        let caret = boundary(atOrBelow: state.selection.upperBound, in: text)
        guard !state.isComposing, text.count > maximumLength else {
            return Enforced(text: text, caret: caret, wasTrimmed: false)
        }
        var before = Array(substring(text, 0, caret))
        let after = substring(text, caret, text.utf16.count)
        var excess = text.count - maximumLength
        while excess > 0, !before.isEmpty {
            before.removeLast()
            excess = (String(before) + after).count - maximumLength
        }
        var result = String(before) + after
        if result.count > maximumLength { result = String(result.prefix(maximumLength)) }
        return Enforced(
            text: result,
            caret: boundary(atOrAbove: min(String(before).utf16.count, result.utf16.count), in: result),
            wasTrimmed: true)
    }

    /// The first character boundary at or above `offset`.
    static func boundary(atOrAbove offset: Int, in text: String) -> Int {
        var position = 0
        for character in text {
            guard position < offset else { return position }
            position += character.utf16.count
        }
        return position
    }

    /// Review-fixes F5: the cut can join the clusters either side of it. `"Ae\n" + "\u{301}"`
    /// over a limit of 2 used to drop both `e` and the line break (the parts counted 3 + 1)
    /// and give `"Á"` with the caret inside it; dropping the line break alone leaves `"Aé"`,
    /// two characters. A ZWJ join (`"👨\u{200D}X👩"`, caret before 👩) left the caret inside
    /// the joined `👨‍👩`; it now goes after it.
    @Test("a cut that joins two clusters drops no more than it must and snaps the caret")
    func enforceAcrossAJoin() throws {
        let two = try TextLengthLimiter(maximumLength: 2)
        let mark = two.enforce(TextInputState(text: "Ae\n\u{301}", selection: 3..<3))
        #expect(mark.text == "Ae\u{301}" && mark.text.count == 2)
        #expect(mark.caret == 3 && mark.wasTrimmed)
        let jamo = two.enforce(TextInputState(text: "A\u{11A8}\n\u{11A8}", selection: 3..<3))
        #expect(jamo.text == "A\u{11A8}\u{11A8}" && jamo.caret == 3)
        let family = two.enforce(TextInputState(text: "👨\u{200D}X👩", selection: 4..<4))
        #expect(family.text == "👨\u{200D}👩" && family.text.count == 1)
        #expect(family.caret == family.text.utf16.count)  // after the cluster, not at 3 inside it
        // A lone ZWJ and the emoji after it both join the kept 👨 (two merges): only the line
        // break goes. It used to drop 👨 too and leave "\u{200D}👩".
        let bridged = two.enforce(TextInputState(text: "👨\r\u{200D}👩", selection: 3..<3))
        #expect(bridged.text == "👨\u{200D}👩" && bridged.caret == bridged.text.utf16.count)
    }

    /// The limiter's UTF-16 helpers, as they are (internal to the module).
    static func boundary(atOrBelow offset: Int, in text: String) -> Int {
        var bounds = [0]
        var position = 0
        for character in text {
            position += character.utf16.count
            bounds.append(position)
        }
        return bounds.last(where: { $0 <= max(0, offset) }) ?? 0
    }

    static func substring(_ text: String, _ from: Int, _ to: Int) -> String {
        let utf16 = text.utf16
        let start = utf16.index(utf16.startIndex, offsetBy: max(0, min(from, utf16.count)))
        let end = utf16.index(utf16.startIndex, offsetBy: max(0, min(to, utf16.count)))
        guard start <= end else { return "" }
        return String(utf16[start..<end]) ?? String(text[start..<end])
    }

    /// Pieces that make hard grapheme clusters: combining marks (alone and after a letter),
    /// emoji with skin tones and ZWJ sequences, regional indicators (paired and lone), CRLF,
    /// Hangul jamo, variation selectors and a lone ZWJ.
    static let pieces = [
        "a", "Z", "é", "e\u{301}", "\u{301}", "\u{308}\u{301}", "👍🏽", "👨‍👩‍👧", "\u{200D}", "🇺🇸", "🇬",
        "你", "\u{1100}\u{1161}", "\r\n", "\r", "\n", "\u{FE0F}", "❤\u{FE0F}", "🏳️‍🌈", "க்ஷ",
        "\u{11A8}", "\u{1161}",
    ]

    /// The linear enforcement gives exactly what the quadratic one gave, on seeded random
    /// texts, carets (any UTF-16 offset, also inside a surrogate pair) and limits. It used to
    /// remove the excess one character at a time, counting the text again after each.
    @Test("enforcing in one step matches the one-at-a-time reference on random texts")
    func enforceMatchesReference() throws {
        var random = SeededRandomNumberGenerator(seed: 0x5EED_7E47)
        for round in 0..<3_000 {
            let length = Int.random(in: 0...40, using: &random)
            let text = (0..<length).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
            let utf16 = text.utf16.count
            let caret = Int.random(in: 0...utf16 + 2, using: &random)
            let maximum = Int.random(in: 1...24, using: &random)
            let state = TextInputState(text: text, selection: caret..<caret)
            let limiter = try TextLengthLimiter(maximumLength: maximum)
            let expected = Self.quadraticEnforce(state, maximumLength: maximum)
            let edit = limiter.enforce(state)
            #expect(
                Enforced(edit) == expected,
                "round \(round): \(text.debugDescription) caret \(caret) max \(maximum)")
            #expect(edit.text.count <= maximum, "round \(round)")
        }
    }

    /// A 32,000-character change over a limit of 10 (a long paste committed by a path that did
    /// not cut it first) is handled in one step: it used to take about 15 seconds, one pass over
    /// the text per removed character.
    @Test("a 32,000-character change over the limit is cut to it")
    func enforceLongText() throws {
        let limiter = try TextLengthLimiter(maximumLength: 10)
        let pasted = String(repeating: "ab👍🏽e\u{301}", count: 8_000)
        let state = TextInputState(text: "0123" + pasted + "xyz")
        let caret = state.text.utf16.count - 3
        let edit = limiter.enforce(TextInputState(text: state.text, selection: caret..<caret))
        // The newest input, just before the caret, goes: what was before it and after it stays.
        #expect(state.text.count == 32_007)
        #expect(edit.text == "0123ab👍🏽xyz" && edit.text.count == 10)
        #expect(edit.wasTrimmed && edit.caret == "0123ab👍🏽".utf16.count)
    }

    @Test("the maximum must be positive")
    func invalid() {
        #expect(throws: TextInputConfigurationError.nonPositiveMaximumLength(0)) {
            try TextLengthLimiter(maximumLength: 0)
        }
    }

    @Test("limit reached fires on the edge only, re-arms below, waits while composing")
    func edge() {
        var tracker = LimitReachedTracker()
        // (count, composing, fires)
        let sequence: [(Int, Bool, Bool)] = [
            (3, false, false), (5, true, false), (5, false, true), (6, false, false), (5, false, false),
            (4, false, false), (5, true, false), (5, false, true), (5, false, false),
        ]
        for (count, composing, fires) in sequence {
            #expect(tracker.update(count: count, maximum: 5, isComposing: composing) == fires)
        }
    }

    @Test("counter text and spoken value")
    func counter() {
        let counter = CharacterCounter(count: 3, maximum: 20)
        #expect(counter.text == "3/20")
        #expect(counter.parts.count == "3" && counter.parts.maximum == "/20")
        #expect(counter.accessibilityValue(.english) == "3 of 20 characters")
        #expect(counter.accessibilityValue(.simplifiedChinese) == "已输入 3 个字符，最多 20 个")
        #expect(!counter.isAtLimit)
    }
}
