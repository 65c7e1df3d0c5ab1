import Foundation
import KeelNetworking
import KeelNetworkingTesting
import KeelSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension SerialLoopbackTests {
    /// Resumable uploads against a server that states `Upload-Limit`.
    @Suite("File uploads within the server's Upload-Limit, over loopback")
    struct UploadLimitLoopbackTests {
        typealias Loopback = UploadLoopbackTests

        /// The `PATCH`es the server received, in order.
        static func appends(_ server: LocalHTTPServer) -> [LocalHTTPServer.Request] {
            server.requests.filter { $0.method == "PATCH" }
        }

        @Test(
            "max-append-size splits the file into PATCHes (the creation's limits win over OPTIONS'), hash-equal, progress monotonic"
        )
        func appendsWithinMaxAppendSize() async throws {
            let size = 3_500_000
            let content = try await offPool { DownloadLoopbackTests.content(size, seed: 21) }
            let uploads = try ResumableUploadServer(
                offersResumable: true, limits: "max-append-size=2000000, max-size=100000000",
                creationLimits:
                    "max-append-size=1000000;x=1, min-append-size=1000, max-age=3600, vendor=\"z\"",
                maxAppendSize: 1_000_000)
            let client = Loopback.client(uploads.server)
            let file = try Loopback.file(content)
            defer { try? FileManager.default.removeItem(at: file) }

            let transfer = client.transfer(Loopback.endpoint(file))
            var steps: [Int64] = []
            for await step in transfer.progress where step.direction == .upload {
                steps.append(step.completedBytes)
            }
            #expect(try await transfer.value == StoredFile(size: size))
            #expect(DownloadLoopbackTests.hash(uploads.upload(1)) == DownloadLoopbackTests.hash(content))
            let appends = Self.appends(uploads.server)
            #expect(appends.map(\.bodyLength) == [1_000_000, 1_000_000, 1_000_000, 500_000])
            #expect(appends.map { $0.header("Upload-Offset") } == ["0", "1000000", "2000000", "3000000"])
            #expect(appends.map { $0.header("Upload-Complete") } == ["?0", "?0", "?0", "?1"])
            #expect(appends.allSatisfy { $0.header("Content-Type") == "application/partial-upload" })
            #expect(steps.first == 0)
            #expect(zip(steps, steps.dropFirst()).allSatisfy { $0 <= $1 }, "\(steps)")
            #expect(steps.last == Int64(size))
            #expect(
                steps.contains { $0 > 1_000_000 && $0 < Int64(size) }, "progress spans the appends: \(steps)")
        }

        @Test(
            "An offset retrieval without Upload-Limit: the resumed appends keep the limits the resume data kept"
        )
        func resumeDataKeepsLimits() async throws {
            let size = 4_000_000
            let content = try await offPool { DownloadLoopbackTests.content(size, seed: 24) }
            let uploads = try ResumableUploadServer(
                offersResumable: true, creationLimits: "max-append-size=1500000", maxAppendSize: 1_500_000,
                cutAppend: (number: 2, after: 100_000), limitsOnHead: false)
            let client = Loopback.client(uploads.server)
            let file = try Loopback.file(content)
            defer { try? FileManager.default.removeItem(at: file) }

            let resume = try await Loopback.interrupted(client.transfer(Loopback.endpoint(file)))
            let kept = try JSONDecoder().decode(UploadResumeData.self, from: JSONEncoder().encode(resume))
            #expect(uploads.upload(1).count == 1_600_000)
            let before = uploads.server.requests.count
            #expect(
                try await client.transfer(Loopback.endpoint(file), resume: kept).value
                    == StoredFile(size: size))
            #expect(DownloadLoopbackTests.hash(uploads.upload(1)) == DownloadLoopbackTests.hash(content))
            let resumed = uploads.server.requests.dropFirst(before)
            #expect(resumed.first?.header("Upload-Limit") == nil)
            #expect(
                resumed.filter { $0.method == "PATCH" }.map(\.bodyLength) == [1_500_000, 900_000],
                "no append over the kept max-append-size (none refused 413)")
        }

        @Test("An append refused 413 with a smaller max-append-size is sent again within it")
        func refusedAppendRetriedSmaller() async throws {
            let size = 2_500_000
            let content = try await offPool { DownloadLoopbackTests.content(size, seed: 23) }
            let uploads = try ResumableUploadServer(offersResumable: true, maxAppendSize: 1_000_000)
            let client = Loopback.client(uploads.server)
            let file = try Loopback.file(content)
            defer { try? FileManager.default.removeItem(at: file) }

            #expect(try await client.transfer(Loopback.endpoint(file)).value == StoredFile(size: size))
            #expect(DownloadLoopbackTests.hash(uploads.upload(1)) == DownloadLoopbackTests.hash(content))
            let appends = Self.appends(uploads.server)
            #expect(appends.map(\.bodyLength) == [size, 1_000_000, 1_000_000, 500_000])
            #expect(appends.map { $0.header("Upload-Offset") } == ["0", "0", "1000000", "2000000"])
            #expect(appends.map { $0.header("Upload-Complete") } == ["?1", "?0", "?0", "?1"])
        }

        @Test("A file over the OPTIONS answer's max-size is refused before any request with a body")
        func overMaxSizeSendsNothing() async throws {
            let uploads = try ResumableUploadServer(offersResumable: true, limits: "max-size=10000")
            let client = Loopback.client(uploads.server)
            let file = try Loopback.file(Data(repeating: 3, count: 10_001))
            defer { try? FileManager.default.removeItem(at: file) }
            var refusal: UploadFailure?
            do {
                _ = try await client.transfer(Loopback.endpoint(file)).value
            } catch let error as UploadFailure {
                refusal = error
            }
            guard case .fileTooLarge(let length, let maximum) = refusal else {
                Issue.record("not refused as too large: \(String(describing: refusal))")
                return
            }
            #expect(length == 10_001 && maximum == 10_000)
            #expect(String(describing: refusal!).contains("10000"))
            #expect(uploads.server.requests.map(\.method) == ["OPTIONS"])
            #expect(uploads.server.requests.map(\.bodyLength).reduce(0, +) == 0, "no body byte was sent")
        }

        @Test("A creation whose answer states a smaller max-size: the resource is cancelled, no byte sent")
        func creationMaxSizeCancels() async throws {
            let uploads = try ResumableUploadServer(offersResumable: true, creationLimits: "max-size=5000")
            let client = Loopback.client(uploads.server)
            let file = try Loopback.file(Data(repeating: 4, count: 6000))
            defer { try? FileManager.default.removeItem(at: file) }
            var refusal: UploadFailure?
            do {
                _ = try await client.transfer(Loopback.endpoint(file)).value
            } catch let error as UploadFailure {
                refusal = error
            }
            guard case .fileTooLarge(6000, 5000) = refusal else {
                Issue.record("not refused as too large: \(String(describing: refusal))")
                return
            }
            let requests = uploads.server.requests.map { "\($0.method) \($0.path)" }
            #expect(requests == ["OPTIONS /api/files", "POST /api/files", "DELETE /api/uploads/1"])
            #expect(uploads.server.requests.map(\.bodyLength).reduce(0, +) == 0, "no body byte was sent")
        }

        @Test("An interruption in the third append resumes from the server's offset, still within the limit")
        func thirdAppendInterruptedResumes() async throws {
            let size = 5_000_000
            let content = try await offPool { DownloadLoopbackTests.content(size, seed: 22) }
            let uploads = try ResumableUploadServer(
                offersResumable: true, limits: "max-append-size=1500000", maxAppendSize: 1_500_000,
                cutAppend: (number: 3, after: 400_000))
            let client = Loopback.client(uploads.server)
            let file = try Loopback.file(content)
            defer { try? FileManager.default.removeItem(at: file) }

            let resume = try await Loopback.interrupted(client.transfer(Loopback.endpoint(file)))
            #expect(resume.uploadURL == uploads.server.url("/api/uploads/1"))
            let kept = try JSONDecoder().decode(UploadResumeData.self, from: JSONEncoder().encode(resume))
            let held = uploads.upload(1).count
            #expect(held == 3_000_000 + 400_000)

            let before = uploads.server.requests.count
            let transfer = client.transfer(Loopback.endpoint(file), resume: kept)
            var steps: [Int64] = []
            for await step in transfer.progress where step.direction == .upload {
                steps.append(step.completedBytes)
            }
            #expect(try await transfer.value == StoredFile(size: size))
            #expect(DownloadLoopbackTests.hash(uploads.upload(1)) == DownloadLoopbackTests.hash(content))
            let resumed = uploads.server.requests.dropFirst(before)
            #expect(resumed.first.map { "\($0.method) \($0.path)" } == "HEAD /api/uploads/1")
            let appends = resumed.filter { $0.method == "PATCH" }
            #expect(appends.map(\.bodyLength) == [1_500_000, size - held - 1_500_000])
            #expect(appends.map { $0.header("Upload-Offset") } == [String(held), String(held + 1_500_000)])
            #expect(appends.map { $0.header("Upload-Complete") } == ["?0", "?1"])
            #expect(steps.first == Int64(held), "progress counts what the server has")
            #expect(zip(steps, steps.dropFirst()).allSatisfy { $0 <= $1 }, "\(steps)")
            #expect(steps.last == Int64(size))
        }
    }
}
