import Foundation
@_spi(Benchmarks) import KeelRouting

extension BenchSuite {
    /// `keel-bench routing`: match cost at 10 and 10 000 registered routes.
    static let routing = BenchSuite(
        name: "routing",
        summary: "Router.match median at 10 and 10 000 routes (the trie keeps it flat), and registration"
    ) { reporter in
        let small = try RoutingBenchFixture(routes: 10)
        let registration = Measure.best(repetitions: 3) { _ = try? RoutingBenchFixture(routes: 10_000) }
        let large = try RoutingBenchFixture(routes: 10_000)
        let smallTime = try small.medianMatch()
        let largeTime = try large.medianMatch()
        reporter.report("routing.match.10routes.median", smallTime * 1e6, "us")
        reporter.report("routing.match.10000routes.median", largeTime * 1e6, "us")
        reporter.report("routing.match.10000_over_10", largeTime / smallTime, "x")
        reporter.report("routing.register.10000routes", registration * 1000, "ms")
    }
}

/// A router with `routes` routes of mixed kinds and the URLs that hit them.
struct RoutingBenchFixture {
    let router: Router
    let urls: [String]

    init(routes count: Int) throws {
        router = Router()
        var random = BenchRandom(seed: 7)
        var urls: [String] = []
        for index in 0..<count {
            // Four shapes, all three segments deep after the host.
            let section = "section\(index % 100)"
            switch index % 4 {
            case 0:
                try router.register("app://\(section)/item\(index)/<int:id>") { _ in .handled }
                urls.append("app://\(section)/item\(index)/\(random.next(below: 100_000))")
            case 1:
                try router.register("app://\(section)/page\(index)/<slug>") { _ in .handled }
                urls.append("app://\(section)/page\(index)/hello-world")
            case 2:
                try router.register("app://\(section)/user\(index)/<uuid:id>/profile") { _ in .handled }
                urls.append("app://\(section)/user\(index)/\(UUID().uuidString)/profile")
            default:
                try router.register("app://\(section)/files\(index)/<path:rest>") { _ in .handled }
                urls.append("app://\(section)/files\(index)/a/b/c.txt")
            }
        }
        self.urls = urls
    }

    /// The median over 31 samples of the mean time of one match (seconds).
    func medianMatch() throws -> Double {
        let probe = (0..<1_000).map { urls[$0 % urls.count] }
        if let url = try router.benchmarkMatches(probe).first {
            throw RoutingBenchError(url: url)
        }
        var samples: [Double] = []
        for _ in 0..<31 {
            let start = ContinuousClock.now
            blackHole(try router.benchmarkMatches(probe))
            let elapsed = start.duration(to: ContinuousClock.now)
            samples.append(
                (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
                    / Double(probe.count))
        }
        return samples.sorted()[samples.count / 2]
    }
}

/// A benchmark URL that did not match: the fixture is wrong.
struct RoutingBenchError: Error, CustomStringConvertible {
    let url: String
    var description: String { "bench URL did not match: \(url)" }
}
