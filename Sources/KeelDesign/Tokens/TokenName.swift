/// Helpers shared by the token identifier types.
enum TokenName {
    /// A 64-bit fingerprint of a name: its length and up to 16 of its UTF-8 bytes (the first
    /// and last eight). Equal names have equal fingerprints, so it is a valid hash input, and
    /// it costs far less than hashing the whole string.
    @inline(__always)
    static func fingerprint(_ name: String) -> UInt64 {
        var name = name
        return name.withUTF8 { bytes -> UInt64 in
            let count = bytes.count
            var value = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
            var index = 0
            while index < min(count, 8) {
                value = (value &<< 5 | value &>> 59) ^ UInt64(bytes[index])
                index += 1
            }
            index = max(8, count - 8)
            while index < count {
                value = (value &<< 5 | value &>> 59) ^ UInt64(bytes[index])
                index += 1
            }
            return value
        }
    }
}
