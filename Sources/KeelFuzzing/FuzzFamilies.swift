/// Every fuzz family: the ones `swift test` runs and `keel-fuzz` knows.
package enum FuzzFamilies {
    /// The families of Keel's boundaries, one per kind of outside input.
    package static let all: [FuzzFamily] = [
        .listDataSource,
        .json,
        .tokenFile,
        .tokenResolver,
        .storeFile,
        .storeSecretFile,
        .migrationJournal,
        .redactor,
        .routePattern, .routeURL, .layoutStyle, .imageCacheIndex, .imageHeader,
        .httpResponse, .serverSentEvents, .responseLines, .httpCacheFile, .uploadState,
        .downloadResume, .urlText,
    ]

    /// Families that test the harness itself (a planted crash and a planted hang); `keel-fuzz`
    /// accepts them by name, `swift test` never runs them in-process.
    package static let selfTest: [FuzzFamily] = [.selfTestCrash, .selfTestHang]

    /// The family called `name`, among ``all`` and ``selfTest``.
    package static func named(_ name: String) -> FuzzFamily? {
        (all + selfTest).first { $0.name == name }
    }
}
