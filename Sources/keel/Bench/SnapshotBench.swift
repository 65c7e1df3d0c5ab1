import KeelLists

/// Snapshot build and query workloads (filled in with ListSnapshot).
struct SnapshotBench {
    let reporter: BenchReporter

    func run() throws {}
}
