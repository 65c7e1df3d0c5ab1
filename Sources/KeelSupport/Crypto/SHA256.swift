/// SHA-256 (FIPS 180-4), incremental, in portable Swift.
///
/// KeelLogging and KeelNetworking need a cryptographic hash on every platform, and Linux has
/// no system crypto module that every target may link, so this is written out here. It is
/// checked against the NIST example vectors; it is not constant-time with respect to the
/// message length (nothing here needs that).
package struct SHA256: Sendable {
    /// The digest size in bytes.
    package static let digestSize = 32
    /// The block size in bytes.
    package static let blockSize = 64

    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    )
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    /// A fresh hash.
    package init() {
        pending.reserveCapacity(Self.blockSize)
    }

    /// The digest of `bytes` in one call.
    /// The digest of `string`'s UTF-8 bytes as 64 lowercase hexadecimal digits (file names).
    package static func hex(_ string: String) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(2 * digestSize)
        for byte in hash(string.utf8) {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    package static func hash<Bytes: Sequence>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// Feeds more message bytes.
    package mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        let handled: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            update(contiguous: UnsafeRawBufferPointer(buffer))
        }
        if handled != nil { return }
        for byte in bytes {
            pending.append(byte)
            length &+= 1
            if pending.count == Self.blockSize {
                pending.withUnsafeBytes { compress($0) }
                pending.removeAll(keepingCapacity: true)
            }
        }
    }

    /// Whole blocks are compressed straight from `buffer`; only a partial block is copied.
    private mutating func update(contiguous buffer: UnsafeRawBufferPointer) {
        // Wrapping: a message of 2^61 bytes or more is not something a log line holds.
        length &+= UInt64(buffer.count)
        var offset = 0
        if !pending.isEmpty {
            let taken = min(Self.blockSize - pending.count, buffer.count)
            pending.append(contentsOf: buffer[0..<taken])
            offset = taken
            guard pending.count == Self.blockSize else { return }
            pending.withUnsafeBytes { compress($0) }
            pending.removeAll(keepingCapacity: true)
        }
        while buffer.count - offset >= Self.blockSize {
            compress(UnsafeRawBufferPointer(rebasing: buffer[offset..<(offset + Self.blockSize)]))
            offset += Self.blockSize
        }
        if offset < buffer.count { pending.append(contentsOf: buffer[offset...]) }
    }

    /// Pads the message and returns the 32-byte digest.
    package mutating func finalize() -> [UInt8] {
        let bitLength = length &* 8
        pending.append(0x80)
        if pending.count > Self.blockSize - 8 {
            while pending.count < Self.blockSize { pending.append(0) }
            pending.withUnsafeBytes { compress($0) }
            pending.removeAll(keepingCapacity: true)
        }
        while pending.count < Self.blockSize - 8 { pending.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) {
            pending.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        pending.withUnsafeBytes { compress($0) }
        pending.removeAll(keepingCapacity: true)
        var digest: [UInt8] = []
        digest.reserveCapacity(Self.digestSize)
        for word in [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7] {
            digest.append(UInt8(truncatingIfNeeded: word >> 24))
            digest.append(UInt8(truncatingIfNeeded: word >> 16))
            digest.append(UInt8(truncatingIfNeeded: word >> 8))
            digest.append(UInt8(truncatingIfNeeded: word))
        }
        return digest
    }

    private static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
        0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7,
        0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc,
        0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351,
        0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e,
        0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585,
        0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f,
        0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
        0xc671_78f2,
    ]

    /// One round of the compression function over a 64-byte block (the schedule lives on
    /// the stack: no allocation per block).
    private mutating func compress(_ block: UnsafeRawBufferPointer) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            Self.k.withUnsafeBufferPointer { k in
                for index in 0..<16 {
                    let base = index * 4
                    w[index] =
                        UInt32(block[base]) << 24 | UInt32(block[base + 1]) << 16 | UInt32(block[base + 2])
                        << 8
                        | UInt32(block[base + 3])
                }
                for index in 16..<64 {
                    let s0 = rotr(w[index - 15], 7) ^ rotr(w[index - 15], 18) ^ (w[index - 15] >> 3)
                    let s1 = rotr(w[index - 2], 17) ^ rotr(w[index - 2], 19) ^ (w[index - 2] >> 10)
                    w[index] = w[index - 16] &+ s0 &+ w[index - 7] &+ s1
                }
                var (a, b, c, d, e, f, g, h) = state
                for index in 0..<64 {
                    let s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
                    let choice = (e & f) ^ (~e & g)
                    let t1 = h &+ s1 &+ choice &+ k[index] &+ w[index]
                    let s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
                    let majority = (a & b) ^ (a & c) ^ (b & c)
                    let t2 = s0 &+ majority
                    h = g
                    g = f
                    f = e
                    e = d &+ t1
                    d = c
                    c = b
                    b = a
                    a = t1 &+ t2
                }
                state = (
                    state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f,
                    state.6 &+ g, state.7 &+ h
                )
            }
        }
    }

    @inline(__always)
    private func rotr(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value >> count) | (value << (32 - count))
    }
}

/// HMAC-SHA256 (RFC 2104) with the key schedule done once, so each message costs its own
/// blocks plus two.
package struct HMACSHA256: Sendable {
    private let inner: SHA256
    private let outer: SHA256

    /// Prepares the keyed hash; keys longer than a block are hashed first (RFC 2104 §3).
    package init<Key: Collection>(key: Key) where Key.Element == UInt8 {
        var block = key.count > SHA256.blockSize ? SHA256.hash(key) : Array(key)
        block += [UInt8](repeating: 0, count: SHA256.blockSize - block.count)
        var inner = SHA256()
        inner.update(block.map { $0 ^ 0x36 })
        var outer = SHA256()
        outer.update(block.map { $0 ^ 0x5c })
        self.inner = inner
        self.outer = outer
    }

    /// The 32-byte authentication code of `message`.
    package func authenticationCode<Bytes: Sequence>(for message: Bytes) -> [UInt8]
    where Bytes.Element == UInt8 {
        var inner = self.inner
        inner.update(message)
        var outer = self.outer
        outer.update(inner.finalize())
        return outer.finalize()
    }
}
