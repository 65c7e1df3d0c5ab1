import Foundation
import KeelSupport

/// The SHA-256 hash of a certificate's public key, taken over its DER `SubjectPublicKeyInfo`:
/// the value HPKP, Alamofire's and TrustKit's pins use, printed by
///
/// ```sh
/// openssl x509 -in cert.pem -pubkey -noout | openssl pkey -pubin -outform DER \
///   | openssl dgst -sha256 -binary | base64
/// ```
///
/// Pinning the key rather than the certificate survives certificate renewal with the same key.
package struct PublicKeyHash: Hashable, Sendable, CustomStringConvertible {
    /// The 32 digest bytes.
    package let bytes: [UInt8]

    /// A hash from its 32 bytes.
    ///
    /// - Throws: `PinningError/invalidHash(_:reason:)` when `bytes` is not 32 bytes long.
    package init(bytes: [UInt8]) throws {
        guard bytes.count == SHA256.digestSize else {
            throw PinningError.invalidHash("\(bytes.count) bytes", reason: "a SHA-256 hash is 32 bytes")
        }
        self.bytes = bytes
    }

    /// A hash from its base64 text (as `openssl … | base64` prints it).
    ///
    /// - Throws: `PinningError/invalidHash(_:reason:)` naming the text when it is not base64
    ///   or does not decode to 32 bytes.
    package init(base64: String) throws {
        let trimmed = base64.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let data = Data(base64Encoded: trimmed) else {
            throw PinningError.invalidHash(base64, reason: "not base64")
        }
        guard data.count == SHA256.digestSize else {
            throw PinningError.invalidHash(
                base64, reason: "decodes to \(data.count) bytes, a SHA-256 hash is 32")
        }
        bytes = Array(data)
    }

    /// The hash of a DER-encoded `SubjectPublicKeyInfo`.
    package init<DER: Collection>(subjectPublicKeyInfo der: DER) where DER.Element == UInt8 {
        bytes = SHA256.hash(der)
    }

    /// The hash of a raw public key as the Security framework exports it (PKCS #1 for RSA,
    /// an X9.63 point for elliptic curves), wrapped in its `SubjectPublicKeyInfo` first.
    ///
    /// - Throws: `PinningError/unsupportedKey(_:)` for an algorithm Keel cannot encode.
    package init(rawKey: [UInt8], algorithm: PublicKeyAlgorithm) throws {
        self.init(subjectPublicKeyInfo: try SubjectPublicKeyInfo.der(rawKey: rawKey, algorithm: algorithm))
    }

    /// The base64 text of the hash.
    package var base64: String { Data(bytes).base64EncodedString() }

    /// `sha256/<base64>`, the notation of HPKP and OkHttp.
    package var description: String { "sha256/" + base64 }
}

/// The public-key algorithms whose keys can be pinned.
package enum PublicKeyAlgorithm: Sendable, Hashable {
    /// RSA, any modulus size.
    case rsa
    /// ECDSA on NIST P-256 (secp256r1).
    case p256
    /// ECDSA on NIST P-384 (secp384r1).
    case p384
    /// ECDSA on NIST P-521 (secp521r1).
    case p521

    /// The algorithm for a Security-framework key type and size; `nil` when unsupported.
    ///
    /// `keyType` is the value of `kSecAttrKeyType` (`"42"` for RSA, `"73"` for EC prime curves).
    package init?(securityKeyType keyType: String, sizeInBits: Int) {
        switch (keyType, sizeInBits) {
        case ("42", _): self = .rsa
        case ("73", 256): self = .p256
        case ("73", 384): self = .p384
        case ("73", 521): self = .p521
        default: return nil
        }
    }
}

/// DER encoding of `SubjectPublicKeyInfo` (RFC 5280 §4.1.2.7) around a raw key.
enum SubjectPublicKeyInfo {
    /// `AlgorithmIdentifier` for rsaEncryption with NULL parameters.
    static let rsaAlgorithm: [UInt8] = [
        0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00,
    ]
    /// id-ecPublicKey followed by each curve's OID.
    static func ecAlgorithm(curve: [UInt8]) -> [UInt8] {
        let body =
            [0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01] + [0x06, UInt8(curve.count)] + curve
        return [0x30] + length(body.count) + body
    }

    /// The DER `SubjectPublicKeyInfo` for `rawKey`.
    static func der(rawKey: [UInt8], algorithm: PublicKeyAlgorithm) throws -> [UInt8] {
        let identifier: [UInt8]
        switch algorithm {
        case .rsa:
            // A PKCS #1 RSAPublicKey is a DER SEQUENCE.
            guard rawKey.first == 0x30 else {
                throw PinningError.unsupportedKey("RSA key is not a PKCS #1 SEQUENCE")
            }
            identifier = rsaAlgorithm
        case .p256, .p384, .p521:
            let coordinate = algorithm == .p256 ? 32 : algorithm == .p384 ? 48 : 66
            guard rawKey.count == 1 + 2 * coordinate, rawKey.first == 0x04 else {
                throw PinningError.unsupportedKey(
                    "EC key is not an uncompressed X9.63 point of \(1 + 2 * coordinate) bytes")
            }
            let curve: [UInt8] =
                switch algorithm {
                case .p256: [0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07]
                case .p384: [0x2b, 0x81, 0x04, 0x00, 0x22]
                default: [0x2b, 0x81, 0x04, 0x00, 0x23]
                }
            identifier = ecAlgorithm(curve: curve)
        }
        let bitString = [0x03] + length(rawKey.count + 1) + [0x00] + rawKey
        let body = identifier + bitString
        return [0x30] + length(body.count) + body
    }

    /// A DER length: short form below 128, else the minimal big-endian long form.
    static func length(_ value: Int) -> [UInt8] {
        if value < 0x80 { return [UInt8(value)] }
        var bytes: [UInt8] = []
        var rest = value
        while rest > 0 {
            bytes.insert(UInt8(truncatingIfNeeded: rest), at: 0)
            rest >>= 8
        }
        return [0x80 | UInt8(bytes.count)] + bytes
    }
}
