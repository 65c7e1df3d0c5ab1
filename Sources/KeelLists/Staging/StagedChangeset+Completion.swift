extension StagedChangeset {
    /// The completion to hand to the batch update of the stage at `offset`: `completion` for
    /// the last stage only, so it runs once, after every stage.
    package func completion<Completion>(forStageAt offset: Int, _ completion: Completion?) -> Completion? {
        offset == count - 1 ? completion : nil
    }

    /// `completion` when there are no stages — no batch update will run it, so the front end
    /// calls it at once — else `nil`.
    package func immediateCompletion<Completion>(_ completion: Completion?) -> Completion? {
        isEmpty ? completion : nil
    }
}
