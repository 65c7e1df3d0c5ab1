import KeelLists
import Testing

/// Which batch update of a staged changeset runs the completion.
@Suite struct StagedChangesetCompletionTests {
    static func staged(_ stages: Int) -> StagedChangeset<[Int]> {
        StagedChangeset((0..<stages).map { Changeset(data: [$0]) })
    }

    @Test(arguments: [0, 1, 3])
    func completionRunsOnce(stages: Int) {
        let staged = Self.staged(stages)
        var runs = 0
        let completion: ((Bool) -> Void)? = { _ in runs += 1 }
        staged.immediateCompletion(completion)?(true)
        for offset in staged.indices { staged.completion(forStageAt: offset, completion)?(true) }
        #expect(runs == 1)
        #expect((staged.immediateCompletion(completion) != nil) == (stages == 0))
        for offset in staged.indices {
            #expect((staged.completion(forStageAt: offset, completion) != nil) == (offset == stages - 1))
        }
    }
}
