/// Hexadecimal digits and `%XX` escapes on UTF-8 bytes: one reading for every module (URL
/// hosts and routes, JSON `\u` escapes, key files, file names and log masks), never
/// `UInt8(_:radix:)`, which also accepts a sign (`"+f"` reads as 15).
package enum Hex {
    /// The value of one ASCII hexadecimal digit (`0-9`, `a-f`, `A-F`); `nil` for anything else.
    @inline(__always)
    package static func digitValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte &- UInt8(ascii: "A") &+ 10
        default: nil
        }
    }

    /// `bytes` as two hexadecimal digits each, lowercase unless `uppercase`.
    package static func encode(_ bytes: some Sequence<UInt8>, uppercase: Bool = false) -> String {
        let digits = uppercase ? upperDigits : lowerDigits
        var out: [UInt8] = []
        out.reserveCapacity(2 * bytes.underestimatedCount)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes that `text`'s pairs of hexadecimal digits spell; `nil` when its length is odd
    /// or any character is not a hexadecimal digit (no sign, space or `0x` prefix).
    package static func decode(_ text: some StringProtocol) -> [UInt8]? {
        let utf8 = text.utf8
        guard utf8.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count / 2)
        var iterator = utf8.makeIterator()
        while let first = iterator.next(), let second = iterator.next() {
            guard let high = digitValue(first), let low = digitValue(second) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    /// Where `percentDecode` met a malformed escape: the UTF-8 index of its `%`.
    package struct MalformedEscape: Error {
        /// The index of the `%` that does not start two hexadecimal digits.
        package let index: Substring.UTF8View.Index
    }

    /// `text`'s bytes with every `%XX` escape decoded, and `+` read as a space when
    /// `plusAsSpace` (form encoding); fails at the first `%` not followed by two hexadecimal
    /// digits. The bytes are not checked to be UTF-8.
    package static func percentDecode(_ text: Substring, plusAsSpace: Bool = false)
        -> Result<[UInt8], MalformedEscape>
    {
        let utf8 = text.utf8
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            guard byte == UInt8(ascii: "%") else {
                bytes.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index = utf8.index(after: index)
                continue
            }
            let first = utf8.index(after: index)
            guard first != utf8.endIndex, let high = digitValue(utf8[first]) else {
                return .failure(MalformedEscape(index: index))
            }
            let second = utf8.index(after: first)
            guard second != utf8.endIndex, let low = digitValue(utf8[second]) else {
                return .failure(MalformedEscape(index: index))
            }
            bytes.append(high << 4 | low)
            index = utf8.index(after: second)
        }
        return .success(bytes)
    }

    /// Appends `%` and `byte` as two uppercase hexadecimal digits (RFC 3986's form).
    @inline(__always)
    package static func appendPercentEscape(_ byte: UInt8, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "%"))
        output.append(upperDigits[Int(byte >> 4)])
        output.append(upperDigits[Int(byte & 0x0F)])
    }

    private static let lowerDigits = Array("0123456789abcdef".utf8)
    private static let upperDigits = Array("0123456789ABCDEF".utf8)
}
