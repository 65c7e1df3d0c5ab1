import Testing

@testable import KeelSupport

@Suite struct LockedTests {
    @Test func concurrentIncrementsAreNotLost() async {
        let counter = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<1_000 { counter.withLock { $0 += 1 } }
                }
            }
        }
        #expect(counter.current == 8_000)
    }

    @Test func atomicIntAddsAndSwaps() async {
        let value = AtomicInt(5)
        #expect(value.add(3) == 5)
        #expect(value.load() == 8)
        #expect(value.compareExchange(expected: 8, desired: 1))
        #expect(!value.compareExchange(expected: 8, desired: 2))
        #expect(value.relaxed == 1)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask { for _ in 0..<1_000 { value.add(1) } }
            }
        }
        #expect(value.load() == 4_001)
    }
}
