import Foundation
import KeelDesign
import KeelRender

extension BenchSuite {
    /// KeelRender: the whole default gallery catalogue, and text measurement.
    static let render = BenchSuite(
        name: "render",
        summary:
            "render the whole default gallery catalogue to SVG in memory (budget 5 s); measure text widths"
    ) { reporter in
        let measurer = FontMetricsMeasurer()
        guard measurer.hasFontFiles else {
            throw CommandFailure(message: "no font files found (install fonts-dejavu-core)", status: 1)
        }
        let cases = try GalleryCatalogue().cases()
        var bytes = 0
        // What `keel gallery` does: every case, in parallel across the cores.
        let time = Measure.best(repetitions: 3) {
            bytes = GalleryCatalogue.render(cases, measurer: measurer).reduce(0) { $0 + $1.svg.utf8.count }
        }
        let serial = Measure.best(repetitions: 1) {
            blackHole(cases.reduce(0) { $0 + $1.render(measurer: measurer).svg.utf8.count })
        }
        reporter.report("render.catalogue.cases", Double(cases.count), "cases")
        reporter.report("render.catalogue", time, "s")
        reporter.report("render.catalogue.rate", Double(cases.count) / time, "cases/s")
        reporter.report("render.catalogue.serial", serial, "s")
        reporter.report(
            "render.catalogue.workers", Double(ProcessInfo.processInfo.activeProcessorCount), "threads")
        reporter.report("render.catalogue.output", Double(bytes) / 1e6, "MB")

        let font = KeelThemeResolver(theme: .default).font(.body)
        let sentence = "The quick brown fox jumps over the lazy dog"
        let width = Measure.perIteration(iterations: 20_000) { index in
            blackHole(measurer.width(of: index.isMultiple(of: 2) ? sentence : "设计系统 \(sentence)", font: font))
        }
        reporter.report("measure.width.sentence", width * 1e6, "µs")
        let wrap = Measure.perIteration(iterations: 2_000) { _ in
            blackHole(measurer.height(of: sentence + " " + sentence + " " + sentence, font: font, width: 200))
        }
        reporter.report("measure.wrap.3-lines", wrap * 1e6, "µs")
    }
}
