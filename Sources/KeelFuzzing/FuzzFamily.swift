/// One boundary under fuzzing: valid inputs to start from, an optional generator of structured
/// inputs, and a check that runs the boundary on one input and verifies its invariants.
///
/// A check treats the boundary's typed errors as success: bad input is *supposed* to be
/// rejected. It throws ``FuzzViolation`` only when an invariant breaks — an untyped or
/// unlocated error, a round trip that changes the value, a non-finite frame, and so on. A
/// crash or a hang is a failure the harness sees without the check's help.
package struct FuzzFamily: Sendable {
    /// The family's name, lowercase and dotted (`tokens.file`); the corpus folder's name.
    package let name: String
    /// One line saying what is fuzzed and what is checked.
    package let summary: String
    /// Valid inputs that the mutator starts from (at least one).
    package let seeds: [[UInt8]]
    /// Interesting byte strings the mutator splices in (keywords, delimiters, huge numbers).
    package let dictionary: [[UInt8]]
    /// How many generated cases the long test run (`KEEL_LONG_TESTS=1`) tries; the default
    /// `swift test` run tries an eighth of them, at least 20.
    package let testCases: Int
    /// Builds a structured input from scratch; used for every other case when present.
    package let generate: (@Sendable (inout FuzzRandom) -> [UInt8])?
    /// Runs the boundary on one input; throws ``FuzzViolation`` when an invariant breaks.
    package let check: @Sendable ([UInt8]) async throws -> Void

    /// Creates a family.
    package init(
        name: String,
        summary: String,
        seeds: [[UInt8]],
        dictionary: [[UInt8]] = [],
        testCases: Int = 2000,
        generate: (@Sendable (inout FuzzRandom) -> [UInt8])? = nil,
        check: @escaping @Sendable ([UInt8]) async throws -> Void
    ) {
        self.name = name
        self.summary = summary
        self.seeds = seeds.isEmpty ? [[]] : seeds
        self.dictionary = dictionary
        self.testCases = max(0, testCases)
        self.generate = generate
        self.check = check
    }

    /// Case `index` of a run seeded with `seed`: the same bytes every time. Even cases mutate a
    /// seed; odd cases use the generator (when there is one), mutated again half the time.
    package func input(seed: UInt64, case index: Int) -> [UInt8] {
        var random = FuzzRandom(seed: seed, case: index)
        if let generate, index % 2 == 1 {
            let generated = generate(&random)
            return random.oneIn(2) ? generated : FuzzMutator.mutate(generated, family: self, using: &random)
        }
        let base = seeds[random.below(seeds.count)]
        return FuzzMutator.mutate(base, family: self, using: &random)
    }
}

/// An invariant a fuzz check found broken, said in one line.
package struct FuzzViolation: Error, CustomStringConvertible, Sendable {
    /// What broke.
    package let message: String

    /// Creates a violation saying `message`.
    package init(_ message: String) {
        self.message = message
    }

    /// The message.
    package var description: String { message }
}
