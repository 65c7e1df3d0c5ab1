import KeelComponents
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
