import KeelSupport

/// The legacy `kern` table: horizontal format 0 pair subtables of the Microsoft (version 0)
/// and Apple (version 1) layouts. Minimum, cross-stream and other formats are skipped.
enum KerningTable {
    static func pairs(bytes: ByteReader, table: (offset: Int, length: Int)) throws -> [UInt32: Int16] {
        let base = table.offset
        let end = base + table.length
        guard table.length >= 4 else { throw FontFileError.malformedTable("kern", reason: "too short") }
        var pairs: [UInt32: Int16] = [:]
        let apple = try bytes.u16(base) == 1
        let subtableCount = apple ? Int(try bytes.u32(base + 4)) : Int(try bytes.u16(base + 2))
        var position = base + (apple ? 8 : 4)
        for _ in 0..<min(subtableCount, 64) {
            guard position + (apple ? 8 : 6) <= end else {
                throw FontFileError.malformedTable("kern", reason: "subtable header past the table's end")
            }
            let length: Int
            let format: UInt16
            let horizontal: Bool
            let header: Int
            if apple {
                length = Int(try bytes.u32(position))
                let coverage = try bytes.u16(position + 4)
                format = coverage & 0xFF
                horizontal = coverage & 0xE000 == 0  // not vertical, not cross-stream, no variation
                header = 8
            } else {
                length = Int(try bytes.u16(position + 2))
                let coverage = try bytes.u16(position + 4)
                format = coverage >> 8
                horizontal = coverage & 0x1 != 0 && coverage & 0x6 == 0
                header = 6
            }
            guard length >= header else {
                throw FontFileError.malformedTable("kern", reason: "subtable of length \(length)")
            }
            if format == 0, horizontal {
                let pairCount = Int(try bytes.u16(position + header))
                let first = position + header + 8
                // Some fonts' 16-bit subtable length overflows; trust the pair count within the table.
                guard first + pairCount * 6 <= end else {
                    throw FontFileError.malformedTable(
                        "kern", reason: "\(pairCount) pairs past the table's end")
                }
                pairs.reserveCapacity(pairs.count + pairCount)
                for index in 0..<pairCount {
                    let record = first + 6 * index
                    let key = bytes.u32Unchecked(record)
                    pairs[key] = Int16(bitPattern: bytes.u16Unchecked(record + 4))
                }
                position = first + pairCount * 6
            } else {
                position += length
            }
        }
        return pairs
    }
}
