import Foundation
import KeelSupport

#if canImport(CryptoKit)
    import CryptoKit
#elseif canImport(CCrypto)
    import CCrypto
#endif
#if canImport(Darwin)
    import Darwin
#endif

/// AES-256-GCM: CryptoKit on Apple platforms, OpenSSL's libcrypto on Linux.
enum AESGCM {
    static let nonceSize = 12
    static let tagSize = 16

    struct Failure: Error {
        let reason: String
    }

    /// `ciphertext + tag` of `plaintext` under `key` and `nonce`, authenticating `aad` too.
    static func seal(_ plaintext: Data, key: Data, nonce: Data, aad: Data) throws -> Data {
        #if canImport(CryptoKit)
            let box = try CryptoKit.AES.GCM.seal(
                plaintext, using: SymmetricKey(data: key), nonce: try AES.GCM.Nonce(data: nonce),
                authenticating: aad)
            return box.ciphertext + box.tag
        #elseif canImport(CCrypto)
            return try openSSL(encrypt: true, input: plaintext, tag: nil, key: key, nonce: nonce, aad: aad)
        #else
            throw Failure(reason: "no AES-GCM implementation on this platform")
        #endif
    }

    /// The SHA-256 digest of `data`.
    static func sha256(_ data: Data) throws -> Data {
        Data(KeelSupport.SHA256.hash(data))
    }

    /// The plaintext of `sealed` (`ciphertext + tag`); throws if anything was altered.
    static func open(_ sealed: Data, key: Data, nonce: Data, aad: Data) throws -> Data {
        guard sealed.count >= tagSize else { throw Failure(reason: "too short") }
        let ciphertext = sealed.prefix(sealed.count - tagSize)
        let tag = sealed.suffix(tagSize)
        #if canImport(CryptoKit)
            let box = try AES.GCM.SealedBox(
                nonce: AES.GCM.Nonce(data: nonce), ciphertext: ciphertext, tag: tag)
            return try AES.GCM.open(box, using: SymmetricKey(data: key), authenticating: aad)
        #elseif canImport(CCrypto)
            return try openSSL(
                encrypt: false, input: Data(ciphertext), tag: Data(tag), key: key, nonce: nonce, aad: aad)
        #else
            throw Failure(reason: "no AES-GCM implementation on this platform")
        #endif
    }

    #if !canImport(CryptoKit) && canImport(CCrypto)
        private static func openSSL(encrypt: Bool, input: Data, tag: Data?, key: Data, nonce: Data, aad: Data)
            throws
            -> Data
        {
            guard key.count == 32, nonce.count == nonceSize else {
                throw Failure(reason: "bad key or nonce size")
            }
            guard let context = EVP_CIPHER_CTX_new() else {
                throw Failure(reason: "EVP_CIPHER_CTX_new failed")
            }
            defer { EVP_CIPHER_CTX_free(context) }
            let initialise = encrypt ? EVP_EncryptInit_ex : EVP_DecryptInit_ex
            let update = encrypt ? EVP_EncryptUpdate : EVP_DecryptUpdate
            guard initialise(context, EVP_aes_256_gcm(), nil, nil, nil) == 1,
                EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_IVLEN, Int32(nonceSize), nil) == 1
            else { throw Failure(reason: "cipher set-up failed") }
            // Copies of the key and the plaintext are wiped before they are freed.
            var keyBytes = [UInt8](key)
            defer { Wipe.bytes(&keyBytes) }
            let nonceBytes = [UInt8](nonce)
            guard initialise(context, nil, nil, keyBytes, nonceBytes) == 1 else {
                throw Failure(reason: "key set-up failed")
            }
            var length: Int32 = 0
            let aadBytes = [UInt8](aad)
            guard update(context, nil, &length, aadBytes, Int32(aadBytes.count)) == 1 else {
                throw Failure(reason: "authenticated data rejected")
            }
            var inputBytes = [UInt8](input)
            defer { Wipe.bytes(&inputBytes) }
            var output = [UInt8](repeating: 0, count: inputBytes.count + 16)
            defer { Wipe.bytes(&output) }
            guard update(context, &output, &length, inputBytes, Int32(inputBytes.count)) == 1 else {
                throw Failure(reason: "update failed")
            }
            var total = Int(length)
            if encrypt {
                guard EVP_EncryptFinal_ex(context, &output[total], &length) == 1 else {
                    throw Failure(reason: "final failed")
                }
                total += Int(length)
                var tagBytes = [UInt8](repeating: 0, count: tagSize)
                guard EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_GET_TAG, Int32(tagSize), &tagBytes) == 1
                else {
                    throw Failure(reason: "tag failed")
                }
                return Data(output[..<total]) + Data(tagBytes)
            } else {
                var tagBytes = [UInt8](tag ?? Data())
                guard EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_TAG, Int32(tagSize), &tagBytes) == 1
                else {
                    throw Failure(reason: "tag set-up failed")
                }
                guard EVP_DecryptFinal_ex(context, &output[total], &length) == 1 else {
                    throw Failure(reason: "authentication failed")
                }
                total += Int(length)
                return Data(output[..<total])
            }
        }
    #endif
}

/// Overwrites secret bytes before their memory is released, in a way the optimiser keeps.
enum Wipe {
    /// Zeroes every byte of `buffer`.
    static func bytes(_ buffer: inout [UInt8]) {
        buffer.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress, raw.count > 0 else { return }
            #if canImport(Darwin)
                _ = memset_s(base, raw.count, 0, raw.count)
            #elseif canImport(CCrypto)
                OPENSSL_cleanse(base, raw.count)
            #else
                for index in 0..<raw.count { raw[index] = 0 }
            #endif
        }
    }
}
