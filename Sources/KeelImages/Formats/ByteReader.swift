import Foundation

/// Bounds-checked reads from encoded image bytes; every read that would run past the end
/// throws ``ImageHeaderError/truncated(format:offset:needed:)`` instead of trapping.
struct ByteReader {
    let bytes: [UInt8]

    init(_ data: Data) {
        bytes = [UInt8](data)
    }

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    var count: Int { bytes.count }

    func starts(with prefix: [UInt8]) -> Bool {
        matches(prefix, at: 0)
    }

    func matches(_ expected: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, offset + expected.count <= bytes.count else { return false }
        for (index, byte) in expected.enumerated() where bytes[offset + index] != byte { return false }
        return true
    }

    func ascii(at offset: Int, count: Int) -> String? {
        guard offset >= 0, offset + count <= bytes.count else { return nil }
        return String(decoding: bytes[offset..<(offset + count)], as: UTF8.self)
    }

    /// Throws `truncated` unless `count` bytes are available at `offset`.
    func require(_ count: Int, at offset: Int, _ format: ImageFormat) throws {
        guard offset >= 0, count >= 0, offset <= bytes.count, bytes.count - offset >= count else {
            throw ImageHeaderError.truncated(
                format: format, offset: min(max(offset, 0), bytes.count),
                needed: count - max(0, bytes.count - offset))
        }
    }

    func u8(_ offset: Int, _ format: ImageFormat) throws -> Int {
        try require(1, at: offset, format)
        return Int(bytes[offset])
    }

    func u16be(_ offset: Int, _ format: ImageFormat) throws -> Int {
        try require(2, at: offset, format)
        return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }

    func u16le(_ offset: Int, _ format: ImageFormat) throws -> Int {
        try require(2, at: offset, format)
        return Int(bytes[offset + 1]) << 8 | Int(bytes[offset])
    }

    func u24le(_ offset: Int, _ format: ImageFormat) throws -> Int {
        try require(3, at: offset, format)
        return Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 1]) << 8 | Int(bytes[offset])
    }

    func u32be(_ offset: Int, _ format: ImageFormat) throws -> Int {
        try require(4, at: offset, format)
        return (0..<4).reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
    }

    func u32le(_ offset: Int, _ format: ImageFormat) throws -> Int {
        try require(4, at: offset, format)
        return (0..<4).reversed().reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
    }

    func u64be(_ offset: Int, _ format: ImageFormat) throws -> UInt64 {
        try require(8, at: offset, format)
        return (0..<8).reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[offset + $1]) }
    }

    func fourCC(_ offset: Int, _ format: ImageFormat) throws -> String {
        try require(4, at: offset, format)
        return String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
    }

    /// The first bytes, for error messages.
    var prefix: [UInt8] { Array(bytes.prefix(12)) }
}
