import Foundation

extension UploadResume {
    /// A server's `Upload-Limit` (draft-ietf-httpbis-resumable-upload, *Limits*): a Structured
    /// Field Dictionary (RFC 9651 §3.2) whose known members are non-negative Integers. Unknown
    /// members are ignored; a header that is not a Dictionary, is longer than
    /// ``maximumFieldLength``, or has a known member that is not a non-negative Integer is
    /// ignored as a whole, as the draft says (``parse(_:)`` returns `nil`).
    package struct Limits: Hashable, Sendable, Codable {
        /// `max-size`: the largest representation, in bytes.
        package var maxSize: Int64?
        /// `min-size`: the smallest representation, in bytes.
        package var minSize: Int64?
        /// `max-append-size`: the most content one creation or append may carry.
        package var maxAppendSize: Int64?
        /// `min-append-size`: the least content one creation or append may carry, except the one
        /// that completes the upload.
        package var minAppendSize: Int64?
        /// `max-age` (drafts up to -05 named it `expires`): the upload resource's remaining
        /// lifetime in seconds.
        package var maxAge: Int64?

        /// The longest `Upload-Limit` value read; a longer one is ignored.
        package static let maximumFieldLength = 4096

        /// Limits; `nil` members are not limited.
        package init(
            maxSize: Int64? = nil, minSize: Int64? = nil, maxAppendSize: Int64? = nil,
            minAppendSize: Int64? = nil, maxAge: Int64? = nil
        ) {
            self.maxSize = maxSize
            self.minSize = minSize
            self.maxAppendSize = maxAppendSize
            self.minAppendSize = minAppendSize
            self.maxAge = maxAge
        }

        /// The limits an `Upload-Limit` value states; `nil` when there is none or it is ignored.
        package static func parse(_ text: String?) -> Limits? {
            guard let text, text.utf8.count <= maximumFieldLength,
                let members = StructuredDictionary.parse(Array(text.utf8))
            else { return nil }
            var limits = Limits()
            var expires: Int64?
            for (key, value) in members {
                let target: WritableKeyPath<Limits, Int64?>
                switch key {
                case "max-size": target = \.maxSize
                case "min-size": target = \.minSize
                case "max-append-size": target = \.maxAppendSize
                case "min-append-size": target = \.minAppendSize
                case "max-age": target = \.maxAge
                case "expires":
                    guard case .integer(let number) = value, number >= 0 else { return nil }
                    expires = number
                    continue
                default: continue
                }
                guard case .integer(let number) = value, number >= 0 else { return nil }
                limits[keyPath: target] = number
            }
            if limits.maxAge == nil { limits.maxAge = expires }
            return limits
        }
    }

    /// One `PATCH` of an upload: `count` bytes of the file from `offset`; `isComplete` when it
    /// carries the rest of the file (`Upload-Complete: ?1`).
    package struct Append: Hashable, Sendable {
        /// Where the content starts in the file.
        package var offset: Int64
        /// How many bytes it carries.
        package var count: Int64
        /// Whether it completes the upload.
        package var isComplete: Bool

        /// An append.
        package init(offset: Int64, count: Int64, isComplete: Bool) {
            self.offset = offset
            self.count = count
            self.isComplete = isComplete
        }
    }

    /// Whether a file of `length` bytes can be uploaded within `limits`: `nil` when it can,
    /// otherwise the ``UploadFailure`` to throw before any byte is sent — a file above
    /// `max-size` or below `min-size`, or limits no upload can keep (a minimum above its
    /// maximum, or no content allowed per append while there is content to send).
    package static func check(length: Int64, limits: Limits) -> UploadFailure? {
        if let maximum = limits.maxSize, let minimum = limits.minSize, maximum < minimum {
            return .inconsistentLimits("max-size \(maximum) is below min-size \(minimum)")
        }
        if let maximum = limits.maxAppendSize, let minimum = limits.minAppendSize, maximum < minimum {
            return .inconsistentLimits("max-append-size \(maximum) is below min-append-size \(minimum)")
        }
        if let maximum = limits.maxSize, length > maximum {
            return .fileTooLarge(length: length, maximumSize: maximum)
        }
        if let minimum = limits.minSize, length < minimum {
            return .fileTooSmall(length: length, minimumSize: minimum)
        }
        if limits.maxAppendSize == 0, length > 0 {
            return .inconsistentLimits("max-append-size 0 lets no content be appended")
        }
        return nil
    }

    /// The next `PATCH` of a file of `length` bytes of which the server has `offset`: the rest
    /// when it fits in `max-append-size` (or there is none), else `max-append-size` bytes, which
    /// is never below `min-append-size` once ``check(length:limits:)`` passed (only the
    /// completing append may be smaller).
    package static func nextAppend(from offset: Int64, length: Int64, limits: Limits) -> Append {
        let offset = min(max(0, offset), length)
        let remaining = length - offset
        guard let maximum = limits.maxAppendSize, maximum > 0, remaining > maximum else {
            return Append(offset: offset, count: remaining, isComplete: true)
        }
        return Append(offset: offset, count: maximum, isComplete: false)
    }

    /// The limits to send an append again with after the server refused its `count` bytes with
    /// `413 (Content Too Large)` and these `headers`: the answer's `Upload-Limit` when it states
    /// a `max-append-size` below `count` that a file of `length` bytes can keep (the draft asks
    /// a client to retry smaller); `nil` otherwise, and the refusal stands. Each retry is
    /// smaller than the last, so retries end.
    package static func limitsAfterRefusal(headers: [String: String], count: Int64, length: Int64) -> Limits?
    {
        guard complete(headers.header("Upload-Complete")) != true,
            let stated = Limits.parse(headers.header("Upload-Limit")),
            let maximum = stated.maxAppendSize, maximum > 0, maximum < count,
            check(length: length, limits: stated) == nil
        else { return nil }
        return stated
    }

    /// The headers of an append that starts at `offset` and completes the upload or not.
    package static func appendHeaders(offset: Int64, complete: Bool) -> [String: String] {
        [
            "Upload-Complete": complete ? "?1" : "?0", "Upload-Offset": String(offset),
            "Content-Type": partialUploadType,
        ]
    }
}

/// A Structured Field Dictionary parser (RFC 9651 §4.2.2), enough to tell a valid Dictionary
/// and read its Integer members: every other value is parsed to be skipped. Later duplicates of
/// a key win, as the RFC says.
enum StructuredDictionary {
    enum Value: Equatable {
        case integer(Int64)
        case other
    }

    static func parse(_ bytes: [UInt8]) -> [(String, Value)]? {
        var parser = Parser(bytes: bytes)
        return parser.dictionary()
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skip(_ allowed: (UInt8) -> Bool) {
            while let byte = current, allowed(byte) { index += 1 }
        }

        static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 }
        static func isOWS(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        static func isLowerAlpha(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte) }
        static func isAlpha(_ byte: UInt8) -> Bool { isLowerAlpha(byte) || (0x41...0x5A).contains(byte) }
        static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

        mutating func dictionary() -> [(String, Value)]? {
            skip(Self.isSpace)
            var members: [(String, Value)] = []
            var positions: [String: Int] = [:]
            while current != nil {
                guard let key = key() else { return nil }
                let value: Value
                if current == UInt8(ascii: "=") {
                    index += 1
                    if current == UInt8(ascii: "(") {
                        guard innerList() else { return nil }
                        value = .other
                    } else {
                        guard let bare = bareItem(), parameters() else { return nil }
                        value = bare
                    }
                } else {
                    guard parameters() else { return nil }
                    value = .other  // Boolean true
                }
                if let existing = positions[key] {
                    members[existing].1 = value
                } else {
                    positions[key] = members.count
                    members.append((key, value))
                }
                skip(Self.isOWS)
                guard let byte = current else { return members }
                guard byte == UInt8(ascii: ",") else { return nil }
                index += 1
                skip(Self.isOWS)
                guard current != nil else { return nil }  // a trailing comma
            }
            return members
        }

        mutating func key() -> String? {
            guard let first = current, Self.isLowerAlpha(first) || first == UInt8(ascii: "*") else {
                return nil
            }
            let start = index
            skip { Self.isLowerAlpha($0) || Self.isDigit($0) || "_-.*".utf8.contains($0) }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        mutating func parameters() -> Bool {
            while current == UInt8(ascii: ";") {
                index += 1
                skip(Self.isSpace)
                guard key() != nil else { return false }
                if current == UInt8(ascii: "=") {
                    index += 1
                    guard bareItem() != nil else { return false }
                }
            }
            return true
        }

        mutating func innerList() -> Bool {
            index += 1  // "("
            while current != nil {
                skip(Self.isSpace)
                if current == UInt8(ascii: ")") {
                    index += 1
                    return parameters()
                }
                guard bareItem() != nil, parameters() else { return false }
                guard let byte = current, byte == 0x20 || byte == UInt8(ascii: ")") else { return false }
            }
            return false
        }

        mutating func bareItem() -> Value? {
            guard let byte = current else { return nil }
            switch byte {
            case UInt8(ascii: "-"), 0x30...0x39: return number()
            case UInt8(ascii: "\""): return string() ? .other : nil
            case UInt8(ascii: ":"): return byteSequence() ? .other : nil
            case UInt8(ascii: "?"): return boolean() ? .other : nil
            case UInt8(ascii: "@"):
                index += 1
                guard case .integer = number() else { return nil }
                return .other
            case UInt8(ascii: "%"): return displayString() ? .other : nil
            default:
                guard byte == UInt8(ascii: "*") || Self.isAlpha(byte) else { return nil }
                index += 1
                skip(Self.isTokenChar)
                return .other
            }
        }

        static func isTokenChar(_ byte: UInt8) -> Bool {
            // tchar / ":" / "/"
            isAlpha(byte) || isDigit(byte) || "!#$%&'*+-.^_`|~:/".utf8.contains(byte)
        }

        mutating func number() -> Value? {
            var negative = false
            if current == UInt8(ascii: "-") {
                negative = true
                index += 1
            }
            guard let first = current, Self.isDigit(first) else { return nil }
            var digits = 0
            var fraction = -1
            var value: Int64 = 0
            while let byte = current {
                if Self.isDigit(byte) {
                    if fraction >= 0 { fraction += 1 } else { digits += 1 }
                    if fraction < 0 { value = value * 10 + Int64(byte - 0x30) }
                } else if byte == UInt8(ascii: "."), fraction < 0 {
                    guard digits <= 12 else { return nil }
                    fraction = 0
                } else {
                    break
                }
                index += 1
                if fraction < 0, digits > 15 { return nil }
                if fraction > 3 { return nil }
            }
            if fraction >= 0 { return fraction == 0 ? nil : .other }
            return .integer(negative ? -value : value)
        }

        mutating func string() -> Bool {
            index += 1
            while let byte = current {
                index += 1
                switch byte {
                case UInt8(ascii: "\\"):
                    guard let next = current, next == UInt8(ascii: "\"") || next == UInt8(ascii: "\\") else {
                        return false
                    }
                    index += 1
                case UInt8(ascii: "\""): return true
                case 0x20...0x7E: continue
                default: return false
                }
            }
            return false
        }

        mutating func byteSequence() -> Bool {
            index += 1
            while let byte = current {
                index += 1
                if byte == UInt8(ascii: ":") { return true }
                guard Self.isAlpha(byte) || Self.isDigit(byte) || "+/=".utf8.contains(byte) else {
                    return false
                }
            }
            return false
        }

        mutating func boolean() -> Bool {
            index += 1
            guard let byte = current, byte == UInt8(ascii: "0") || byte == UInt8(ascii: "1") else {
                return false
            }
            index += 1
            return true
        }

        mutating func displayString() -> Bool {
            index += 1
            guard current == UInt8(ascii: "\"") else { return false }
            index += 1
            var encoded: [UInt8] = []
            while let byte = current {
                index += 1
                switch byte {
                case UInt8(ascii: "%"):
                    guard index + 1 < bytes.count,
                        let high = Self.lowerHex(bytes[index]), let low = Self.lowerHex(bytes[index + 1])
                    else { return false }
                    encoded.append(high << 4 | low)
                    index += 2
                case UInt8(ascii: "\""):
                    return String(data: Data(encoded), encoding: .utf8) != nil
                case 0x20...0x7E:
                    encoded.append(byte)
                default: return false
                }
            }
            return false
        }

        static func lowerHex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 0x30...0x39: return byte - 0x30
            case 0x61...0x66: return byte - 0x61 + 10
            default: return nil
            }
        }
    }
}
