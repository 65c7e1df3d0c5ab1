import Foundation
import KeelTesting
import Testing

@testable import KeelImages

@Suite("Memory cache")
struct ImageMemoryCacheTests {
    static func image(cost: Int) -> ImageContainer {
        ImageContainer(image: "x", info: ImageInfo(format: .png, width: 1, height: 1), cost: cost)
    }

    static func key(_ index: Int) -> ImageCacheKey {
        ImageCacheKey(dataKey: "k\(index)")
    }

    @Test("never over the cost or count limit after an insert (seeded random workload)")
    func limitsAfterEveryInsert() {
        let cache = ImageMemoryCache(
            configuration: .init(costLimit: 1_000, countLimit: 20, entryCostLimit: 0.5))
        var random = SplitMix(seed: 7)
        for _ in 0..<5_000 {
            let key = Self.key(Int(random.next() % 60))
            if random.next() % 3 == 0 {
                _ = cache.image(for: key)
            } else {
                cache.store(Self.image(cost: Int(random.next() % 600)), for: key)
                #expect(cache.totalCost <= 1_000)
                #expect(cache.count <= 20)
            }
        }
    }

    @Test("evicts the least recently used first; a read refreshes recency")
    func evictionOrder() {
        let cache = ImageMemoryCache(configuration: .init(costLimit: 300, entryCostLimit: 1))
        cache.store(Self.image(cost: 100), for: Self.key(1))
        cache.store(Self.image(cost: 100), for: Self.key(2))
        cache.store(Self.image(cost: 100), for: Self.key(3))
        #expect(cache.image(for: Self.key(1)) != nil)  // 1 is now the most recent
        #expect(cache.keysByRecency == [Self.key(2), Self.key(3), Self.key(1)])
        cache.store(Self.image(cost: 150), for: Self.key(4))  // needs 150: evicts 2 and 3
        #expect(cache.keysByRecency == [Self.key(1), Self.key(4)])
        #expect(cache.totalCost == 250)
        #expect(cache.image(for: Self.key(2)) == nil)
    }

    @Test("count limit evicts the oldest")
    func countLimit() {
        let cache = ImageMemoryCache(configuration: .init(costLimit: 1_000_000, countLimit: 2))
        for index in 1...3 { cache.store(Self.image(cost: 1), for: Self.key(index)) }
        #expect(cache.keysByRecency == [Self.key(2), Self.key(3)])
    }

    @Test("an entry over the per-entry share is not stored")
    func entryCostLimit() {
        let cache = ImageMemoryCache(configuration: .init(costLimit: 1_000, entryCostLimit: 0.25))
        #expect(cache.store(Self.image(cost: 250), for: Self.key(1)))
        #expect(!cache.store(Self.image(cost: 251), for: Self.key(2)))
        #expect(cache.count == 1)
        #expect(cache.image(for: Self.key(2)) == nil)
    }

    @Test("replacing an entry adjusts the total cost")
    func replace() {
        let cache = ImageMemoryCache(configuration: .init(costLimit: 1_000, entryCostLimit: 1))
        cache.store(Self.image(cost: 100), for: Self.key(1))
        cache.store(Self.image(cost: 40), for: Self.key(1))
        #expect(cache.totalCost == 40)
        #expect(cache.count == 1)
    }

    @Test("entries expire after the time to live on the injected clock")
    func timeToLive() async {
        let clock = TestClock()
        let cache = ImageMemoryCache(
            configuration: .init(costLimit: 1_000, timeToLive: .seconds(60)), clock: clock)
        cache.store(Self.image(cost: 1), for: Self.key(1))
        await clock.advance(by: .seconds(59))
        #expect(cache.image(for: Self.key(1)) != nil)
        await clock.advance(by: .seconds(1))
        #expect(cache.image(for: Self.key(1)) == nil)
        #expect(cache.count == 0)
    }

    @Test("trim to cost and to count are exact")
    func trims() {
        let cache = ImageMemoryCache(configuration: .init(costLimit: 10_000, entryCostLimit: 1))
        for index in 1...10 { cache.store(Self.image(cost: 10), for: Self.key(index)) }
        cache.trim(toCost: 55)
        #expect(cache.totalCost == 50)
        #expect(cache.keysByRecency.first == Self.key(6))
        cache.trim(toCount: 2)
        #expect(cache.keysByRecency == [Self.key(9), Self.key(10)])
    }

    @Test("a memory warning empties the cache")
    func memoryWarning() async {
        var captured: AsyncStream<Void>.Continuation?
        let warnings = AsyncStream<Void> { captured = $0 }
        let cache = ImageMemoryCache(configuration: .init(costLimit: 1_000), memoryWarnings: warnings)
        cache.store(Self.image(cost: 10), for: Self.key(1))
        #expect(cache.count == 1)
        captured?.yield()
        #expect(await eventually { cache.count == 0 })
        cache.store(Self.image(cost: 10), for: Self.key(2))
        #expect(cache.count == 1)  // still usable after the warning
        captured?.finish()
    }

    @Test("the default cost limit is 15 % of memory, capped at 512 MB")
    func defaultLimit() {
        #expect(ImageMemoryCache.Configuration.defaultCostLimit(physicalMemory: 1_000_000_000) == 150_000_000)
        #expect(ImageMemoryCache.Configuration.defaultCostLimit(physicalMemory: 64 << 30) == 512 << 20)
    }

    @Test("concurrent readers and writers keep the limits (thread sanitizer)")
    func concurrent() async {
        let cache = ImageMemoryCache(
            configuration: .init(costLimit: 500, countLimit: 30, entryCostLimit: 0.2))
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    for index in 0..<2_000 {
                        let key = Self.key((index * 7 + worker) % 50)
                        if index % 2 == 0 {
                            cache.store(Self.image(cost: index % 100), for: key)
                        } else {
                            _ = cache.image(for: key)
                        }
                    }
                }
            }
        }
        #expect(cache.totalCost <= 500)
        #expect(cache.count <= 30)
    }
}
