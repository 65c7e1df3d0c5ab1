import KeelSupport

/// The family and style names from the `name` table (Windows or Unicode platform, English
/// preferred; Macintosh Roman names as a last resort).
struct NameTable: Sendable {
    var family: String?
    var style: String?

    init(bytes: ByteReader, table: (offset: Int, length: Int)) throws {
        let base = table.offset
        guard table.length >= 6 else { throw FontFileError.malformedTable("name", reason: "too short") }
        let count = Int(try bytes.u16(base + 2))
        let storage = base + Int(try bytes.u16(base + 4))
        try bytes.require(base + 6, count * 12, "the name records")
        // (name ID) → (score, text); the best-scoring record of each ID wins.
        var best: [UInt16: (score: Int, text: String)] = [:]
        for index in 0..<count {
            let record = base + 6 + 12 * index
            let platform = bytes.u16Unchecked(record)
            let encoding = bytes.u16Unchecked(record + 2)
            let language = bytes.u16Unchecked(record + 4)
            let nameID = bytes.u16Unchecked(record + 6)
            guard [1, 2, 16, 17].contains(nameID) else { continue }
            let length = Int(bytes.u16Unchecked(record + 8))
            let start = storage + Int(bytes.u16Unchecked(record + 10))
            guard (try? bytes.require(start, length, "a name")) != nil else { continue }
            let raw = Array(bytes.bytes[start..<start + length])
            let text: String
            let score: Int
            switch platform {
            case 0, 3:
                guard platform == 0 || encoding == 1 || encoding == 10 else { continue }
                var units: [UInt16] = []
                for pair in stride(from: 0, to: raw.count - 1, by: 2) {
                    units.append(UInt16(raw[pair]) << 8 | UInt16(raw[pair + 1]))
                }
                text = String(decoding: units, as: UTF16.self)
                score = platform == 3 && language == 0x409 ? 3 : 2
            case 1 where encoding == 0:
                text = String(decoding: raw.map { $0 < 0x80 ? $0 : 0x3F }, as: UTF8.self)
                score = 1
            default:
                continue
            }
            if score > (best[nameID]?.score ?? 0), !text.isEmpty { best[nameID] = (score, text) }
        }
        family = best[16]?.text ?? best[1]?.text
        style = best[17]?.text ?? best[2]?.text
    }
}
