@_spi(Benchmarks) import KeelComponents
import KeelDesign

extension BenchSuite {
    /// KeelComponents: button appearance and content layout, and the alert's layout.
    static let components = BenchSuite(
        name: "components",
        summary:
            "resolve a button's, badge's and chip's appearance and lay out its content (budget 2 µs each); resolve an alert's full layout (budget 20 µs)"
    ) { reporter in
        let resolver = KeelThemeResolver(
            theme: .default, traits: ThemeTraits(colorScheme: .dark, contentSizeCategory: .extraLarge))
        // Set up once (the button theme is built once per theme and traits, like the resolver);
        // each workload does its work as many times as asked.
        let workloads = try ComponentsBenchmarks.workloads(resolver: resolver)
        /// Seconds per iteration: `iterations` per sample, best of five samples.
        func perIteration(_ iterations: Int, _ workload: (Int) -> Void) -> Double {
            Measure.best(repetitions: 5) { workload(iterations) } / Double(iterations)
        }
        let build = perIteration(2_000, workloads.buildTheme)
        reporter.report("button.theme.build", build * 1e6, "µs")

        let iterations = 500_000
        let appearance = perIteration(iterations, workloads.appearance)
        reporter.report("button.appearance", appearance * 1e9, "ns")
        let both = perIteration(iterations, workloads.appearanceAndLayout)
        reporter.report("button.appearance+layout", both * 1e9, "ns")
        let budget = 2e-6
        reporter.report("button.appearance+layout.budget-ratio", both / budget, "x")

        // The alert's complete layout: title, message, a text input with a counter and two
        // actions, as the KeelUIKit alert resolves it on every layout pass.
        let alert = perIteration(50_000, workloads.alertLayout)
        reporter.report("alert.layout", alert * 1e6, "µs")
        let alertBudget = 20e-6
        reporter.report("alert.layout.budget-ratio", alert / alertBudget, "x")

        // Every other component's appearance and layout, each with its own budget (2 µs for a
        // component's, as the button's; 50 µs for a 20-row feed skeleton).
        for workload in workloads.components {
            let time = perIteration(workload.budget > 1e-5 ? 20_000 : iterations, workload.run)
            reporter.report(workload.name, time * 1e9, "ns")
            reporter.report("\(workload.name).budget-ratio", time / workload.budget, "x")
        }
    }
}
