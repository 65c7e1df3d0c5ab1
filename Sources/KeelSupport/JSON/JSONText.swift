/// The encoding JSON input arrived in.
package enum JSONSourceEncoding: Hashable, Sendable {
    /// UTF-8, with or without a byte order mark.
    case utf8
    /// UTF-16, little- or big-endian.
    case utf16(bigEndian: Bool)
    /// UTF-32, little- or big-endian.
    case utf32(bigEndian: Bool)
}

/// JSON input as UTF-8 text, with what is needed to map a text offset back to a position in
/// the input as given.
///
/// UTF-8 input is used as it is (a leading byte order mark is skipped). UTF-16 and UTF-32 input,
/// recognised by its byte order mark or (for input of a whole number of code units) by the
/// zero bytes of its first (always ASCII) character as RFC 4627 §3 describes, is transcoded strictly: an unpaired surrogate or an
/// out-of-range scalar is an error, never a replacement character.
package struct JSONText: Sendable {
    /// The UTF-8 bytes.
    package let bytes: [UInt8]
    /// Where the JSON text starts in `bytes` (3 after a UTF-8 byte order mark, else 0).
    package let start: Int
    /// The encoding of the input.
    package let encoding: JSONSourceEncoding
    /// The length of the input's byte order mark, for UTF-16 and UTF-32 input.
    private let inputBOMLength: Int

    /// Prepares `input`, transcoding UTF-16 and UTF-32 to UTF-8.
    package init(_ input: [UInt8]) throws {
        let count = input.count
        let b0 = count > 0 ? input[0] : 1
        let b1 = count > 1 ? input[1] : 1
        let b2 = count > 2 ? input[2] : 1
        let b3 = count > 3 ? input[3] : 1
        let detected: (JSONSourceEncoding, bom: Int)
        if b0 == 0xEF, b1 == 0xBB, b2 == 0xBF {
            detected = (.utf8, 3)
        } else if b0 == 0, b1 == 0, b2 == 0xFE, b3 == 0xFF {
            detected = (.utf32(bigEndian: true), 4)
        } else if b0 == 0xFF, b1 == 0xFE, b2 == 0, b3 == 0, count >= 4 {
            detected = (.utf32(bigEndian: false), 4)
        } else if b0 == 0xFE, b1 == 0xFF {
            detected = (.utf16(bigEndian: true), 2)
        } else if b0 == 0xFF, b1 == 0xFE {
            detected = (.utf16(bigEndian: false), 2)
        } else if count >= 4, count % 4 == 0, b0 == 0, b1 == 0, b2 == 0, b3 != 0 {
            detected = (.utf32(bigEndian: true), 0)
        } else if count >= 4, count % 4 == 0, b0 != 0, b1 == 0, b2 == 0, b3 == 0 {
            detected = (.utf32(bigEndian: false), 0)
        } else if count >= 2, count % 2 == 0, b0 == 0, b1 != 0 {
            detected = (.utf16(bigEndian: true), 0)
        } else if count >= 2, count % 2 == 0, b0 != 0, b1 == 0 {
            detected = (.utf16(bigEndian: false), 0)
        } else {
            detected = (.utf8, 0)
        }
        encoding = detected.0
        switch detected.0 {
        case .utf8:
            bytes = input
            start = detected.bom
            inputBOMLength = detected.bom
        case .utf16(let bigEndian):
            inputBOMLength = detected.bom
            start = 0
            bytes = try JSONText.transcodeUTF16(input, from: detected.bom, bigEndian: bigEndian)
        case .utf32(let bigEndian):
            inputBOMLength = detected.bom
            start = 0
            bytes = try JSONText.transcodeUTF32(input, from: detected.bom, bigEndian: bigEndian)
        }
    }

    /// The position of text offset `offset` in the input as given: (input offset, line, column).
    package func position(of offset: Int) -> (offset: Int, line: Int, column: Int) {
        let end = min(max(offset, start), bytes.count)
        var line = 1
        var column = 1
        var index = start
        var inputOffset = inputBOMLength
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte == 0x0D {
                if index + 1 >= bytes.count || bytes[index + 1] != 0x0A {
                    line += 1
                    column = 1
                }
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            switch encoding {
            case .utf8: inputOffset += 1
            case .utf16:
                if byte & 0xC0 != 0x80 { inputOffset += byte >= 0xF0 ? 4 : 2 }
            case .utf32:
                if byte & 0xC0 != 0x80 { inputOffset += 4 }
            }
            index += 1
        }
        return (inputOffset, line, column)
    }

    /// An error at text offset `offset`.
    package func error(_ reason: JSONError.Reason, at offset: Int, keyPath: [JSONPathComponent] = [])
        -> JSONError
    {
        let position = position(of: offset)
        return JSONError(
            reason, offset: position.offset, line: position.line, column: position.column, keyPath: keyPath)
    }

    private static func append(_ scalar: UInt32, to output: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            output.append(UInt8(scalar))
        case 0x80..<0x800:
            output.append(UInt8(0xC0 | (scalar >> 6)))
            output.append(UInt8(0x80 | (scalar & 0x3F)))
        case 0x800..<0x10000:
            output.append(UInt8(0xE0 | (scalar >> 12)))
            output.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            output.append(UInt8(0x80 | (scalar & 0x3F)))
        default:
            output.append(UInt8(0xF0 | (scalar >> 18)))
            output.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
            output.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            output.append(UInt8(0x80 | (scalar & 0x3F)))
        }
    }

    /// An encoding error at input offset `inputOffset`, positioned in the text decoded so far.
    private static func encodingError(_ detail: String, inputOffset: Int, decoded: [UInt8]) -> JSONError {
        var line = 1
        var column = 1
        for (index, byte) in decoded.enumerated() {
            if byte == 0x0A || (byte == 0x0D && (index + 1 >= decoded.count || decoded[index + 1] != 0x0A)) {
                line += 1
                column = 1
            } else if byte != 0x0D, byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return JSONError(.invalidEncoding(detail: detail), offset: inputOffset, line: line, column: column)
    }

    private static func transcodeUTF16(_ input: [UInt8], from bom: Int, bigEndian: Bool) throws
        -> [UInt8]
    {
        var output: [UInt8] = []
        output.reserveCapacity(input.count / 2)
        var index = bom
        func unit(_ at: Int) -> UInt32 {
            bigEndian
                ? UInt32(input[at]) << 8 | UInt32(input[at + 1])
                : UInt32(input[at + 1]) << 8 | UInt32(input[at])
        }
        while index + 1 < input.count {
            let first = unit(index)
            if first >= 0xD800, first <= 0xDBFF {
                guard index + 3 < input.count else {
                    throw encodingError(
                        "UTF-16 high surrogate at the end of the input", inputOffset: index, decoded: output)
                }
                let second = unit(index + 2)
                guard second >= 0xDC00, second <= 0xDFFF else {
                    throw encodingError(
                        "UTF-16 high surrogate without a low surrogate", inputOffset: index, decoded: output)
                }
                append(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00), to: &output)
                index += 4
            } else if first >= 0xDC00, first <= 0xDFFF {
                throw encodingError("unpaired UTF-16 low surrogate", inputOffset: index, decoded: output)
            } else {
                append(first, to: &output)
                index += 2
            }
        }
        if index < input.count {
            throw encodingError(
                "UTF-16 input has an odd number of bytes", inputOffset: index, decoded: output)
        }
        return output
    }

    private static func transcodeUTF32(_ input: [UInt8], from bom: Int, bigEndian: Bool) throws
        -> [UInt8]
    {
        var output: [UInt8] = []
        output.reserveCapacity(input.count / 4)
        var index = bom
        while index + 3 < input.count {
            let a = UInt32(input[index])
            let b = UInt32(input[index + 1])
            let c = UInt32(input[index + 2])
            let d = UInt32(input[index + 3])
            let scalar = bigEndian ? a << 24 | b << 16 | c << 8 | d : d << 24 | c << 16 | b << 8 | a
            guard scalar < 0xD800 || (scalar > 0xDFFF && scalar <= 0x10FFFF) else {
                throw encodingError(
                    "U+\(JSONError.hex(scalar, digits: 4)) is not a Unicode scalar value", inputOffset: index,
                    decoded: output)
            }
            append(scalar, to: &output)
            index += 4
        }
        if index < input.count {
            throw encodingError(
                "UTF-32 input's length is not a multiple of 4 bytes", inputOffset: index, decoded: output)
        }
        return output
    }
}
