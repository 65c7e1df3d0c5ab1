import KeelTesting
import Testing

@testable import KeelNetworking
@testable import KeelSupport

@Suite("Credential header shapes")
struct CredentialHeaderShapeTests {
    @Test(
        "the ASCII fast path decides every ASCII name as the Unicode path does, for credentials and redaction"
    )
    func asciiPathAgrees() {
        let known = [
            "Authorization", "X-Auth-Token", "Private-Token", "X-Goog-Api-Key", "Api-Key",
            "X-Amz-Security-Token",
            "X-Refresh-Token", "Cookie", "Content-Type", "Accept", "X-Key", "x-a-key", "X-KEY-",
            "X-Client-Secret",
            "Session-ID", "X-Signature", "x-", "", "-", "Token", "tokens", "Pass_Word", "X-Trace-Id",
            "Credentials", "Ocp-Apim-Subscription-Key", "A-Very-Long-Header-Name-Ending-In-Token",
            "A-Very-Long-Header-Name-Ending-In-Tokens", "Subscriptionkey-Not-At-The-End", "X-MFA-Code",
            "X-OTP", "Code", "code", "key", "Pin", "X--Key", "Proxy-Authorization-Code", "SAMLRequest",
        ]
        for name in known {
            for redacted in [false, true] {
                #expect(
                    SecretNames.asciiDecision(name, redactedOnly: redacted)
                        == SecretNames.unicodeDecision(name, redactedOnly: redacted), "\(name)")
            }
        }
        var random = SeededRandomNumberGenerator(seed: 0x5EED_C0DE)
        let alphabet = Array("abcxyzKEYTOKNSRDPW-_0123456789 .".unicodeScalars)
        let words = [
            "token", "key", "x-", "-key", "secret", "api", "Id", "session", "sign", "ature", "code", "otp",
            "sid",
            "pin",
        ]
        for _ in 0..<5_000 {
            var name = ""
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                if Bool.random(using: &random) {
                    name += words.randomElement(using: &random)!
                } else {
                    name.unicodeScalars.append(alphabet.randomElement(using: &random)!)
                }
            }
            for redacted in [false, true] {
                #expect(
                    SecretNames.asciiDecision(name, redactedOnly: redacted)
                        == SecretNames.unicodeDecision(name, redactedOnly: redacted), "\(name)")
            }
        }
        // Anything else takes the Unicode path.
        #expect(SecretNames.asciiDecision("X-Clé-Token", redactedOnly: false) == nil)
        #expect(CredentialHeaders.hasCredentialShape("X-Clé-Token"))
    }
}
