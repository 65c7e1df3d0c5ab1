/// Bounds-checked big-endian reads over a font file's bytes.
struct FontBytes: Sendable {
    let bytes: [UInt8]

    var count: Int { bytes.count }

    func require(_ offset: Int, _ length: Int, _ what: @autoclosure () -> String) throws {
        guard offset >= 0, length >= 0, offset <= bytes.count, length <= bytes.count - offset else {
            throw FontFileError.truncated(what())
        }
    }

    func u8(_ offset: Int) throws -> UInt8 {
        try require(offset, 1, "a byte at \(offset)")
        return bytes[offset]
    }

    func u16(_ offset: Int) throws -> UInt16 {
        try require(offset, 2, "a 16-bit value at \(offset)")
        return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    func i16(_ offset: Int) throws -> Int16 { Int16(bitPattern: try u16(offset)) }

    func u32(_ offset: Int) throws -> UInt32 {
        try require(offset, 4, "a 32-bit value at \(offset)")
        return UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
            | UInt32(bytes[offset + 3])
    }

    func tag(_ offset: Int) throws -> String {
        try require(offset, 4, "a tag at \(offset)")
        return String(
            decoding: bytes[offset..<offset + 4].map { (0x20...0x7E).contains($0) ? $0 : 0x3F }, as: UTF8.self
        )
    }

    /// Unchecked reads for hot paths whose bounds were validated when the font was loaded.
    @inline(__always) func u16Unchecked(_ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    @inline(__always) func u32Unchecked(_ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
            | UInt32(bytes[offset + 3])
    }
}
