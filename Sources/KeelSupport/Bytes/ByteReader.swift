import Foundation

/// Bounds-checked reads over bytes from outside (image headers, font files): every read that
/// would run past the end throws ``OutOfBounds`` instead of trapping, so each parser maps it
/// to its own typed error saying what and where. The one byte reader of the package: the image
/// header parsers and the font tables read through it.
@usableFromInline package struct ByteReader: Sendable {
    /// A read that would run past the end: `needed` bytes at `offset`, of which only
    /// `available` exist.
    @usableFromInline package struct OutOfBounds: Error, Hashable, Sendable {
        /// Where the read starts (clamped to `0…count`).
        package var offset: Int
        /// How many bytes the read needs.
        package var needed: Int
        /// How many of them exist.
        package var available: Int
        /// How many are missing.
        package var missing: Int { needed - available }

        /// A failed read of `needed` bytes at `offset`, of which `available` exist.
        @usableFromInline init(offset: Int, needed: Int, available: Int) {
            self.offset = offset
            self.needed = needed
            self.available = available
        }
    }

    /// The bytes.
    @usableFromInline package let bytes: [UInt8]

    /// A reader over `bytes`.
    package init(bytes: [UInt8]) { self.bytes = bytes }

    /// A reader over `data`'s bytes.
    package init(_ data: Data) { bytes = [UInt8](data) }

    /// The number of bytes.
    @inlinable package var count: Int { bytes.count }

    /// The first bytes, for error messages.
    package var prefix: [UInt8] { Array(bytes.prefix(12)) }

    /// Throws ``OutOfBounds`` unless `count` bytes exist at `offset`.
    @inlinable package func require(_ count: Int, at offset: Int) throws {
        guard offset >= 0, count >= 0, offset <= bytes.count, bytes.count - offset >= count else {
            let start = min(max(offset, 0), bytes.count)
            throw OutOfBounds(offset: start, needed: max(0, count), available: max(0, bytes.count - start))
        }
    }

    /// Whether `expected` is at `offset`.
    package func matches(_ expected: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, offset <= bytes.count, expected.count <= bytes.count - offset else { return false }
        for (index, byte) in expected.enumerated() where bytes[offset + index] != byte { return false }
        return true
    }

    /// Whether the bytes start with `prefix`.
    package func starts(with prefix: [UInt8]) -> Bool { matches(prefix, at: 0) }

    /// `count` bytes at `offset` decoded as UTF-8 (`nil` past the end).
    package func ascii(at offset: Int, count: Int) -> String? {
        guard offset >= 0, count >= 0, offset <= bytes.count, count <= bytes.count - offset else {
            return nil
        }
        return String(decoding: bytes[offset..<(offset + count)], as: UTF8.self)
    }

    /// Four bytes at `offset` as a tag, bytes outside printable ASCII shown as `?`.
    package func printableTag(at offset: Int) throws -> String {
        try require(4, at: offset)
        return String(
            decoding: bytes[offset..<offset + 4].map { (0x20...0x7E).contains($0) ? $0 : 0x3F }, as: UTF8.self
        )
    }

    /// The unsigned integer of `size` bytes (1…8) at `offset`, big- or little-endian.
    @inlinable package func unsigned(at offset: Int, size: Int, bigEndian: Bool = true) throws -> UInt64 {
        try require(size, at: offset)
        var value: UInt64 = 0
        for index in 0..<size {
            let byte = UInt64(bytes[offset + (bigEndian ? index : size - 1 - index)])
            value = value << 8 | byte
        }
        return value
    }

    /// The byte at `offset`.
    @inlinable package func uint8(at offset: Int) throws -> UInt8 {
        try require(1, at: offset)
        return bytes[offset]
    }

    /// The 16-bit value at `offset`.
    @inlinable package func uint16(at offset: Int, bigEndian: Bool = true) throws -> UInt16 {
        UInt16(truncatingIfNeeded: try unsigned(at: offset, size: 2, bigEndian: bigEndian))
    }

    /// The 32-bit value at `offset`.
    @inlinable package func uint32(at offset: Int, bigEndian: Bool = true) throws -> UInt32 {
        UInt32(truncatingIfNeeded: try unsigned(at: offset, size: 4, bigEndian: bigEndian))
    }

    /// The big-endian 16-bit value at `offset`, unchecked: for hot paths whose bounds were
    /// validated when the whole table was read.
    @inlinable @inline(__always) package func uint16Unchecked(at offset: Int) -> UInt16 {
        UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    /// The big-endian 32-bit value at `offset`, unchecked (see ``uint16Unchecked(at:)``).
    @inlinable @inline(__always) package func uint32Unchecked(at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
            | UInt32(bytes[offset + 3])
    }
}
