/// A text input's contents as UIKit reports them: the text, the selection and the marked
/// (still composing) range, as UTF-16 offsets like `NSRange`.
public struct TextInputState: Hashable, Sendable {
    /// The text, including any marked text.
    public var text: String
    /// The selection (an empty range is the caret), in UTF-16 offsets.
    public var selection: Range<Int>
    /// The range the input method is still composing, if any.
    public var markedRange: Range<Int>?

    /// A state; the caret defaults to the end of the text.
    public init(text: String, selection: Range<Int>? = nil, markedRange: Range<Int>? = nil) {
        self.text = text
        let end = text.utf16.count
        self.selection = selection ?? end..<end
        self.markedRange = markedRange
    }

    /// Whether an input method is composing (marked text present).
    package var isComposing: Bool { markedRange.map { !$0.isEmpty } ?? false }
}

/// The result of limiting an edit.
public struct LimitedEdit: Hashable, Sendable {
    /// The text after the edit.
    public var text: String
    /// The caret after the edit, as a UTF-16 offset (just after the inserted text).
    public var caret: Int
    /// Whether part of the inserted text was dropped to respect the limit.
    public var wasTrimmed: Bool
}

/// Limits a text input to a number of grapheme clusters.
///
/// Unlike the reference, which cut the text's tail after each edit and moved the caret to the
/// end, this trims **the inserted text**: pasting into the middle keeps what was before and
/// after it, and the caret lands after the part that fitted. While an input method is
/// composing, nothing is trimmed; the limit applies when the composition is committed.
public struct TextLengthLimiter: Hashable, Sendable {
    /// The maximum number of grapheme clusters.
    public let maximumLength: Int

    /// A limiter; the maximum must be positive.
    public init(maximumLength: Int) throws {
        guard maximumLength > 0 else {
            throw TextInputConfigurationError.nonPositiveMaximumLength(maximumLength)
        }
        self.maximumLength = maximumLength
    }

    /// Replaces `range` (UTF-16 offsets, clamped and snapped to character boundaries) of
    /// `state.text` with `replacement`, keeping only the prefix of `replacement` that fits.
    /// Composing input passes unchanged.
    public func apply(replacing range: Range<Int>, with replacement: String, in state: TextInputState)
        -> LimitedEdit
    {
        let text = state.text
        let lower = Self.boundary(atOrBelow: range.lowerBound, in: text)
        // An empty range (a caret) stays empty when snapped; a selection grows to whole characters.
        let upper = range.isEmpty ? lower : max(lower, Self.boundary(atOrAbove: range.upperBound, in: text))
        let prefix = Self.substring(text, 0, lower)
        let suffix = Self.substring(text, upper, text.utf16.count)
        let full = prefix + replacement + suffix
        if state.isComposing || full.count <= maximumLength {
            return LimitedEdit(text: full, caret: lower + replacement.utf16.count, wasTrimmed: false)
        }
        // Keep the longest prefix of the replacement (whole characters) that fits; joining
        // can merge clusters, so check the assembled text rather than adding counts.
        let characters = Array(replacement)
        var keep = min(characters.count, max(0, maximumLength - (prefix.count + suffix.count)))
        while keep >= 0 {
            let inserted = String(characters[0..<keep])
            let candidate = prefix + inserted + suffix
            if candidate.count <= maximumLength || keep == 0 {
                return LimitedEdit(text: candidate, caret: lower + inserted.utf16.count, wasTrimmed: true)
            }
            keep -= 1
        }
        return LimitedEdit(text: prefix + suffix, caret: lower, wasTrimmed: true)
    }

    /// Brings a state back within the limit after the fact (for example when a composition
    /// is committed): removes the excess characters just before the caret — the newest
    /// input — and never touches a state that is still composing.
    ///
    /// Linear in the text: the excess is cut in one step, then the joined text is counted
    /// (it used to remove one character at a time and count the whole text again after each,
    /// so a 32,000-character paste over a limit of 10 took about 15 seconds). Where the cut
    /// joins the clusters either side of it into one, one character fewer goes, and the caret
    /// lands after the joined cluster rather than inside it.
    public func enforce(_ state: TextInputState) -> LimitedEdit {
        let text = state.text
        let caret = Self.boundary(atOrBelow: state.selection.upperBound, in: text)
        guard !state.isComposing, text.count > maximumLength else {
            return LimitedEdit(text: text, caret: caret, wasTrimmed: false)
        }
        let before = Array(Self.substring(text, 0, caret))
        let after = Self.substring(text, caret, text.utf16.count)
        let afterCount = after.count
        // Keep the longest prefix of the characters before the caret that fits beside the
        // text after it, dropping at least one.
        var kept = max(0, before.count - max(1, before.count + afterCount - maximumLength))
        var keptText = String(before[0..<kept])
        var result = keptText + after
        // Joining can merge the clusters either side of the cut — a combining mark or a jamo
        // after the caret joins what is kept ("Ae\n" + "\u{301}" is "Aé", three characters
        // counting two; a lone ZWJ and an emoji after it join a kept emoji, three counting one)
        // — so the joined text can count fewer than its parts, and a longer prefix may fit.
        // A join merges at most a few clusters, so the next `joinWindow` lengths are tried,
        // longest first (never all of them: the text was over). Counting the joined text
        // itself also catches one that counts more; then drop what is over and check again.
        let longest = min(before.count - 1, kept + Self.joinWindow)
        for length in stride(from: longest, to: kept, by: -1) {
            let longer = String(before[0..<length])
            let candidate = longer + after
            guard candidate.count <= maximumLength else { continue }
            kept = length
            keptText = longer
            result = candidate
            break
        }
        while kept > 0, result.count > maximumLength {
            kept = max(0, kept - (result.count - maximumLength))
            keptText = String(before[0..<kept])
            result = keptText + after
        }
        if result.count > maximumLength {
            // The caret was at the start: drop from the end as a last resort.
            result = String(result.prefix(maximumLength))
        }
        // The caret goes after what was kept; where that joined the next character into one
        // cluster, after the cluster (never inside it).
        let newCaret = Self.boundary(atOrAbove: min(keptText.utf16.count, result.utf16.count), in: result)
        return LimitedEdit(text: result, caret: newCaret, wasTrimmed: true)
    }

    /// How many characters past the first cut ``enforce(_:)`` tries to keep: how many clusters
    /// a join at the cut can merge (a lone ZWJ and an emoji after it both join a kept emoji).
    static let joinWindow = 3

    // MARK: - UTF-16 helpers

    /// The UTF-16 offsets of every character boundary, from 0 to the length.
    static func boundaries(of text: String) -> [Int] {
        var result = [0]
        var offset = 0
        for character in text {
            offset += character.utf16.count
            result.append(offset)
        }
        return result
    }

    /// The nearest character boundary at or below `offset` (clamped to the text).
    static func boundary(atOrBelow offset: Int, in text: String) -> Int {
        let bounds = boundaries(of: text)
        return bounds.last(where: { $0 <= max(0, offset) }) ?? 0
    }

    /// The nearest character boundary at or above `offset` (clamped to the text).
    static func boundary(atOrAbove offset: Int, in text: String) -> Int {
        let bounds = boundaries(of: text)
        return bounds.first(where: { $0 >= offset }) ?? text.utf16.count
    }

    static func substring(_ text: String, _ from: Int, _ to: Int) -> String {
        let utf16 = text.utf16
        let start = utf16.index(utf16.startIndex, offsetBy: max(0, min(from, utf16.count)))
        let end = utf16.index(utf16.startIndex, offsetBy: max(0, min(to, utf16.count)))
        guard start <= end else { return "" }
        return String(utf16[start..<end]) ?? String(text[start..<end])
    }
}
