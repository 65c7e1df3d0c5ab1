import Foundation
import KeelNetworking
import Testing

/// Security finding 9: public-key pinning, decided headlessly.
@Suite("Public-key pinning policy")
struct PinningPolicyTests {
    /// Keys generated with openssl for these tests; `spki` is `openssl pkey -pubout -outform DER`
    /// and `pin` is `openssl dgst -sha256 -binary | base64` of it.
    enum Fixture {
        static let rsaRaw = hex(
            "3082010a0282010100d3b5526532d65fde0396cfb6dc9d7c477dec5bb5aa298ff205afe0a0dddda29a52ffe5ef857ad70cca6de6e31349f5ebb1773be4fa2dd2afbc513f80eb906129540b7bc8405d79dda1da02fe01ca34764acf1f4351cd98ff8f64d9f5251897db31dffd82cd6bbec5a9ec442f6a284f9875f65e5e5d169d374914e80514797b1c47c035ae45fd9f3c1be95ec55e489e235889f8301ab44d5f7903d1acd872edbb37c7e5ab23daa9295d60afcb40bb0b81554a5cc608bd27db1deb0f23233aec5cd075ffb4309b228a2cd02eb06916480bdb301af701f323a396b7c04ba88f4736912cff323e767777cb2e4977cfbb51720a66ac571b1db89c29bc2c932c3f827b0203010001"
        )
        static let rsaPin = "OU8yufMCagcyjK4SfWY0biZuZ83U206lyMMqCEe1Gu0="
        static let p256SPKI = hex(
            "3059301306072a8648ce3d020106082a8648ce3d03010703420004687c04aacd8735bc465adc84c6d4349d9812b48149fe2b2058238049b598b114844cd405e80c8959214923fab3b1caa00b4f9121d2759107aa07f069e7a73d3f"
        )
        static let p256Pin = "Y98uK4bpiFqpa0R+OEkyyYyjTZH2rNVJ9KIeBFfS6j0="
        static let p384SPKI = hex(
            "3076301006072a8648ce3d020106052b8104002203620004c9a65afd6ba9480fcb620e416137b712884afd1fbe9a774b9b5cee75a19e8854d1844a1829abdffc687e891a37fbddefa7347879024270f4322b7034f99283e9d67225677d438e0267a08dfc85104ef248ed54e912c98e540e4a120f33075dc6"
        )
        static let p384Pin = "buUgBwqEtuL8a623Tx2iDPRWzI2UrugJOvBVdp7pLfs="

        static func hex(_ text: String) -> [UInt8] {
            var bytes: [UInt8] = []
            var index = text.startIndex
            while index < text.endIndex {
                let next = text.index(index, offsetBy: 2)
                bytes.append(UInt8(text[index..<next], radix: 16)!)
                index = next
            }
            return bytes
        }
    }

    static func hash(_ seed: UInt8) -> PublicKeyHash {
        try! PublicKeyHash(bytes: [UInt8](repeating: seed, count: 32))
    }

    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func hashesMatchOpenSSLForRSAAndEllipticCurveKeys() throws {
        #expect(try PublicKeyHash(rawKey: Fixture.rsaRaw, algorithm: .rsa).base64 == Fixture.rsaPin)
        #expect(PublicKeyHash(subjectPublicKeyInfo: Fixture.p256SPKI).base64 == Fixture.p256Pin)
        // The Security framework exports EC keys as the bare point: the last 65 / 97 bytes.
        let p256Point = Array(Fixture.p256SPKI.suffix(65))
        #expect(try PublicKeyHash(rawKey: p256Point, algorithm: .p256).base64 == Fixture.p256Pin)
        let p384Point = Array(Fixture.p384SPKI.suffix(97))
        #expect(try PublicKeyHash(rawKey: p384Point, algorithm: .p384).base64 == Fixture.p384Pin)
        #expect(try PublicKeyHash(base64: Fixture.rsaPin).description == "sha256/" + Fixture.rsaPin)
        #expect(PublicKeyAlgorithm(securityKeyType: "42", sizeInBits: 4096) == .rsa)
        #expect(PublicKeyAlgorithm(securityKeyType: "73", sizeInBits: 384) == .p384)
        #expect(PublicKeyAlgorithm(securityKeyType: "73", sizeInBits: 224) == nil)
    }

    @Test(
        "malformed pins and keys are typed errors",
        arguments: [
            ("not base64!", "not base64"), ("AAAA", "decodes to 3 bytes"),
            ("OU8yufMCagcyjK4SfWY0biZuZ83U206lyMMqCEe1Gu0AAAA=", "decodes to 35 bytes"),
        ])
    func malformedPins(text: String, reason: String) {
        #expect {
            _ = try PublicKeyHash(base64: text)
        } throws: { error in
            guard case .invalidHash(let shown, let why) = error as? PinningError else { return false }
            return shown == text && why.contains(reason)
        }
    }

    @Test func malformedKeysAndRulesAreTypedErrors() {
        #expect(throws: PinningError.self) { try PublicKeyHash(rawKey: [0x04, 1, 2], algorithm: .p256) }
        #expect(throws: PinningError.self) { try PublicKeyHash(rawKey: [0x02, 1], algorithm: .rsa) }
        #expect(throws: PinningError.self) { try PublicKeyHash(bytes: [1, 2, 3]) }
        #expect(throws: PinningError.missingBackupPin(host: "api.test")) {
            try HostPin(host: "API.test.", hashes: [Self.hash(1), Self.hash(1)])
        }
        for host in ["", "*.api.test", "https://api.test/x", "a..b", "user@api.test"] {
            #expect(throws: PinningError.self, "\(host)") {
                try HostPin(host: host, hashes: [Self.hash(1), Self.hash(2)])
            }
        }
        #expect(throws: PinningError.duplicateHost("api.test")) {
            try PinningPolicy([
                HostPin(host: "api.test", hashes: [Self.hash(1), Self.hash(2)]),
                HostPin(host: "API.TEST", hashes: [Self.hash(3), Self.hash(4)]),
            ])
        }
    }

    static func policy() throws -> PinningPolicy {
        try PinningPolicy([
            HostPin(host: "example.com", hashes: [hash(1), hash(2)], includesSubdomains: true),
            HostPin(host: "api.example.com", hashes: [hash(3), hash(4)]),
            HostPin(host: "old.test", hashes: [hash(5), hash(6)], expires: now),
            HostPin(host: "exact.test", hashes: [hash(7), hash(8)]),
            HostPin(host: "10.0.0.1", hashes: [hash(9), hash(10)]),
        ])
    }

    /// (host, key hashes in the chain, expected decision)
    static let table: [(String, [UInt8], PinningDecision)] = [
        ("example.com", [9, 1], .matched(host: "example.com", hash(1))),
        ("EXAMPLE.com.", [2], .matched(host: "example.com", hash(2))),
        ("cdn.example.com", [2], .matched(host: "example.com", hash(2))),
        ("a.b.cdn.example.com", [1], .matched(host: "example.com", hash(1))),
        ("cdn.example.com", [3], .mismatch(host: "example.com")),
        ("example.com", [], .mismatch(host: "example.com")),
        // The more specific rule wins, and it has no subdomains.
        ("api.example.com", [1], .mismatch(host: "api.example.com")),
        ("api.example.com", [4], .matched(host: "api.example.com", hash(4))),
        ("v2.api.example.com", [1], .matched(host: "example.com", hash(1))),
        // Label boundaries: not a subdomain.
        ("badexample.com", [1], .notPinned),
        ("example.com.evil.test", [7], .notPinned),
        ("exact.test", [8], .matched(host: "exact.test", hash(8))),
        ("sub.exact.test", [1], .notPinned),
        ("old.test", [1], .expired(host: "old.test")),
        ("10.0.0.1", [10], .matched(host: "10.0.0.1", hash(10))),
        ("10.0.0.1", [1], .mismatch(host: "10.0.0.1")),
        ("1.10.0.0.1", [1], .notPinned),
        ("unrelated.test", [1], .notPinned),
    ]

    @Test("decision table", arguments: table)
    func decisions(host: String, chain: [UInt8], expected: PinningDecision) throws {
        let decision = try Self.policy().evaluate(
            host: host, chainKeyHashes: chain.map(Self.hash), now: Self.now)
        #expect(decision == expected)
        #expect(
            decision.allowsConnection
                == (expected != .mismatch(host: "example.com")
                    && expected != .mismatch(host: "api.example.com")
                    && expected != .mismatch(host: "10.0.0.1")))
    }

    @Test func expiryIsExclusiveAndPinsHoldUntilThen() throws {
        let policy = try Self.policy()
        let before = Self.now.addingTimeInterval(-1)
        #expect(
            policy.evaluate(host: "old.test", chainKeyHashes: [Self.hash(1)], now: before)
                == .mismatch(host: "old.test"))
        #expect(
            policy.evaluate(host: "old.test", chainKeyHashes: [Self.hash(1)], now: Self.now)
                == .expired(host: "old.test"))
    }

    @Test func serverTrustActions() throws {
        let policy = try Self.policy()
        var asked = false
        // Unpinned hosts: default handling, and the chain is never inspected.
        #expect(
            policy.action(
                host: "unrelated.test", now: Self.now, systemTrusts: { true },
                chainKeyHashes: {
                    asked = true
                    return []
                }) == .performDefaultHandling)
        #expect(!asked)
        #expect(
            policy.action(host: "old.test", now: Self.now, systemTrusts: { false }, chainKeyHashes: { [] })
                == .performDefaultHandling)
        // Pins add to the system's check: an untrusted chain is refused even when a pin matches.
        #expect(
            policy.action(
                host: "exact.test", now: Self.now, systemTrusts: { false },
                chainKeyHashes: {
                    [Self.hash(7)]
                }) == .cancel)
        #expect(
            policy.action(
                host: "exact.test", now: Self.now, systemTrusts: { true },
                chainKeyHashes: {
                    [Self.hash(7)]
                }) == .useServerTrust)
        #expect(
            policy.action(
                host: "exact.test", now: Self.now, systemTrusts: { true },
                chainKeyHashes: {
                    [Self.hash(1)]
                }) == .cancel)
    }
}
