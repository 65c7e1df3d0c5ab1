import Foundation
import KeelSupport
import Testing

@testable import KeelImages

@Suite("Container cost")
struct ContainerCostTests {
    @Test("a container keeping its encoded data counts it in its cost")
    func countsData() {
        // Before: 400, the bitmap alone, while the container also held the 1000 encoded bytes.
        let container = ImageContainer(
            image: "pixels", data: Data(count: 1000), info: ImageInfo(format: .jpeg, width: 10, height: 10))
        #expect(container.cost == 10 * 10 * 4 + 1000)
        #expect(
            ImageContainer(image: "pixels", info: ImageInfo(format: .png, width: 10, height: 10)).cost == 400)
        #expect(
            ImageContainer(data: Data(count: 7), info: ImageInfo(format: .png, width: 10, height: 10)).cost
                == 7)
        let huge = ImageContainer(
            image: "pixels", data: Data(count: 1), info: ImageInfo(format: .png, width: .max, height: 2))
        #expect(huge.cost == .max)
    }

    @Test("the memory cache refuses a container whose data takes it over the entry limit")
    func entryLimit() {
        let cache = ImageMemoryCache(
            configuration: .init(costLimit: 10_000, countLimit: 10, entryCostLimit: 0.1))
        let container = ImageContainer(
            image: "pixels", data: Data(count: 900), info: ImageInfo(format: .jpeg, width: 10, height: 10))
        cache.store(container, for: ImageCacheKey(dataKey: "a"))
        #expect(cache.image(for: ImageCacheKey(dataKey: "a")) == nil)
    }
}
