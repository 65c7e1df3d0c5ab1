/// CRC-32 (IEEE 802.3, the polynomial PNG uses), slicing-by-8 so that validating a disk
/// entry of 100 KB takes tens of microseconds. The image header parser (PNG chunks) and the disk
/// store's entries (`DiskStore`) use it.
package enum CRC32 {
    /// Eight 256-entry tables, flattened: table `k` holds the CRC of a byte followed by `k`
    /// zero bytes.
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for index in 0..<256 {
            var value = UInt32(index)
            for _ in 0..<8 { value = value & 1 != 0 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
            tables[index] = value
        }
        for index in 0..<256 {
            var value = tables[index]
            for slice in 1..<8 {
                value = tables[Int(value & 0xFF)] ^ (value >> 8)
                tables[slice * 256 + index] = value
            }
        }
        return tables
    }()

    /// The CRC-32 of `bytes`.
    package static func checksum<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        if let result = bytes.withContiguousStorageIfAvailable({ checksum(UnsafeRawBufferPointer($0)) }) {
            return result
        }
        let array = Array(bytes)
        return array.withUnsafeBytes { checksum($0) }
    }

    /// The CRC-32 of the bytes in `buffer`; with `previous`, the CRC-32 of the bytes that gave
    /// `previous` followed by these (so discontiguous ranges can be checked as one).
    package static func checksum(_ buffer: UnsafeRawBufferPointer, continuing previous: UInt32 = 0) -> UInt32
    {
        tables.withUnsafeBufferPointer { table in
            var crc: UInt32 = ~previous
            var offset = 0
            let count = buffer.count
            while offset + 8 <= count {
                let one =
                    UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) ^ crc
                let two = UInt32(
                    littleEndian: buffer.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
                crc =
                    table[7 * 256 + Int(one & 0xFF)] ^ table[6 * 256 + Int((one >> 8) & 0xFF)]
                    ^ table[5 * 256 + Int((one >> 16) & 0xFF)] ^ table[4 * 256 + Int(one >> 24)]
                    ^ table[3 * 256 + Int(two & 0xFF)] ^ table[2 * 256 + Int((two >> 8) & 0xFF)]
                    ^ table[256 + Int((two >> 16) & 0xFF)] ^ table[Int(two >> 24)]
                offset += 8
            }
            while offset < count {
                crc = table[Int((crc ^ UInt32(buffer[offset])) & 0xFF)] ^ (crc >> 8)
                offset += 1
            }
            return crc ^ 0xFFFF_FFFF
        }
    }
}
