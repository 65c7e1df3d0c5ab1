import Foundation
import KeelNetworking
import Testing

/// One case-insensitive header lookup (`[String: String].header(_:)`: ASCII case folding, the
/// exact spelling first) instead of `caseInsensitiveCompare` copies.
@Suite("One case-insensitive header lookup")
struct HeaderLookupRuleTests {
    @Test(
        "An offset retrieval with two spellings of Upload-Offset reads the exact one, whatever the dictionary's order"
    )
    func exactSpellingWins() {
        // `UploadResume` used to take the first key equal to `Upload-Offset` ignoring case in
        // the dictionary's order: with `upload-offset` iterated first, the upload resumed from
        // its value. Iteration order depends on the process's hash seed, so several spellings
        // and bucket layouts are tried: some put the other spelling first in every run, where
        // the old lookup answered 1.
        var adversarial = 0
        let spellings = [
            "upload-offset", "UPLOAD-OFFSET", "Upload-offset", "upload-Offset", "uPLOAD-oFFSET",
            "UpLoAd-OfFsEt", "uPlOaD-oFfSeT", "UPLOAD-offset",
        ]
        for spelling in spellings {
            for capacity in (0..<12).map({ 1 << $0 }) {
                var headers = [String: String](minimumCapacity: capacity)
                headers[spelling] = "1"
                headers["Upload-Offset"] = "3"
                if headers.first(where: { $0.key.lowercased() == "upload-offset" })?.key == spelling {
                    adversarial += 1
                }
                #expect(
                    UploadResume.decide(status: 204, headers: headers, length: 10) == .append(from: 3),
                    "\(spelling), capacity \(capacity)")
            }
        }
        #expect(adversarial > 0, "no layout put the other spelling first")
    }

    @Test("A header name folded only by Unicode rules (the Kelvin sign) is another header")
    func kelvinSignIsAnotherName() {
        // "\u{212A}" (KELVIN SIGN) lowercases to "k": `caseInsensitiveCompare` took
        // "\u{212A}ey-Id" for "key-id"; field names compare by ASCII case only (RFC 9110 §5.1).
        // (Swift's `==` already equates it with an ASCII "K" — canonical equivalence — so only
        // a spelling that differs in case as well shows the difference.)
        let headers = ["\u{212A}ey-Id": "forged"]
        #expect(headers.header("key-id") == nil)
        #expect(!headers.hasHeader("KEY-ID"))
        #expect(["KEY-ID": "real"].header("Key-Id") == "real")
    }
}
