import Foundation
import KeelNetworking
import KeelTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The resumable-upload decisions (draft-ietf-httpbis-resumable-upload), headless.
@Suite("Upload resume decisions")
struct UploadResumeTests {
    static let request = URL(string: "https://api.example.com/v1/files")!
    static let file = URL(fileURLWithPath: "/tmp/clip.mov")
    static let date = Date(timeIntervalSinceReferenceDate: 800_000_000.25)
    static let state = UploadResume.FileState(length: 1000, modificationDate: date)

    static func resume(_ url: String?, length: Int64 = 1000, date: Date? = date, file: URL = file)
        -> UploadResumeData
    {
        UploadResumeData(
            uploadURL: url.map { URL(string: $0)! }, file: file, length: length, modificationDate: date)
    }

    @Test("Only an Accept-Patch that lists application/partial-upload offers resumable uploads")
    func discovery() {
        #expect(UploadResume.offersResumableUploads(acceptPatch: "application/partial-upload"))
        #expect(
            UploadResume.offersResumableUploads(acceptPatch: "text/plain, Application/Partial-Upload ;q=1"))
        #expect(!UploadResume.offersResumableUploads(acceptPatch: "*/*"))
        #expect(!UploadResume.offersResumableUploads(acceptPatch: "application/*"))
        #expect(!UploadResume.offersResumableUploads(acceptPatch: "application/partial-upload-v2"))
        #expect(!UploadResume.offersResumableUploads(acceptPatch: nil))
    }

    @Test("The upload resource is the Location on the request's origin; another origin is refused")
    func location() throws {
        let relative = try UploadResume.uploadURL(location: "/uploads/abc", requestURL: Self.request).get()
        #expect(relative.absoluteString == "https://api.example.com/uploads/abc")
        let absolute = try UploadResume.uploadURL(
            location: "https://API.example.com:443/uploads/x", requestURL: Self.request
        ).get()
        #expect(absolute.path == "/uploads/x")
        for other in [
            "https://evil.example.net/uploads/abc", "http://api.example.com/uploads/abc",
            "https://api.example.com:8443/uploads/abc", "//cdn.example.com/u",
        ] {
            guard
                case .failure(.uploadURLRefused(let url)) = UploadResume.uploadURL(
                    location: other, requestURL: Self.request)
            else {
                Issue.record("\(other) was not refused")
                continue
            }
            #expect(url.host != nil)
        }
        guard
            case .failure(.invalidServerState) = UploadResume.uploadURL(
                location: nil, requestURL: Self.request)
        else {
            Issue.record("a creation without Location was accepted")
            return
        }
    }

    @Test(
        "Resuming asks the offset, or restarts for no upload resource or a changed file, or refuses another origin"
    )
    func start() {
        let url = "https://api.example.com/uploads/abc"
        #expect(
            UploadResume.start(
                resume: Self.resume(url), file: Self.file, state: Self.state, requestURL: Self.request)
                == .askOffset(URL(string: url)!))
        #expect(
            UploadResume.start(
                resume: Self.resume(nil), file: Self.file, state: Self.state, requestURL: Self.request)
                == .restart(.noUploadResource, discard: nil))
        let changed: [UploadResumeData] = [
            Self.resume(url, length: 999),
            Self.resume(url, date: Self.date.addingTimeInterval(1)),
            Self.resume(url, date: nil),
            Self.resume(url, file: URL(fileURLWithPath: "/tmp/other.mov")),
        ]
        for resume in changed {
            #expect(
                UploadResume.start(
                    resume: resume, file: Self.file, state: Self.state, requestURL: Self.request)
                    == .restart(.fileChanged, discard: URL(string: url)!))
        }
        let foreign = "https://elsewhere.example.org/uploads/abc"
        #expect(
            UploadResume.start(
                resume: Self.resume(foreign), file: Self.file, state: Self.state, requestURL: Self.request)
                == .refused(URL(string: foreign)!))
    }

    @Test("Resume data survives JSON: the validator still matches")
    func codable() throws {
        let resume = Self.resume("https://api.example.com/uploads/abc")
        let decoded = try JSONDecoder().decode(UploadResumeData.self, from: JSONEncoder().encode(resume))
        #expect(
            UploadResume.start(resume: decoded, file: Self.file, state: Self.state, requestURL: Self.request)
                == .askOffset(URL(string: "https://api.example.com/uploads/abc")!))
    }

    @Test("An offset retrieval: append from the offset, restart when gone, fail on an unusable state")
    func decide() {
        func decide(_ status: Int, _ headers: [String: String]) -> UploadResume.Decision {
            UploadResume.decide(status: status, headers: headers, length: 1000)
        }
        #expect(decide(204, ["Upload-Offset": "600", "Upload-Complete": "?0"]) == .append(from: 600))
        #expect(decide(200, ["upload-offset": " 0 "]) == .append(from: 0))
        #expect(decide(204, ["Upload-Offset": "1000", "Upload-Length": "1000"]) == .append(from: 1000))
        #expect(decide(404, [:]) == .restart(.uploadGone))
        #expect(decide(410, [:]) == .restart(.uploadGone))
        for (status, headers) in [
            (204, [:]), (204, ["Upload-Offset": "-1"]), (204, ["Upload-Offset": "1001"]),
            (204, ["Upload-Offset": "12a"]), (204, ["Upload-Offset": "9999999999999999999"]),
            (204, ["Upload-Offset": "10", "Upload-Length": "2000"]),
            (204, ["Upload-Offset": "1000", "Upload-Complete": "?1"]), (403, [:]),
        ] as [(Int, [String: String])] {
            guard case .failed(let reason) = decide(status, headers) else {
                Issue.record("\(status) \(headers) was usable")
                continue
            }
            #expect(!reason.isEmpty)
        }
    }

    @Test("Upload-Offset values: seeded hostile text never crashes and is a number only when it is one")
    func offsetFuzz() {
        var generator = SeededGenerator(seed: 37)
        let alphabet = Array("0123456789-+ ;=?.eE\u{0}\u{FF}a\t")
        for round in 0..<20_000 {
            let count = Int.random(in: 0...24, using: &generator)
            var text = String((0..<count).map { _ in alphabet.randomElement(using: &generator)! })
            if round % 5 == 0 { text = String(Int64.random(in: Int64.min...Int64.max, using: &generator)) }
            let parsed = UploadResume.offset(text)
            let length = Int64.random(in: 0...Int64(1) << 40, using: &generator)
            let decision = UploadResume.decide(status: 204, headers: ["Upload-Offset": text], length: length)
            switch parsed {
            case .success(let value):
                #expect(value >= 0 && value < 1_000_000_000_000_000, "\(text)")
                let bare = text.split(separator: ";", omittingEmptySubsequences: false).first ?? ""
                #expect(Int64(bare.trimmingCharacters(in: .whitespaces)) == value, "\(text)")
                if value <= length {
                    #expect(decision == .append(from: value), "\(text)")
                } else if case .append = decision {
                    Issue.record("\(text) past \(length) was appended")
                }
            case .failure(let failure):
                #expect(String(describing: failure).contains("Upload-Offset"))
                if case .append = decision { Issue.record("\(text) was appended") }
            }
        }
    }

    @Test("Upload-Complete is a Structured Field Boolean; anything else is ignored")
    func complete() {
        #expect(UploadResume.complete("?1") == true)
        #expect(UploadResume.complete(" ?0;x=1") == false)
        for text in ["1", "true", "?2", "", "??1"] { #expect(UploadResume.complete(text) == nil, "\(text)") }
        #expect(UploadResume.complete(nil) == nil)
    }

    @Test(
        "Interruptions: lost connections, deadlines and 5xx resume; 4xx and a completed upload's answer do not"
    )
    func interruptions() {
        #expect(UploadResume.isInterruption(APIError.transport(URLError(.networkConnectionLost))))
        #expect(UploadResume.isInterruption(APIError.timedOut(after: .seconds(1))))
        #expect(
            UploadResume.isInterruption(
                APIError.status(code: 503, headers: [:], body: Data(), isBodyTruncated: false)))
        #expect(
            !UploadResume.isInterruption(
                APIError.status(
                    code: 500, headers: ["Upload-Complete": "?1"], body: Data(), isBodyTruncated: false)))
        let conflict = APIError.status(
            code: 409, headers: ["Upload-Offset": "3"], body: Data(), isBodyTruncated: false)
        #expect(!UploadResume.isInterruption(conflict))
        #expect(UploadResume.isInterruption(conflict, appending: true))
        #expect(
            !UploadResume.isInterruption(
                APIError.status(code: 400, headers: [:], body: Data(), isBodyTruncated: false)))
        #expect(!UploadResume.isInterruption(CancellationError()))
    }

    @Test("The error says whether resuming continues or starts again")
    func description() {
        let lost = URLError(.networkConnectionLost)
        let restart = UploadFailure.interrupted(resume: Self.resume(nil), underlying: lost)
        #expect(String(describing: restart).contains("again from the start"))
        let resumable = UploadFailure.interrupted(
            resume: Self.resume("https://api.example.com/u/1"), underlying: lost)
        #expect(String(describing: resumable).contains("sends the rest"))
    }
}

/// SplitMix64, seeded: KeelTesting's generator.
private typealias SeededGenerator = SeededRandomNumberGenerator
