import KeelSupport

/// The font tables' reads over KeelSupport's `ByteReader`: a read past the end throws
/// `FontFileError.truncated` naming what was being read.
extension ByteReader {
    /// Throws `truncated(what)` unless `length` bytes exist at `offset`.
    func require(_ offset: Int, _ length: Int, _ what: @autoclosure () -> String) throws {
        do { try require(length, at: offset) } catch is OutOfBounds { throw FontFileError.truncated(what()) }
    }

    func u8(_ offset: Int) throws -> UInt8 {
        try require(offset, 1, "a byte at \(offset)")
        return bytes[offset]
    }

    func u16(_ offset: Int) throws -> UInt16 {
        try require(offset, 2, "a 16-bit value at \(offset)")
        return uint16Unchecked(at: offset)
    }

    func i16(_ offset: Int) throws -> Int16 { Int16(bitPattern: try u16(offset)) }

    func u32(_ offset: Int) throws -> UInt32 {
        try require(offset, 4, "a 32-bit value at \(offset)")
        return uint32Unchecked(at: offset)
    }

    func tag(_ offset: Int) throws -> String {
        try require(offset, 4, "a tag at \(offset)")
        return try printableTag(at: offset)
    }

    /// Unchecked reads for hot paths whose bounds were validated when the font was loaded.
    @inline(__always) func u16Unchecked(_ offset: Int) -> UInt16 { uint16Unchecked(at: offset) }

    @inline(__always) func u32Unchecked(_ offset: Int) -> UInt32 { uint32Unchecked(at: offset) }
}
