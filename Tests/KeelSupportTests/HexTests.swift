import Foundation
import Testing

@testable import KeelSupport

/// The one hexadecimal reading and writing every module uses (URL hosts and routes, JSON
/// escapes, key files, secret file names, log masks, cache names).
@Suite("Hex")
struct HexTests {
    @Test("a digit's value agrees with Character.hexDigitValue for every byte")
    func digitValues() {
        for byte in UInt8.min...UInt8.max {
            let expected = byte < 0x80 ? Character(Unicode.Scalar(byte)).hexDigitValue.map(UInt8.init) : nil
            #expect(Hex.digitValue(byte) == expected, "byte \(byte)")
        }
    }

    @Test("encode then decode gives the bytes back, in either case (seeded)")
    func roundTrip() {
        var random = SplitMix(seed: 0x4E58)
        for _ in 0..<500 {
            let bytes = (0..<Int.random(in: 0...40, using: &random)).map { _ in
                UInt8.random(in: 0...255, using: &random)
            }
            let lower = Hex.encode(bytes)
            let upper = Hex.encode(bytes, uppercase: true)
            #expect(lower == bytes.map { String(format: "%02x", $0) }.joined())
            #expect(upper == lower.uppercased())
            #expect(Hex.decode(lower) == bytes)
            #expect(Hex.decode(upper) == bytes)
        }
    }

    /// `UInt8(_:radix:)`, which two of the replaced readers used, takes a sign: `"+f"` was
    /// byte 15 in a secret file's name.
    @Test(
        "decode refuses signs, spaces, prefixes, odd lengths and non-ASCII",
        arguments: ["+f", "-1", " f", "0x", "abc", "é0", "0g"])
    func decodeRefuses(_ text: String) {
        #expect(Hex.decode(text) == nil)
    }

    @Test("percent-decoding: escapes in either case, + as a space only when asked, the failing %")
    func percentDecoding() throws {
        let text: Substring = "a%2fb%2F+c"
        #expect(try Hex.percentDecode(text).get() == Array("a/b/+c".utf8))
        #expect(try Hex.percentDecode(text, plusAsSpace: true).get() == Array("a/b/ c".utf8))
        for bad: Substring in ["%", "%4", "x%4g", "ok%zz"] {
            guard case .failure(let failure) = Hex.percentDecode(bad) else {
                Issue.record("\(bad) decoded")
                continue
            }
            #expect(bad.utf8[failure.index] == UInt8(ascii: "%"))
        }
        var escaped: [UInt8] = []
        for byte: UInt8 in [0x00, 0x2F, 0xFF] { Hex.appendPercentEscape(byte, to: &escaped) }
        #expect(String(decoding: escaped, as: UTF8.self) == "%00%2F%FF")
    }
}

/// Strict UTF-8 reading (route segments, secret file names): a leading byte-order mark is a
/// character like any other, and ill-formed bytes are refused rather than replaced.
@Suite("StrictUTF8")
struct StrictUTF8Tests {
    @Test("keeps a leading U+FEFF and refuses ill-formed bytes")
    func strictness() {
        #expect(StrictUTF8.string([0xEF, 0xBB, 0xBF, 0x61]) == "\u{FEFF}a")
        #expect(StrictUTF8.string([]) == "")
        for bad: [UInt8] in [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF8], [0x61, 0xE2, 0x82]] {
            #expect(StrictUTF8.string(bad) == nil, "\(bad)")
        }
    }
}
