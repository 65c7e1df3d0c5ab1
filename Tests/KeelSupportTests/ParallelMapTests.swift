import Foundation
import Testing

@testable import KeelSupport

@Suite struct ParallelMapTests {
    @Test(arguments: [1, 2, 3, 8])
    func resultsKeepTheElementsOrder(workers: Int) {
        let elements = Array(0..<257)
        let squares = elements.parallelMap(workers: workers) { $0 * $0 }
        #expect(squares == elements.map { $0 * $0 })
    }

    @Test func everyElementIsTransformedOnce() {
        let calls = Locked(0)
        let result = Array(repeating: 1, count: 100).parallelMap(workers: 4) { value in
            calls.withLock { $0 += 1 }
            return value + 1
        }
        #expect(result == Array(repeating: 2, count: 100))
        #expect(calls.current == 100)
    }

    @Test func emptyAndSingleElementArrays() {
        #expect([Int]().parallelMap(workers: 4) { $0 }.isEmpty)
        #expect([7].parallelMap(workers: 4) { $0 + 1 } == [8])
    }

    @Test func workersRunOnThreadsOfTheirOwn() {
        // Two elements, two workers: each signals its arrival and waits for the other's, which
        // only happens if they run at the same time on separate threads. The timeout is a hang
        // guard, not a timing assertion.
        let arrived = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
        let metTheOther = [0, 1].parallelMap(workers: 2) { index -> Bool in
            arrived[index].signal()
            return arrived[1 - index].wait(timeout: .now() + 120) == .success
        }
        #expect(metTheOther == [true, true])
    }
}
