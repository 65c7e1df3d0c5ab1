import Foundation
import KeelNetworking
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Download resume decisions and the partial file")
struct DownloadResumeTests {
    static let strong = DownloadResumeData(
        entityTag: "\"v1\"", lastModified: "Sat, 05 Dec 2026 10:00:00 GMT", bytesReceived: 600,
        expectedLength: 1000)

    @Test(
        "The resume request asks for the rest with If-Range: a strong ETag, else a strong Last-Modified, else no range"
    )
    func requestHeaders() {
        #expect(
            DownloadResume.requestHeaders(for: Self.strong) == ["Range": "bytes=600-", "If-Range": "\"v1\""])
        // RFC 9110 §13.1.5: never a weak entity tag in If-Range, and never a date when the client
        // has an entity tag: a weak ETag leaves no validator, so no range at all.
        var weak = Self.strong
        weak.entityTag = "W/\"v1\""
        #expect(DownloadResume.requestHeaders(for: weak).isEmpty)
        weak.lastModified = nil
        #expect(DownloadResume.requestHeaders(for: weak).isEmpty)
        var dated = Self.strong
        dated.entityTag = nil
        #expect(
            DownloadResume.requestHeaders(for: dated) == [
                "Range": "bytes=600-", "If-Range": "Sat, 05 Dec 2026 10:00:00 GMT",
            ])
        var nothing = Self.strong
        nothing.bytesReceived = 0
        #expect(DownloadResume.requestHeaders(for: nothing).isEmpty)
        #expect(DownloadResume.requestHeaders(for: nil).isEmpty)
    }

    @Test("Resume data keeps Last-Modified only when the response's Date makes it strong (a second later)")
    func strongDates() {
        let modified = "Sat, 05 Dec 2026 10:00:00 GMT"
        func kept(_ headers: [String: String]) -> String? {
            DownloadResume.resumeData(headers: headers, written: 5, expectedLength: 9).lastModified
        }
        #expect(kept(["Last-Modified": modified, "Date": "Sat, 05 Dec 2026 10:00:01 GMT"]) == modified)
        #expect(kept(["last-modified": modified, "date": "Sun, 06 Dec 2026 04:00:00 GMT"]) == modified)
        // The same second (the file may change again within it), no Date, or an unreadable one: weak.
        #expect(kept(["Last-Modified": modified, "Date": modified]) == nil)
        #expect(kept(["Last-Modified": modified]) == nil)
        #expect(kept(["Last-Modified": "yesterday", "Date": "Sun, 06 Dec 2026 04:00:00 GMT"]) == nil)
        #expect(kept(["Last-Modified": modified, "Date": "Fri, 04 Dec 2026 10:00:00 GMT"]) == nil)
        // Only an IMF-fixdate goes back in If-Range: not an obsolete form, nor a mangled one.
        let later = "Sun, 06 Dec 2026 04:00:00 GMT"
        #expect(kept(["Last-Modified": "Saturday, 05-Dec-26 10:00:00 GMT", "Date": later]) == nil)
        #expect(kept(["Last-Modified": "W/t, 05 Dec 2026 10:00:00 GMT", "Date": later]) == nil)
        #expect(kept(["Last-Modified": "Sat\u{30D}, 05 Dec 2026 10:00:00 GMT", "Date": later]) == nil)
    }

    @Test(
        "Content-Range: the unit in any case, spaces after it, an unknown total; anything unusable restarts")
    func contentRangeVariants() {
        for value in [
            "bytes 600-999/1000", "Bytes 600-999/1000", "BYTES 600-999/1000", "bytes  600-999/1000",
            "bytes\t600-999/1000", "bytes 600-999/*",
        ] {
            #expect(
                DownloadResume.decide(resume: Self.strong, status: 206, headers: ["Content-Range": value])
                    == .append(expectedLength: 1000), "\(value)")
        }
        var unknown = Self.strong
        unknown.expectedLength = nil
        #expect(
            DownloadResume.decide(resume: unknown, status: 206, headers: ["Content-Range": "bytes 600-999/*"])
                == .append(expectedLength: 1000), "the range's end, when no total is known")
        #expect(
            DownloadResume.decide(
                resume: unknown, status: 206, headers: ["Content-Range": "bytes 600-799/800"])
                == .append(expectedLength: 800))
        let restarts: [[String: String]] = [
            ["Content-Range": "bytes 600-899/*"],  // not the rest of the 1000 bytes expected
            ["Content-Range": "bytes 600 - 999/1000"],
            ["Content-Range": "bytes=600-999/1000"],
            ["Content-Range": "bytes600-999/1000"],
            ["Content-Range": "bytes 600-999/1000/1"],
            ["Content-Range": "bytes -600-999/1000"],
            ["Content-Range": "bytes 999-600/1000"],
            ["Content-Range": "bytes 600-999/999"],
            ["Content-Range": "bytes */1000"],
            // Several ranges in one body: never spliced, even with a plausible Content-Range.
            ["Content-Type": "multipart/byteranges; boundary=THIS", "Content-Range": "bytes 600-999/1000"],
            ["content-type": "Multipart/ByteRanges;boundary=x"],
            // A range of an encoded representation counts encoded bytes, the file holds decoded ones.
            ["Content-Range": "bytes 600-999/1000", "Content-Encoding": "gzip"],
        ]
        for headers in restarts {
            #expect(
                DownloadResume.decide(resume: Self.strong, status: 206, headers: headers) == .restart,
                "\(headers)")
        }
    }

    @Test("A 206 to a request that sent no Range: the whole representation is written, a part fails")
    func unrequestedPartialContent() {
        #expect(
            DownloadResume.decide(
                resume: nil, status: 206,
                headers: ["Content-Range": "bytes 0-999/1000", "Content-Length": "1000"])
                == .writeFromStart(expectedLength: 1000))
        for headers in [
            ["Content-Range": "bytes 600-999/1000"], ["Content-Range": "bytes 0-999/*"],
            ["Content-Type": "multipart/byteranges; boundary=x"], [:],
        ] {
            #expect(DownloadResume.decide(resume: nil, status: 206, headers: headers) == .failed(status: 206))
        }
    }

    @Test("A Content-Encoding other than identity: no length to check, no byte offset to resume from")
    func encodedBodies() {
        #expect(
            DownloadResume.decide(
                resume: nil, status: 200, headers: ["Content-Length": "73", "Content-Encoding": "gzip"])
                == .writeFromStart(expectedLength: nil))
        #expect(
            DownloadResume.decide(
                resume: Self.strong, status: 200,
                headers: ["Content-Length": "73", "content-encoding": "GZip"])
                == .writeFromStart(expectedLength: nil))
        #expect(
            DownloadResume.decide(
                resume: nil, status: 200, headers: ["Content-Length": "73", "Content-Encoding": " identity "])
                == .writeFromStart(expectedLength: 73))
        for value in ["gzip", "br", "deflate, identity", "x-compress", "identity, gzip", "zstd"] {
            #expect(DownloadResume.isContentEncoded(["Content-Encoding": value]), "\(value)")
        }
        for value in ["identity", "Identity", "", " "] {
            #expect(!DownloadResume.isContentEncoded(["Content-Encoding": value]), "\(value)")
        }
        #expect(!DownloadResume.isContentEncoded([:]))
    }

    @Test("206 for exactly the rest of the same representation appends; anything else restarts")
    func partialContent() {
        let good = ["Content-Range": "bytes 600-999/1000", "ETag": "\"v1\"", "Content-Length": "400"]
        #expect(
            DownloadResume.decide(resume: Self.strong, status: 206, headers: good)
                == .append(expectedLength: 1000))
        #expect(
            DownloadResume.decide(
                resume: Self.strong, status: 206, headers: ["content-range": "bytes 600-999/*"])
                == .append(expectedLength: 1000))
        let restarts: [[String: String]] = [
            ["Content-Range": "bytes 500-999/1000"],  // not where the file stops
            ["Content-Range": "bytes 600-899/1000"],  // not the rest
            ["Content-Range": "bytes 600-1099/1100"],  // another length
            ["Content-Range": "bytes 600-999/1000", "ETag": "\"v2\""],  // changed validator
            ["Content-Range": "bytes 600-999/1000", "Content-Length": "7"],
            ["Content-Range": "bytes 600-99999999999999999999/*"],
            ["Content-Range": "items 600-999/1000"],
            [:],
        ]
        for headers in restarts {
            #expect(
                DownloadResume.decide(resume: Self.strong, status: 206, headers: headers) == .restart,
                "\(headers)")
        }
        // A 206 to a request that asked for no range cannot be appended to anything.
        #expect(DownloadResume.decide(resume: nil, status: 206, headers: good) == .failed(status: 206))
    }

    @Test("200 writes from the start; 416 completes when the file is whole, else restarts; others fail")
    func otherStatuses() {
        #expect(
            DownloadResume.decide(resume: Self.strong, status: 200, headers: ["Content-Length": "1200"])
                == .writeFromStart(expectedLength: 1200))
        var whole = Self.strong
        whole.bytesReceived = 1000
        #expect(
            DownloadResume.decide(resume: whole, status: 416, headers: ["Content-Range": "bytes */1000"])
                == .complete(length: 1000))
        #expect(
            DownloadResume.decide(resume: whole, status: 416, headers: ["content-range": "Bytes  */1000"])
                == .complete(length: 1000))
        var unknown = whole
        unknown.expectedLength = nil
        #expect(
            DownloadResume.decide(resume: unknown, status: 416, headers: ["Content-Range": "bytes */1000"])
                == .complete(length: 1000))
        for headers in [
            ["Content-Range": "bytes */1000", "ETag": "\"v2\""],  // another version
            ["Content-Range": "bytes */1001"],  // grown
            ["Content-Range": "bytes */999"],  // shrunk
            ["Content-Range": "bytes 0-999/1000"],  // not the unsatisfied-range form
            ["Content-Range": "bytes */*"], [:],
        ] {
            #expect(
                DownloadResume.decide(resume: whole, status: 416, headers: headers) == .restart, "\(headers)")
        }
        #expect(
            DownloadResume.decide(
                resume: Self.strong, status: 416, headers: ["Content-Range": "bytes */1000"]) == .restart)
        #expect(DownloadResume.decide(resume: Self.strong, status: 416, headers: [:]) == .restart)
        // A 416 to a request that asked for no range is the server's failure.
        #expect(
            DownloadResume.decide(resume: nil, status: 416, headers: ["Content-Range": "bytes */0"])
                == .failed(status: 416))
        #expect(DownloadResume.decide(resume: Self.strong, status: 404, headers: [:]) == .failed(status: 404))
        #expect(
            DownloadResume.resumeData(headers: ["etag": "\"a\""], written: 5, expectedLength: 9)
                == DownloadResumeData(
                    entityTag: "\"a\"", lastModified: nil, bytesReceived: 5, expectedLength: 9))
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keel-download-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func mode(_ url: URL) -> mode_t {
        var info = stat()
        _ = stat(url.path, &info)
        return info.st_mode & 0o777
    }

    @Test("The partial file is 0600, resumes by appending, and moves into place only at the right length")
    func partialFile() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("video.bin")
        try Data("old".utf8).write(to: destination)

        let first = try DownloadFile(destination: destination)
        #expect(Self.mode(first.partialURL) == 0o600)
        try first.append(Data("hello ".utf8))
        first.suspend()

        // Resume at the recorded count: appended to.
        let resumed = try DownloadFile(destination: destination, resumingAt: 6)
        #expect(resumed.bytesWritten == 6)
        try resumed.append(Data("world".utf8))
        #expect(throws: DownloadFileError.self) { try resumed.finish(expectedLength: 12) }
        // A failed finish keeps the file open, and locked, until it is suspended or discarded.
        resumed.suspend()
        // A wrong length left the destination alone.
        #expect(try Data(contentsOf: destination) == Data("old".utf8))

        let again = try DownloadFile(destination: destination, resumingAt: 11)
        try again.finish(expectedLength: 11)
        #expect(try Data(contentsOf: destination) == Data("hello world".utf8))
        #expect(!FileManager.default.fileExists(atPath: again.partialURL.path))
    }

    @Test("A partial file of another size, or a link planted in its place, is not resumed")
    func staleOrPlanted() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("doc.pdf")
        let stale = try DownloadFile(destination: destination)
        try stale.append(Data("12345".utf8))
        stale.suspend()
        let restarted = try DownloadFile(destination: destination, resumingAt: 9)
        #expect(restarted.bytesWritten == 0)
        try restarted.append(Data("ab".utf8))
        try restarted.truncate()
        try restarted.append(Data("xyz".utf8))
        try restarted.finish(expectedLength: nil)
        #expect(try Data(contentsOf: destination) == Data("xyz".utf8))

        // A symbolic link at the partial path (to a file of the right size) is replaced, not followed.
        let target = directory.appendingPathComponent("target")
        try Data("abc".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(
            at: DownloadFile.partialURL(for: destination), withDestinationURL: target)
        let fresh = try DownloadFile(destination: destination, resumingAt: 3)
        #expect(fresh.bytesWritten == 0)
        try fresh.append(Data("new".utf8))
        fresh.discard()
        #expect(try Data(contentsOf: target) == Data("abc".utf8))
        #expect(!FileManager.default.fileExists(atPath: fresh.partialURL.path))
    }
}
