import Foundation
import KeelSupport

/// Percent-decoding and -encoding on UTF-8 bytes: Keel never asks `URL` or `URLComponents`
/// to parse or print a route URL, so behaviour is the same on every OS version and on Linux.
enum PercentEncoding {
    /// Decodes `%XX` escapes (and `+` as a space when asked). Returns `nil` for a malformed
    /// escape or bytes that are not UTF-8, with the character offset of the problem.
    static func decode(_ text: Substring, plusAsSpace: Bool = false) -> Result<String, DecodeFailure> {
        let utf8 = text.utf8
        // Fast path: nothing to decode.
        if !utf8.contains(where: { $0 == UInt8(ascii: "%") || (plusAsSpace && $0 == UInt8(ascii: "+")) }) {
            return .success(String(text))
        }
        let bytes: [UInt8]
        switch Hex.percentDecode(text, plusAsSpace: plusAsSpace) {
        case .success(let decoded): bytes = decoded
        case .failure(let malformed):
            return .failure(DecodeFailure(offset: characterOffset(of: malformed.index, in: text)))
        }
        // Not `String(bytes:encoding:)`: Foundation drops a leading byte-order mark (U+FEFF),
        // so `%EF%BB%BF…` would lose a character and not round-trip.
        guard let decoded = StrictUTF8.string(bytes) else {
            return .failure(DecodeFailure(offset: 0))
        }
        return .success(decoded)
    }

    /// Where a decode failed, in characters from the start of the decoded text.
    struct DecodeFailure: Error {
        let offset: Int
    }

    /// Escapes every byte except the unreserved set `A-Z a-z 0-9 - . _ ~`, so the result is
    /// safe in a path segment or a query key or value and decodes back to `text`.
    static func encode(_ text: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                output.append(byte)
            } else {
                Hex.appendPercentEscape(byte, to: &output)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    private static func characterOffset(of index: Substring.UTF8View.Index, in text: Substring) -> Int {
        text.distance(from: text.startIndex, to: index)
    }
}

/// Whether `text` is a valid URL scheme: a letter, then letters, digits, `+`, `-` or `.`.
func isValidScheme(_ text: Substring) -> Bool {
    guard let first = text.unicodeScalars.first, isASCIILetter(first) else { return false }
    return text.unicodeScalars.allSatisfy { scalar in
        isASCIILetter(scalar) || ("0"..."9").contains(scalar) || scalar == "+" || scalar == "-"
            || scalar == "."
    }
}

private func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
}
