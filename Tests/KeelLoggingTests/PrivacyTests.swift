import Foundation
import KeelLogging
import Testing

@Suite struct PrivacyTests {
    let email = "ada@example.com"

    @Test func everyBinaryNumberIsPublicAndEverythingElsePrivateByDefault() {
        let (system, capture) = makeSystem(redacts: true)
        let logger = system.logger(subsystem: "app", category: "numbers")
        let (int8, uint, float, double): (Int8, UInt, Float, Double) = (-8, 42, 1.5, 0.25)
        let (width, amount): (CGFloat, Decimal) = (2.5, Decimal(string: "19.99")!)
        let name: Substring = "Ada"
        logger.info("\(int8) \(uint) \(float) \(double) \(width) \(true) \(Duration.seconds(2))")
        // A Decimal is usually money: private, as in os.Logger; so is any other value.
        logger.info("\(amount) \(name) \(email)")
        logger.info("\(amount, privacy: .public) \(name, privacy: .public)")
        system.flush()
        #expect(
            capture.messages == [
                "-8 42 1.5 0.25 2.5 true 2.0 seconds", "<private> <private> <private>", "19.99 Ada",
            ])
    }

    @Test func redactedEverywhereWhenRedactionIsOn() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let consoleURL = directory.appendingPathComponent("console.txt")
        _ = FileManager.default.createFile(atPath: consoleURL.path, contents: nil)
        let console = try FileHandle(forWritingTo: consoleURL)
        defer { try? console.close() }
        let consoleSink = ConsoleSink(fileDescriptor: console.fileDescriptor, colour: .never)
        let textFile = try FileSink(directory: directory.appendingPathComponent("text"))
        var jsonOptions = FileSink.Options()
        jsonOptions.format = .jsonLines
        let jsonFile = try FileSink(directory: directory.appendingPathComponent("json"), options: jsonOptions)
        let ring = RingBufferSink()
        let (system, capture) = makeSystem(redacts: true, sinks: [consoleSink, textFile, jsonFile, ring])
        let logger = system.logger(subsystem: "app", category: "auth")

        logger.info("user \(email) signed in with code \(1234), public id \(email, privacy: .public)")
        system.flush()

        let outputs = [
            try String(contentsOf: consoleURL, encoding: .utf8),
            try String(contentsOf: textFile.currentFileURL, encoding: .utf8),
            try String(contentsOf: jsonFile.currentFileURL, encoding: .utf8),
            ring.exportText(), ring.exportJSONLines(), capture.messages.joined(),
        ]
        for output in outputs {
            #expect(output.contains("user <private> signed in with code 1234"), "\(output)")
            #expect(output.contains("public id \(email)"))
            #expect(output.components(separatedBy: email).count == 2, "raw value appears only where public")
        }
        #expect(capture.records.first?.containsPrivateValues == false)
    }

    @Test func hashMaskIsStableWithinTheProcessAndHidesTheValue() {
        let (system, capture) = makeSystem(redacts: true)
        let first = system.logger(subsystem: "app", category: "a")
        let (otherSystem, otherCapture) = makeSystem(redacts: true)
        first.info("\(email, privacy: .private(mask: .hash))")
        first.info("\(email, privacy: .private(mask: .hash))")
        first.info("\("someone@else.org", privacy: .private(mask: .hash))")
        otherSystem.logger(subsystem: "x", category: "y").info("\(email, privacy: .private(mask: .hash))")
        let messages = capture.messages
        #expect(messages[0].hasPrefix("<hash:"))
        #expect(messages[0] == messages[1])
        #expect(messages[0] != messages[2])
        #expect(otherCapture.messages[0] == messages[0])
        // Only the mask is written: sixteen hex digits, 64 bits of HMAC-SHA256 (which may
        // spell "ada" by chance, so the check is on the whole shape and on the value itself).
        for message in messages + otherCapture.messages {
            #expect(
                message.count == 23 && message.hasPrefix("<hash:") && message.hasSuffix(">"), "\(message)")
            #expect(message.dropFirst(6).dropLast().allSatisfy { $0.isHexDigit }, "\(message)")
            #expect(!message.contains(email) && !message.contains("@"))
        }
    }

    /// Security finding 7: salted FNV-1a truncated to 32 bits gave `a`, `b`, `c` masks one bit
    /// apart (75bfc908, 75bfca08, 75bfcb08). A keyed cryptographic hash spreads each change
    /// over the whole mask: about half of the 64 bits differ between neighbouring inputs.
    @Test func hashMaskOfNeighbouringValuesIsUnstructured() throws {
        let (system, capture) = makeSystem(redacts: true)
        let logger = system.logger(subsystem: "app", category: "a")
        let values = ["a", "b", "c", "d", "aa", "ab", "user1", "user2"]
        for value in values { logger.info("\(value, privacy: .private(mask: .hash))") }
        let masks = try capture.messages.map { message -> UInt64 in
            let digits = message.dropFirst(6).dropLast()
            #expect(digits.count == 16, "\(message)")
            return try #require(UInt64(digits, radix: 16), "\(message)")
        }
        var smallest = 64
        for first in masks.indices {
            for second in masks.indices where second > first {
                smallest = min(smallest, (masks[first] ^ masks[second]).nonzeroBitCount)
            }
        }
        // For independent 64-bit values, fewer than 12 differing bits among 28 pairs has a
        // probability below 1e-7; FNV-1a's neighbours differ in one to three bits.
        #expect(smallest >= 12, "masks \(masks.map { String($0, radix: 16) })")
        // No shared prefix either: the top 16 bits are not all equal.
        #expect(Set(masks.map { $0 >> 48 }).count > 1)
    }

    @Test func defaultsByType() {
        let (system, capture) = makeSystem(redacts: true)
        let logger = system.logger(subsystem: "app", category: "a")
        struct Token: CustomStringConvertible { var description: String { "secret-token" } }
        logger.info("\(42) \(3.5) \(true) \(Token()) \(UInt8(7)) \("text") \(Duration.seconds(2))")
        logger.info("\(7, privacy: .private) \("shown", privacy: .public)")
        #expect(capture.messages == ["42 3.5 true <private> 7 <private> 2.0 seconds", "<private> shown"])
    }

    @Test func redactionOffShowsValuesAndMarksTheRecord() {
        let (system, capture) = makeSystem(redacts: false)
        system.logger(subsystem: "app", category: "a").info("user \(email)")
        #expect(capture.messages == ["user \(email)"])
        #expect(capture.records.first?.containsPrivateValues == true)
    }

    @Test func messageDescriptionAndPrivacyQuery() {
        let message: LogMessage = "a \(email) b"
        #expect(message.description == "a \(email) b")
        #expect(message.hasPrivateValues)
        let plain: LogMessage = "count \(3)"
        #expect(!plain.hasPrivateValues)
    }
}

/// Finding 9: metadata under a credential's name follows the redaction setting.
@Suite struct CredentialMetadataTests {
    /// Used to reach every sink verbatim: only the message was rendered with redaction, so the
    /// text and JSON exports both held `Bearer s3cr3t`.
    @Test func credentialMetadataIsMaskedWhenRedactionIsOn() {
        let ring = RingBufferSink()
        let (system, capture) = makeSystem(redacts: true, sinks: [ring])
        let logger = system.logger(subsystem: "app", category: "auth", metadata: ["Set-Cookie": "sid=s3cr3t"])
        AppLogger.withMetadata(["x-api-key": "s3cr3t-key"]) {
            logger.info(
                "refreshed session for \("s3cr3t")",
                metadata: ["authorization": "Bearer s3cr3t", "access_token": "s3cr3t", "requestID": "r-1"])
        }
        for output in [ring.export(.text), ring.export(.jsonLines)] {
            #expect(!output.contains("s3cr3t"), "\(output)")
            #expect(output.contains("r-1"), "ordinary metadata stays public")
            #expect(output.contains("<hash:"))
        }
        let record = capture.records.first
        #expect(record?.metadata["authorization"]?.hasPrefix("<hash:") == true)
        #expect(record?.containsPrivateValues == false)
    }

    /// With redaction off the value is kept (development) but the record says it holds a
    /// private value, so OSLogSink keeps it private. Used to be `false`.
    @Test func credentialMetadataLeftRawMarksTheRecordPrivate() {
        let (system, capture) = makeSystem(redacts: false)
        system.logger(subsystem: "app", category: "auth").info("refresh", metadata: ["password": "pw"])
        system.logger(subsystem: "app", category: "auth").info("plain", metadata: ["requestID": "r-1"])
        #expect(capture.records.map(\.metadata) == [["password": "pw"], ["requestID": "r-1"]])
        #expect(capture.records.map(\.containsPrivateValues) == [true, false])
    }

    /// Credentials under the key spellings Swift code uses, or in values of a credential's
    /// shape under any key. A review found `authHeader`, `sessionCookie`, `cookies`, `bearer`
    /// and a URL with `?access_token=` in a `url` value written in clear with redaction on.
    @Test func credentialShapedMetadataIsMaskedWhateverItsKey() {
        let ring = RingBufferSink()
        let (system, _) = makeSystem(redacts: true, sinks: [ring])
        system.logger(subsystem: "app", category: "auth").info(
            "refresh",
            metadata: [
                "authHeader": "s3cr3t-1", "sessionCookie": "s3cr3t-2", "cookies": "s3cr3t-3",
                "bearer": "s3cr3t-4", "authorizationHeader": "s3cr3t-5",
                "url": "https://x.test/cb?state=1&access_token=s3cr3t-6",
                "headers": "Authorization: Bearer s3cr3t-7", "note": "Bearer s3cr3t-8",
                "requestID": "r-1", "sentence": "two words", "pair": "a=b",
            ])
        for output in [ring.export(.text), ring.export(.jsonLines)] {
            #expect(!output.contains("s3cr3t"), "\(output)")
            #expect(
                output.contains("r-1") && output.contains("two words") && output.contains("a=b"), "\(output)")
        }
    }
}
