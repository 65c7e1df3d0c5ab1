import KeelTesting
import Testing

@testable import KeelNetworking

@Suite("Credential header shapes")
struct CredentialHeaderShapeTests {
    @Test("the ASCII fast path decides every ASCII name as the Unicode path does")
    func asciiPathAgrees() {
        let known = [
            "Authorization", "X-Auth-Token", "Private-Token", "X-Goog-Api-Key", "Api-Key",
            "X-Amz-Security-Token",
            "X-Refresh-Token", "Cookie", "Content-Type", "Accept", "X-Key", "x-a-key", "X-KEY-",
            "X-Client-Secret",
            "Session-ID", "X-Signature", "x-", "", "-", "Token", "tokens", "Pass_Word", "X-Trace-Id",
            "Credentials", "Ocp-Apim-Subscription-Key", "A-Very-Long-Header-Name-Ending-In-Token",
            "A-Very-Long-Header-Name-Ending-In-Tokens", "Subscriptionkey-Not-At-The-End",
        ]
        for name in known {
            #expect(
                CredentialHeaders.asciiCredentialShape(name)
                    == CredentialHeaders.unicodeCredentialShape(name), "\(name)")
        }
        var random = SeededRandomNumberGenerator(seed: 0x5EED_C0DE)
        let alphabet = Array("abcxyzKEYTOKNSRDPW-_0123456789 .".unicodeScalars)
        let words = ["token", "key", "x-", "-key", "secret", "api", "Id", "session", "sign", "ature"]
        for _ in 0..<5_000 {
            var name = ""
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                if Bool.random(using: &random) {
                    name += words.randomElement(using: &random)!
                } else {
                    name.unicodeScalars.append(alphabet.randomElement(using: &random)!)
                }
            }
            #expect(
                CredentialHeaders.asciiCredentialShape(name)
                    == CredentialHeaders.unicodeCredentialShape(name), "\(name)")
        }
        // Anything else takes the Unicode path.
        #expect(CredentialHeaders.asciiCredentialShape("X-Clé-Token") == nil)
        #expect(CredentialHeaders.hasCredentialShape("X-Clé-Token"))
    }
}
