import Foundation

#if canImport(CryptoKit)
    @preconcurrency import CryptoKit
#elseif canImport(CCrypto)
    import CCrypto
#endif

/// SHA-256 (FIPS 180-4), incremental, from the platform: CryptoKit on Apple platforms, OpenSSL's
/// libcrypto on Linux (the library the encrypted store already links). Keel writes no hash
/// function of its own; the NIST example vectors are its tests.
package struct SHA256: Sendable {
    /// The digest size in bytes.
    package static let digestSize = 32
    /// The block size in bytes.
    package static let blockSize = 64

    #if canImport(CryptoKit)
        private var hasher = CryptoKit.SHA256()
    #else
        private var context = DigestContext()
    #endif

    /// A fresh hash.
    package init() {}

    /// The digest of `bytes` in one call.
    package static func hash<Bytes: Sequence>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// The digest of `string`'s UTF-8 bytes as 64 lowercase hexadecimal digits (file names).
    package static func hex(_ string: String) -> String { Hex.encode(hash(string.utf8)) }

    /// Feeds more message bytes.
    package mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        let handled: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            update(contiguous: UnsafeRawBufferPointer(buffer))
        }
        if handled != nil { return }
        let copied = Array(bytes)
        copied.withUnsafeBytes { update(contiguous: $0) }
    }

    private mutating func update(contiguous buffer: UnsafeRawBufferPointer) {
        #if canImport(CryptoKit)
            hasher.update(bufferPointer: buffer)
        #else
            if !isKnownUniquelyReferenced(&context) { context = context.copy() }
            context.update(buffer)
        #endif
    }

    /// The 32-byte digest of everything fed so far.
    package mutating func finalize() -> [UInt8] {
        #if canImport(CryptoKit)
            return Array(hasher.finalize())
        #else
            if !isKnownUniquelyReferenced(&context) { context = context.copy() }
            return context.finalize()
        #endif
    }
}

/// HMAC-SHA256 (RFC 2104) from the platform: CryptoKit's `HMAC`, or libcrypto's `HMAC`.
package struct HMACSHA256: Sendable {
    private let key: [UInt8]

    /// Prepares the keyed hash (keys longer than a block are hashed first, as RFC 2104 says;
    /// the platform does it).
    package init<Key: Collection>(key: Key) where Key.Element == UInt8 {
        self.key = Array(key)
    }

    /// The 32-byte authentication code of `message`.
    package func authenticationCode<Bytes: Sequence>(for message: Bytes) -> [UInt8]
    where Bytes.Element == UInt8 {
        let bytes = message.withContiguousStorageIfAvailable { Array($0) } ?? Array(message)
        #if canImport(CryptoKit)
            return Array(
                HMAC<CryptoKit.SHA256>.authenticationCode(for: bytes, using: SymmetricKey(data: key)))
        #else
            var output = [UInt8](repeating: 0, count: SHA256.digestSize)
            var length: UInt32 = 0
            let result = key.withUnsafeBytes { keyBuffer in
                bytes.withUnsafeBytes { messageBuffer in
                    HMAC(
                        EVP_sha256(), keyBuffer.baseAddress, Int32(keyBuffer.count),
                        messageBuffer.baseAddress?.assumingMemoryBound(to: UInt8.self), messageBuffer.count,
                        &output, &length)
                }
            }
            // Only an allocation failure inside libcrypto gets here; no input can.
            precondition(result != nil && length == 32, "libcrypto HMAC-SHA256 failed")
            return output
        #endif
    }
}

#if !canImport(CryptoKit)
    /// An `EVP_MD_CTX` for SHA-256, freed with its owner; copied when a hash value is copied.
    private final class DigestContext: @unchecked Sendable {
        // Only touched through a uniquely referenced owner (copy-on-write in `SHA256`).
        private let context: OpaquePointer

        init() {
            guard let context = EVP_MD_CTX_new(), EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else {
                // Only an allocation failure inside libcrypto gets here; no input can.
                preconditionFailure("libcrypto could not start a SHA-256 context")
            }
            self.context = context
        }

        private init(copying other: OpaquePointer) {
            guard let context = EVP_MD_CTX_new(), EVP_MD_CTX_copy_ex(context, other) == 1 else {
                preconditionFailure("libcrypto could not copy a SHA-256 context")
            }
            self.context = context
        }

        deinit {
            EVP_MD_CTX_free(context)
        }

        func copy() -> DigestContext {
            DigestContext(copying: context)
        }

        func update(_ buffer: UnsafeRawBufferPointer) {
            guard buffer.count > 0 else { return }
            precondition(
                EVP_DigestUpdate(context, buffer.baseAddress, buffer.count) == 1, "SHA-256 update failed")
        }

        func finalize() -> [UInt8] {
            var digest = [UInt8](repeating: 0, count: SHA256.digestSize)
            var size: UInt32 = 0
            precondition(
                EVP_DigestFinal_ex(context, &digest, &size) == 1 && size == 32, "SHA-256 final failed")
            return digest
        }
    }
#endif
