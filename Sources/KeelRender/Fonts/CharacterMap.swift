import KeelSupport

/// A face's Unicode character map (`cmap` format 12 for the full range, else format 4 for
/// the Basic Multilingual Plane), validated once and then looked up without failing.
struct CharacterMap: Sendable {
    private struct Segment: Sendable {
        var start: UInt32
        var end: UInt32
        var delta: UInt16
        /// The byte position of the segment's glyph index entry, 0 for delta-only segments.
        var rangeBase: Int
    }

    private struct Group: Sendable {
        var start: UInt32
        var end: UInt32
        var glyph: UInt32
    }

    private var segments: [Segment] = []
    private var groups: [Group] = []
    private var glyphArrayEnd = 0
    /// Glyphs of U+0000…U+007F, the common case, looked up once.
    private var ascii: [UInt16] = []

    init(bytes: ByteReader, table: (offset: Int, length: Int)) throws {
        let base = table.offset
        guard table.length >= 4 else { throw FontFileError.malformedTable("cmap", reason: "too short") }
        let count = Int(try bytes.u16(base + 2))
        try bytes.require(base + 4, count * 8, "the cmap encoding records")
        var format12: Int?
        var format4: Int?
        for index in 0..<count {
            let record = base + 4 + 8 * index
            let platform = try bytes.u16(record)
            let encoding = try bytes.u16(record + 2)
            let offset = base + Int(try bytes.u32(record + 4))
            let unicode = platform == 0 || (platform == 3 && (encoding == 1 || encoding == 10))
            guard unicode, let format = try? bytes.u16(offset) else { continue }
            if format == 12, format12 == nil { format12 = offset }
            if format == 4, format4 == nil { format4 = offset }
        }
        if let offset = format12 {
            try parseFormat12(bytes, offset)
        } else if let offset = format4 {
            try parseFormat4(bytes, offset)
        } else {
            throw FontFileError.unsupportedCharacterMap
        }
        ascii = (0..<128).map { UInt16(truncatingIfNeeded: lookup(UInt32($0), bytes: bytes)) }
    }

    private mutating func parseFormat12(_ bytes: ByteReader, _ offset: Int) throws {
        let count = Int(try bytes.u32(offset + 12))
        guard count <= (bytes.count - offset) / 12 else {
            throw FontFileError.malformedTable("cmap", reason: "format 12 with \(count) groups")
        }
        try bytes.require(offset + 16, count * 12, "cmap format 12 groups")
        var previousEnd: UInt32?
        groups.reserveCapacity(count)
        for index in 0..<count {
            let record = offset + 16 + 12 * index
            let group = Group(
                start: bytes.u32Unchecked(record), end: bytes.u32Unchecked(record + 4),
                glyph: bytes.u32Unchecked(record + 8))
            guard group.start <= group.end, previousEnd.map({ $0 < group.start }) ?? true else {
                throw FontFileError.malformedTable("cmap", reason: "format 12 groups out of order")
            }
            previousEnd = group.end
            groups.append(group)
        }
    }

    private mutating func parseFormat4(_ bytes: ByteReader, _ offset: Int) throws {
        let length = Int(try bytes.u16(offset + 2))
        let segmentCount = Int(try bytes.u16(offset + 6)) / 2
        guard segmentCount > 0 else {
            throw FontFileError.malformedTable("cmap", reason: "format 4 with no segments")
        }
        try bytes.require(offset, max(length, 16 + 8 * segmentCount), "cmap format 4")
        let ends = offset + 14
        let starts = ends + 2 * segmentCount + 2
        let deltas = starts + 2 * segmentCount
        let ranges = deltas + 2 * segmentCount
        glyphArrayEnd = min(bytes.count, offset + max(length, 16 + 8 * segmentCount))
        var previousEnd: UInt32?
        for index in 0..<segmentCount {
            let end = UInt32(bytes.u16Unchecked(ends + 2 * index))
            let start = UInt32(bytes.u16Unchecked(starts + 2 * index))
            guard start <= end, previousEnd.map({ $0 < start }) ?? true else {
                throw FontFileError.malformedTable("cmap", reason: "format 4 segments out of order")
            }
            previousEnd = end
            let rangeOffset = Int(bytes.u16Unchecked(ranges + 2 * index))
            segments.append(
                Segment(
                    start: start, end: end, delta: bytes.u16Unchecked(deltas + 2 * index),
                    rangeBase: rangeOffset == 0 ? 0 : ranges + 2 * index + rangeOffset))
        }
    }

    func glyph(for scalar: UInt32, bytes: ByteReader) -> Int {
        if scalar < 128, !ascii.isEmpty { return Int(ascii[Int(scalar)]) }
        return lookup(scalar, bytes: bytes)
    }

    private func lookup(_ scalar: UInt32, bytes: ByteReader) -> Int {
        if !groups.isEmpty {
            var low = 0
            var high = groups.count - 1
            while low <= high {
                let middle = (low + high) / 2
                let group = groups[middle]
                if scalar < group.start {
                    high = middle - 1
                } else if scalar > group.end {
                    low = middle + 1
                } else {
                    return Int(group.glyph &+ (scalar - group.start))
                }
            }
            return 0
        }
        guard scalar <= 0xFFFF else { return 0 }
        var low = 0
        var high = segments.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let segment = segments[middle]
            if scalar < segment.start {
                high = middle - 1
            } else if scalar > segment.end {
                low = middle + 1
            } else {
                if segment.rangeBase == 0 { return Int(UInt16(truncatingIfNeeded: scalar) &+ segment.delta) }
                let position = segment.rangeBase + 2 * Int(scalar - segment.start)
                // An entry pointing outside the subtable maps to .notdef rather than failing.
                guard position + 1 < glyphArrayEnd else { return 0 }
                let glyph = bytes.u16Unchecked(position)
                return glyph == 0 ? 0 : Int(glyph &+ segment.delta)
            }
        }
        return 0
    }
}
