import Foundation
import KeelNetworking
import KeelTesting
import Testing

/// `Upload-Limit` (draft-ietf-httpbis-resumable-upload, *Limits*) and the decisions it drives,
/// headless.
@Suite("Upload limits")
struct UploadLimitsTests {
    typealias Limits = UploadResume.Limits

    @Test("Upload-Limit is a Structured Field Dictionary of non-negative Integers")
    func parses() {
        #expect(Limits.parse("max-size=1234567890") == Limits(maxSize: 1_234_567_890))
        #expect(
            Limits.parse("max-size=100, min-size=1,\tmax-append-size=10 ,min-append-size=5, max-age=3600")
                == Limits(maxSize: 100, minSize: 1, maxAppendSize: 10, minAppendSize: 5, maxAge: 3600))
        #expect(Limits.parse("  max-append-size=0") == Limits(maxAppendSize: 0))
        #expect(Limits.parse("max-size=999999999999999") == Limits(maxSize: 999_999_999_999_999))
        // Parameters on a member are allowed and ignored; a later duplicate wins.
        #expect(Limits.parse("max-size=5;unit=bytes;x") == Limits(maxSize: 5))
        #expect(Limits.parse("max-size=5, max-size=7") == Limits(maxSize: 7))
        // Drafts up to -05 named the lifetime `expires`; `max-age` wins when both are there.
        #expect(Limits.parse("expires=60") == Limits(maxAge: 60))
        #expect(Limits.parse("expires=60, max-age=30") == Limits(maxAge: 30))
        // An empty Dictionary is a valid one: no limits.
        #expect(Limits.parse("") == Limits())
        #expect(Limits.parse(nil) == nil)
    }

    @Test("Unknown members of any Structured Field type are ignored")
    func unknownMembers() {
        let text =
            #"a=1, b="s\"q", c=tok/en:x, d=:aGVsbG8=:, e=?0, f, g=(1 "two" three);p=1, h=1.5, *i=@1700000000, j=%"caf%c3%a9", max-size=42"#
        #expect(Limits.parse(text) == Limits(maxSize: 42))
    }

    @Test("A header that is not a Dictionary, or a known member of another type, is ignored whole")
    func ignoredWhole() {
        for text in [
            #"max-size="5""#, "max-size=5.0", "max-size", "max-size=?1", "max-size=-1", "max-size=abc",
            "max-size=(1 2)", "max-size=5,", "MAX-SIZE=5", "max-size=5 min-size=1",
            "max-size=1234567890123456",
            #"max-size=5, foo="open"#, "é=1, max-size=5", "max-size=5, min-size=:bad", "max-size=5;=1",
            "max-size=5, expires=-3", "max-age=1.25", "max-size=5, x=1.", "max-size=5, x=(1", "=5",
            ",max-size=5",
            "max-size=5\u{0}", "max-size=\u{FF}",
        ] {
            #expect(Limits.parse(text) == nil, "\(text)")
        }
    }

    @Test("A value longer than the bound is ignored; the same members within it are read")
    func bounded() {
        let within = String(repeating: "x=1, ", count: 817) + "max-size=9"
        #expect(within.utf8.count == Limits.maximumFieldLength - 1)
        #expect(Limits.parse(within) == Limits(maxSize: 9))
        let beyond = String(repeating: "x=1, ", count: 818) + "max-size=9"
        #expect(beyond.utf8.count > Limits.maximumFieldLength)
        #expect(Limits.parse(beyond) == nil)
    }

    @Test("A file above max-size or below min-size is refused, saying the limit and the length")
    func sizes() {
        #expect(UploadResume.check(length: 100, limits: Limits()) == nil)
        #expect(UploadResume.check(length: 100, limits: Limits(maxSize: 100, minSize: 100)) == nil)
        guard case .fileTooLarge(101, 100) = UploadResume.check(length: 101, limits: Limits(maxSize: 100))
        else {
            Issue.record("101 bytes were not refused under max-size 100")
            return
        }
        guard case .fileTooSmall(9, 10) = UploadResume.check(length: 9, limits: Limits(minSize: 10)) else {
            Issue.record("9 bytes were not refused under min-size 10")
            return
        }
        let large = UploadFailure.fileTooLarge(length: 101, maximumSize: 100)
        #expect(String(describing: large).contains("101") && String(describing: large).contains("100"))
        #expect(String(describing: large).contains("max-size"))
        let small = UploadFailure.fileTooSmall(length: 9, minimumSize: 10)
        #expect(String(describing: small).contains("min-size") && String(describing: small).contains("10"))
    }

    @Test("Limits no upload can keep are refused as inconsistent")
    func inconsistent() {
        for limits in [
            Limits(maxSize: 10, minSize: 11), Limits(maxAppendSize: 4, minAppendSize: 5),
            Limits(maxAppendSize: 0),
        ] {
            guard case .inconsistentLimits(let reason) = UploadResume.check(length: 10, limits: limits) else {
                Issue.record("\(limits) was accepted")
                continue
            }
            #expect(!reason.isEmpty)
            #expect(String(describing: UploadFailure.inconsistentLimits(reason)).contains("Upload-Limit"))
        }
        #expect(UploadResume.check(length: 0, limits: Limits(maxAppendSize: 0)) == nil, "nothing to append")
    }

    @Test("Appends: at most max-append-size each, offsets following on, only the last completes")
    func appends() {
        let limits = Limits(maxAppendSize: 4000, minAppendSize: 1000)
        var plan: [UploadResume.Append] = []
        var offset: Int64 = 0
        repeat {
            let step = UploadResume.nextAppend(from: offset, length: 10_000, limits: limits)
            plan.append(step)
            offset = step.offset + step.count
        } while plan.last?.isComplete == false
        #expect(
            plan == [
                .init(offset: 0, count: 4000, isComplete: false),
                .init(offset: 4000, count: 4000, isComplete: false),
                .init(offset: 8000, count: 2000, isComplete: true),
            ])
        #expect(
            UploadResume.nextAppend(from: 0, length: 10_000, limits: Limits())
                == .init(offset: 0, count: 10_000, isComplete: true))
        #expect(
            UploadResume.nextAppend(from: 10_000, length: 10_000, limits: limits)
                == .init(offset: 10_000, count: 0, isComplete: true))
        #expect(
            UploadResume.appendHeaders(offset: 4000, complete: false)
                == [
                    "Upload-Complete": "?0", "Upload-Offset": "4000",
                    "Content-Type": "application/partial-upload",
                ])
        #expect(UploadResume.appendHeaders(offset: 8000, complete: true)["Upload-Complete"] == "?1")
    }

    @Test("A 413 stating a smaller max-append-size gives the limits to send again with; otherwise it stands")
    func refusal() {
        #expect(
            UploadResume.limitsAfterRefusal(
                headers: ["upload-limit": "max-append-size=1000"], count: 5000, length: 9000)
                == Limits(maxAppendSize: 1000))
        for headers in [
            [:], ["Upload-Limit": "max-append-size=5000"], ["Upload-Limit": "max-append-size=9000"],
            ["Upload-Limit": "max-append-size=0"], ["Upload-Limit": "max-append-size=\"1\""],
            ["Upload-Limit": "max-append-size=100, max-size=10"],
            ["Upload-Limit": "max-append-size=100, min-append-size=200"],
            ["Upload-Limit": "max-append-size=100", "Upload-Complete": "?1"],
        ] {
            #expect(
                UploadResume.limitsAfterRefusal(headers: headers, count: 5000, length: 9000) == nil,
                "\(headers)")
        }
    }

    @Test("Seeded plans: from any offset, every append keeps to the limits and the file arrives whole")
    func plans() {
        var generator = SplitMix(seed: 5)
        for _ in 0..<2000 {
            let length = Int64.random(in: 0...50_000, using: &generator)
            let maximum =
                Bool.random(using: &generator) ? nil : Int64.random(in: 0...20_000, using: &generator)
            let minimum =
                Bool.random(using: &generator) ? nil : Int64.random(in: 0...20_000, using: &generator)
            let limits = Limits(maxAppendSize: maximum, minAppendSize: minimum)
            guard UploadResume.check(length: length, limits: limits) == nil else {
                #expect((maximum ?? .max) < (minimum ?? 0) || (maximum == 0 && length > 0))
                continue
            }
            var offset = Int64.random(in: 0...length, using: &generator)
            var steps = 0
            while true {
                let step = UploadResume.nextAppend(from: offset, length: length, limits: limits)
                #expect(step.offset == offset)
                #expect(step.count <= (maximum ?? .max) || (maximum == 0 && step.count == 0))
                if !step.isComplete { #expect(step.count >= (minimum ?? 0) && step.count > 0) }
                offset += step.count
                steps += 1
                if step.isComplete || steps > 100_000 { break }
            }
            #expect(offset == length)
        }
    }

    @Test("Resume data keeps the limits across JSON; resume data from before them still decodes")
    func resumeData() throws {
        let file = URL(fileURLWithPath: "/tmp/clip.mov")
        let resume = UploadResumeData(
            uploadURL: URL(string: "https://api.example.com/u/1"), file: file, length: 10,
            modificationDate: nil,
            limits: Limits(maxAppendSize: 4))
        let decoded = try JSONDecoder().decode(UploadResumeData.self, from: JSONEncoder().encode(resume))
        #expect(decoded == resume)
        let old = #"{"uploadURL":"https://api.example.com/u/1","file":"file:///tmp/clip.mov","length":10}"#
        let earlier = try JSONDecoder().decode(UploadResumeData.self, from: Data(old.utf8))
        #expect(earlier.limits == nil && earlier.length == 10)
    }
}

/// SplitMix64, seeded: KeelTesting's generator.
private typealias SplitMix = SeededRandomNumberGenerator
