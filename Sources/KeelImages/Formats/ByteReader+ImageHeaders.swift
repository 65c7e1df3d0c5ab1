import Foundation
import KeelSupport

/// The image header parsers' reads over KeelSupport's `ByteReader`: a read past the end
/// throws ``ImageHeaderError/truncated(format:offset:needed:)`` for the format being parsed.
extension ByteReader {
    /// Runs `read`, turning a read past the end into the format's `truncated` error.
    private func reading<T>(_ format: ImageFormat, _ read: () throws -> T) throws -> T {
        do {
            return try read()
        } catch let bounds as OutOfBounds {
            throw ImageHeaderError.truncated(format: format, offset: bounds.offset, needed: bounds.missing)
        }
    }

    /// Throws `truncated` unless `count` bytes are available at `offset`.
    func require(_ count: Int, at offset: Int, _ format: ImageFormat) throws {
        try reading(format) { try require(count, at: offset) }
    }

    func u8(_ offset: Int, _ format: ImageFormat) throws -> Int {
        try reading(format) { Int(try uint8(at: offset)) }
    }

    func u16be(_ offset: Int, _ format: ImageFormat) throws -> Int {
        try reading(format) { Int(try uint16(at: offset)) }
    }

    func u16le(_ offset: Int, _ format: ImageFormat) throws -> Int {
        try reading(format) { Int(try uint16(at: offset, bigEndian: false)) }
    }

    func u24le(_ offset: Int, _ format: ImageFormat) throws -> Int {
        try reading(format) { Int(try unsigned(at: offset, size: 3, bigEndian: false)) }
    }

    func u32be(_ offset: Int, _ format: ImageFormat) throws -> Int {
        try reading(format) { Int(try uint32(at: offset)) }
    }

    func u32le(_ offset: Int, _ format: ImageFormat) throws -> Int {
        try reading(format) { Int(try uint32(at: offset, bigEndian: false)) }
    }

    func u64be(_ offset: Int, _ format: ImageFormat) throws -> UInt64 {
        try reading(format) { try unsigned(at: offset, size: 8) }
    }

    func fourCC(_ offset: Int, _ format: ImageFormat) throws -> String {
        try reading(format) {
            try require(4, at: offset)
            return String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
        }
    }
}
