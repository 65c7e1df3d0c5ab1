import Foundation
import Testing

@testable import KeelDTCG

/// The CPU time the calling thread has used, in seconds (`CLOCK_THREAD_CPUTIME_ID`).
enum ThreadCPUTime {
    static func seconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// Runs `body` on a thread with a small stack (background threads get far less than the main
/// thread's 8 MB), so recursion whose depth the input controls crashes here first.
enum SmallStack {
    static func run<T: Sendable>(bytes: Int = 512 * 1024, _ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: body()) }
            thread.stackSize = bytes
            thread.start()
        }
    }
}

/// Adversarial token files: the shapes the fuzzer found (deep chains, long cycles,
/// billion-laughs `$extends`), built programmatically.
enum AdversarialTokens {
    static func name(_ index: Int) -> String {
        "t" + String(repeating: "0", count: 5 - "\(index)".count) + "\(index)"
    }

    /// `t00000 → t00001 → … → t(n-1)` (each references the next, so resolving in path order
    /// starts at the deep end), the last a number.
    static func aliasChain(_ count: Int, pointer: Bool = false) -> String {
        var members: [String] = []
        for index in 0..<count - 1 {
            let next = name(index + 1)
            let reference = pointer ? ##"{"$ref": "#/c/\##(next)"}"## : #""{c.\#(next)}""#
            members.append(#""\#(name(index))": {"$value": \#(reference)}"#)
        }
        members.append(#""\#(name(count - 1))": {"$value": 7}"#)
        return #"{"c": {"$type": "number", "# + members.joined(separator: ", ") + "}}"
    }

    /// `t00000 → … → t(n-1) → t00000`.
    static func cycle(_ count: Int) -> String {
        let members = (0..<count).map { index in
            #""\#(name(index))": {"$value": "{c.\#(name((index + 1) % count))}"}"#
        }
        return #"{"c": {"$type": "number", "# + members.joined(separator: ", ") + "}}"
    }

    /// Group `gi` extends `g(i+1)`; the last holds one token.
    static func extendsChain(_ count: Int) -> String {
        var members: [String] = []
        for index in 0..<count - 1 {
            members.append(#""g\#(name(index))": {"$extends": "{g\#(name(index + 1))}"}"#)
        }
        members.append(#""g\#(name(count - 1))": {"x": {"$type": "number", "$value": 1}}"#)
        return "{" + members.joined(separator: ", ") + "}"
    }

    /// "Billion laughs" through `$extends`: each level has two members extending the level
    /// below, so level n expands to 2ⁿ copies of the first level's token.
    static func billionLaughs(levels: Int) -> String {
        var members = [#""l0": {"a": {"$type": "number", "$value": 1}}"#]
        for level in 1...levels {
            members.append(
                #""l\#(level)": {"p": {"$extends": "{l\#(level - 1)}"}, "q": {"$extends": "{l\#(level - 1)}"}}"#
            )
        }
        return "{" + members.joined(separator: ", ") + "}"
    }
}

/// Finding 1 (stack overflow on deep references) and finding 2 (exponential `$extends`).
@Suite struct DTCGDepthTests {
    static func read(_ text: String) -> DTCGDocument {
        DTCGDocument(source: DTCGSource(name: "deep.tokens.json", text: text))
    }

    @Test(arguments: [false, true])
    func aliasChainOf10000ResolvesOnASmallStack(pointer: Bool) async {
        let text = AdversarialTokens.aliasChain(10_000, pointer: pointer)
        let document = await SmallStack.run { Self.read(text) }
        #expect(document.errors.isEmpty)
        #expect(document.tokens.count == 10_000)
        #expect(document.tokens.values.allSatisfy { $0.value == .number(7) })
    }

    @Test func cycleOf10000IsOneTypedIssueOnASmallStack() async {
        let text = AdversarialTokens.cycle(10_000)
        let document = await SmallStack.run { Self.read(text) }
        let cycles = document.issues.compactMap { issue -> [TokenPath]? in
            if case .circularReference(let members) = issue.kind { return members }
            return nil
        }
        #expect(cycles.count == 1)
        #expect(cycles.first?.count == 10_001)
        #expect(cycles.first?.first == cycles.first?.last)
        #expect(document.tokens.values.allSatisfy { $0.value == nil })
    }

    @Test func extendsChainOf10000ExpandsOnASmallStack() async {
        let text = AdversarialTokens.extendsChain(10_000)
        let document = await SmallStack.run { Self.read(text) }
        #expect(document.errors.isEmpty)
        #expect(document.tokens.count == 10_000)
        #expect(document["g\(AdversarialTokens.name(0)).x"]?.value == .number(1))
    }

    @Test func extendsCycleThroughContainmentIsReported() {
        // a.g extends b, and b.h extends a: a cycle through a parent group.
        let document = Self.read(
            #"{"a": {"g": {"$extends": "{b}"}}, "b": {"h": {"$extends": "{a}"}, "v": {"$type": "number", "$value": 1}}}"#
        )
        #expect(document.issues.contains { if case .circularExtends = $0.kind { true } else { false } })
        #expect(document["b.v"]?.value == .number(1))
    }

    @Test func billionLaughsFinishesFastWithATypedIssue() async {
        let text = AdversarialTokens.billionLaughs(levels: 40)
        // The reading thread's own CPU time, not wall time: a loaded CI machine (other suites,
        // other builds) stretches the wall clock but not the work the reader does.
        let (document, cpuSeconds) = await SmallStack.run { () -> (DTCGDocument, Double) in
            let start = ThreadCPUTime.seconds()
            let document = Self.read(text)
            return (document, ThreadCPUTime.seconds() - start)
        }
        // Unbounded, this ran for minutes and gigabytes.
        #expect(cpuSeconds < 30, "\(cpuSeconds) s of CPU")
        let budget = document.issues.filter {
            if case .expansionTooLarge = $0.kind { true } else { false }
        }
        #expect(!budget.isEmpty)
        #expect(budget.allSatisfy { $0.severity == .error })
        #expect(document["l0.a"]?.value == .number(1))
        // The file is 3 KB: its budget is the 20,000-value floor.
        #expect(DTCGDocument.expansionBudget(forValues: 1000) == 20_000)
        #expect(document.tokens.count <= 20_000 / 3 + 100)
    }

    @Test func sharedExtendsTargetsUnderTheBudgetExpandFully() {
        // Memoised: 10 levels double to 1,024 copies, under the 20,000-value floor budget.
        let document = Self.read(AdversarialTokens.billionLaughs(levels: 10))
        #expect(document.errors.isEmpty)
        #expect(document.tokens.count == (0...10).reduce(0) { $0 + (1 << $1) })
    }

    static func nested(_ depth: Int) -> String {
        String(repeating: #"{"g": "#, count: depth) + #"{"t": {"$type": "number", "$value": 1}}"#
            + String(repeating: "}", count: depth)
    }

    @Test func groupsNestedToTheLimitReadOnASmallStack() async {
        let text = Self.nested(DTCGDocument.maximumGroupDepth)
        let document = await SmallStack.run { Self.read(text) }
        #expect(document.errors.isEmpty)
        #expect(document.tokens.count == 1)
    }

    @Test func groupsNestedPastTheLimitAreOneLocatedIssueOnASmallStack() async throws {
        // 100 levels: deeper than any token file needs, shallower than the 128-level JSON limit.
        let text = Self.nested(100)
        let document = await SmallStack.run { Self.read(text) }
        #expect(document.tokens.isEmpty)
        #expect(document.errors.count == 1)
        let issue = try #require(document.errors.first)
        #expect(issue.kind == .nestingTooDeep(limit: DTCGDocument.maximumGroupDepth))
        #expect(issue.path.segments.count == DTCGDocument.maximumGroupDepth + 1)
        #expect(issue.line == 1)
        #expect(issue.column == 2 + 6 * DTCGDocument.maximumGroupDepth)
    }
}
