import Foundation
import KeelStorage
import KeelSupport
import KeelTesting
import Testing

/// A value built to stress exact round trips: sub-second dates, signed zeros, subnormals, the
/// largest doubles, awkward Unicode and nesting.
struct WildValue: Codable, Sendable, Equatable {
    indirect enum Tree: Codable, Sendable, Equatable {
        case leaf(String)
        case number(Double)
        case list([Tree])
    }

    var date: Date
    var dates: [Date]
    var doubles: [Double]
    var texts: [String]
    var optionalDate: Date?
    var tree: Tree

    /// Equality by bit pattern: `-0.0 == 0.0` would hide a lost sign.
    static func == (lhs: WildValue, rhs: WildValue) -> Bool {
        func same(_ a: [Double], _ b: [Double]) -> Bool {
            a.map(\.bitPattern) == b.map(\.bitPattern)
        }
        func instants(_ dates: [Date?]) -> [UInt64?] {
            dates.map { $0?.timeIntervalSinceReferenceDate.bitPattern }
        }
        return instants([lhs.date, lhs.optionalDate] + lhs.dates)
            == instants([rhs.date, rhs.optionalDate] + rhs.dates)
            && same(lhs.doubles, rhs.doubles) && lhs.texts == rhs.texts && lhs.tree.bits == rhs.tree.bits
    }
}

extension WildValue.Tree {
    /// A flat description that distinguishes doubles by bit pattern.
    var bits: String {
        var out = ""
        var stack: [WildValue.Tree] = [self]
        while let node = stack.popLast() {
            switch node {
            case .leaf(let text): out += "L\(text.unicodeScalars.map { $0.value })"
            case .number(let value): out += "N\(value.bitPattern)"
            case .list(let items):
                out += "[\(items.count)"
                stack.append(contentsOf: items.reversed())
            }
        }
        return out
    }
}

/// Generates wild values from a seed.
struct WildGenerator {
    var random: SeededRandomNumberGenerator

    static let specialDoubles: [Double] = [
        0, -0.0, 1, -1, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude,
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 0.1, 1.0 / 3.0, .leastNormalMagnitude / 3,
        123_456_789.123_456_789, 9_007_199_254_740_994, .ulpOfOne, 1.7976931348623157e308,
    ]
    static let specialTexts: [String] = [
        "", "\u{FEFF}", "\u{FEFF}bom", "\u{202E}evil\u{202C}", "a\u{0}b", "\"quoted\"\\", "\n\t\r",
        "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", "é", "e\u{301}", "\u{10FFFF}", "\u{7F}\u{1B}[31m",
        "{\"a\": 1}", "\u{2028}\u{2029}",
    ]
    static let specialDates: [Date] = [
        Date(timeIntervalSince1970: 1_700_000_000.123456), Date(timeIntervalSince1970: 0.5),
        Date(timeIntervalSinceReferenceDate: -0.0),
        Date(timeIntervalSinceReferenceDate: .leastNonzeroMagnitude),
        Date(timeIntervalSinceReferenceDate: -1e-9), Date(timeIntervalSince1970: -1_000_000.999),
        Date(timeIntervalSinceReferenceDate: 1e15 + 0.25), Date(timeIntervalSinceReferenceDate: -6e10),
        Date(timeIntervalSince1970: 253_402_300_799.999),
    ]

    mutating func double() -> Double {
        switch random.next() % 4 {
        case 0: return Self.specialDoubles[Int(random.next() % UInt64(Self.specialDoubles.count))]
        case 1:
            // Any finite bit pattern (clearing the exponent's top bit keeps it finite).
            let bits = random.next()
            let value = Double(bitPattern: bits)
            return value.isFinite ? value : Double(bitPattern: bits & ~(UInt64(1) << 62))
        case 2: return Double(Int64(bitPattern: random.next()) >> (random.next() % 64)) / 1_000
        default:
            // Subnormals: exponent bits all zero.
            return Double(bitPattern: random.next() & 0x800F_FFFF_FFFF_FFFF)
        }
    }

    mutating func text() -> String {
        if random.next() % 2 == 0 {
            return Self.specialTexts[Int(random.next() % UInt64(Self.specialTexts.count))]
        }
        let length = Int(random.next() % 12)
        var scalars = String.UnicodeScalarView()
        for _ in 0..<length {
            let raw = UInt32(random.next() % 0x11_0000)
            scalars.append(Unicode.Scalar(raw) ?? "\u{FFFD}")
        }
        return String(scalars)
    }

    mutating func date() -> Date {
        switch random.next() % 3 {
        case 0: return Self.specialDates[Int(random.next() % UInt64(Self.specialDates.count))]
        case 1:
            let seconds =
                Double(random.next() % 4_000_000_000) + Double(random.next() % 1_000_000) / 1_000_000
            return Date(timeIntervalSince1970: seconds)
        default:
            return Date(timeIntervalSinceReferenceDate: Double(Int64(bitPattern: random.next()) >> 20) / 997)
        }
    }

    mutating func tree(depth: Int) -> WildValue.Tree {
        if depth == 0 || random.next() % 3 == 0 {
            return random.next() % 2 == 0 ? .leaf(text()) : .number(double())
        }
        return .list((0..<Int(random.next() % 3 + 1)).map { _ in tree(depth: depth - 1) })
    }

    /// A chain nested `depth` levels deep.
    func deep(_ depth: Int) -> WildValue.Tree {
        var node = WildValue.Tree.leaf("bottom")
        for _ in 0..<depth { node = .list([node]) }
        return node
    }

    mutating func value(index: Int) -> WildValue {
        WildValue(
            date: date(), dates: (0..<Int(random.next() % 4)).map { _ in date() },
            doubles: (0..<Int(random.next() % 6)).map { _ in double() },
            texts: (0..<Int(random.next() % 4)).map { _ in text() },
            optionalDate: random.next() % 2 == 0 ? nil : date(),
            tree: index % 10 == 0 ? deep(40) : tree(depth: 4))
    }
}

/// Every `Codable` value comes back bit for bit from every store, also after reopening it.
@Suite struct RoundTripPropertyTests {
    static let cases = 120

    @Test func subSecondDateSurvivesAFileStoreReopen() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let date = Date(timeIntervalSince1970: 1_700_000_000.123456)
        let store = try FileStore(directory: directory)
        try store.set(date, forKey: "when")
        try store.flush()
        let reopened = try FileStore(directory: directory)
        let read = try #require(try reopened.value(forKey: "when", as: Date.self))
        #expect(
            read.timeIntervalSinceReferenceDate.bitPattern == date.timeIntervalSinceReferenceDate.bitPattern)
    }

    @Test func datesWrittenInTheOldWholeSecondFormatStillRead() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("{\"when\": \"2023-11-14T22:13:20Z\", \"list\": [\"1970-01-01T00:00:00Z\"]}".utf8).write(
            to: directory.appendingPathComponent("default.json"))
        let store = try FileStore(directory: directory)
        #expect(try store.value(forKey: "when", as: Date.self) == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(try store.value(forKey: "list", as: [Date].self) == [Date(timeIntervalSince1970: 0)])
    }

    @Test(arguments: StoreKind.allCases)
    func wildValuesRoundTripThroughReopen(kind: StoreKind) throws {
        let fixture = try StoreFixture.make(kind)
        defer { fixture.cleanUp() }
        var generator = WildGenerator(random: SeededRandomNumberGenerator(seed: 0x5EED_0006))
        let values = (0..<Self.cases).map { generator.value(index: $0) }
        for (index, value) in values.enumerated() {
            try fixture.store.set(value, forKey: "v\(index)")
            try fixture.store.set(value.date, forKey: "d\(index)")
        }
        try fixture.store.flush()
        let reopened = try fixture.reopen()
        for (index, value) in values.enumerated() {
            let read = try reopened.value(forKey: "v\(index)", as: WildValue.self)
            #expect(read == value, "case \(index)")
            let date = try reopened.value(forKey: "d\(index)", as: Date.self)
            #expect(
                date?.timeIntervalSinceReferenceDate.bitPattern
                    == value.date.timeIntervalSinceReferenceDate.bitPattern,
                "date of case \(index)")
        }
    }

    @Test func wildValuesRoundTripThroughTheEncryptedFileStore() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = StaticKeyProvider(Data(repeating: 5, count: 32))
        var generator = WildGenerator(random: SeededRandomNumberGenerator(seed: 0x5EED_0007))
        let values = (0..<Self.cases).map { generator.value(index: $0) }
        let store = try EncryptedFileStore(directory: directory, keyProvider: key)
        var stored: [Int: WildValue] = [:]
        for (index, value) in values.enumerated() {
            do {
                try store.set(value, forKey: "v\(index)")
                stored[index] = value
            } catch SecureStoreError.itemTooLarge {
                continue  // Over 4 KB: refused, as it should be.
            }
        }
        #expect(stored.count > Self.cases / 2)
        let reopened = try EncryptedFileStore(directory: directory, keyProvider: key)
        for (index, value) in stored {
            #expect(try reopened.value(forKey: "v\(index)", as: WildValue.self) == value, "case \(index)")
        }
    }
}
