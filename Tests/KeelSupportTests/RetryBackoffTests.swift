import KeelSupport
import Testing

/// The one retry schedule, checked against what each former retry type did: networking's
/// full-jitter backoff (`random × min(cap, base × 2^(n−1))`) and pagination's exponential
/// backoff with partial jitter (`min(cap, initial × multiplier^(n−1))`, a `jitter` fraction
/// randomised).
@Suite("RetryBackoff")
struct RetryBackoffTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        var backoff: RetryBackoff
        var retry: Int
        var random: Double
        var expected: Duration
        var testDescription: String { label }
    }

    static let network = RetryBackoff(
        maximumRetries: 2, baseDelay: .milliseconds(500), multiplier: 2, maximumDelay: .seconds(30), jitter: 1
    )
    static let paging = RetryBackoff(
        maximumRetries: 3, baseDelay: .seconds(2), multiplier: 3, maximumDelay: .seconds(10), jitter: 0.5)

    static let cases: [Case] = [
        // Networking: full jitter, doubling, capped.
        Case(
            label: "network retry 1, r 1", backoff: network, retry: 1, random: 1, expected: .milliseconds(500)
        ),
        Case(
            label: "network retry 2, r 0.75", backoff: network, retry: 2, random: 0.75,
            expected: .milliseconds(750)),
        Case(label: "network retry 3, r 1", backoff: network, retry: 3, random: 1, expected: .seconds(2)),
        Case(label: "network r 0 waits nothing", backoff: network, retry: 2, random: 0, expected: .zero),
        Case(label: "network capped", backoff: network, retry: 20, random: 1, expected: .seconds(30)),
        // Pagination: multiplier 3, half the wait randomised.
        Case(label: "paging retry 1, r 1", backoff: paging, retry: 1, random: 1, expected: .seconds(2)),
        Case(label: "paging retry 1, r 0", backoff: paging, retry: 1, random: 0, expected: .seconds(1)),
        Case(label: "paging retry 2, r 1", backoff: paging, retry: 2, random: 1, expected: .seconds(6)),
        Case(label: "paging retry 2, r 0.5", backoff: paging, retry: 2, random: 0.5, expected: .seconds(4.5)),
        Case(label: "paging capped", backoff: paging, retry: 3, random: 1, expected: .seconds(10)),
        // No jitter: the ceiling whatever the random source says.
        Case(
            label: "no jitter", backoff: RetryBackoff(baseDelay: .seconds(1), jitter: 0), retry: 3, random: 0,
            expected: .seconds(4)),
    ]

    @Test("Each former policy's delays hold through the one schedule", arguments: cases)
    func delays(_ testCase: Case) {
        #expect(
            testCase.backoff.delay(beforeRetry: testCase.retry, random: testCase.random) == testCase.expected)
    }

    @Test("maximumRetries counts retries after the first attempt")
    func retryCount() {
        #expect(Self.network.allowsRetry(1) && Self.network.allowsRetry(2))
        #expect(!Self.network.allowsRetry(3))
        #expect(!Self.network.allowsRetry(0))
        #expect(!RetryBackoff.never.allowsRetry(1))
    }

    @Test("Nonsensical settings and random values never crash and stay within the cap")
    func badInput() {
        let wild: [RetryBackoff] = [
            RetryBackoff(baseDelay: .seconds(-1)),
            RetryBackoff(multiplier: .nan),
            RetryBackoff(multiplier: .infinity, maximumDelay: .seconds(5)),
            RetryBackoff(maximumDelay: .seconds(-3)),
            RetryBackoff(jitter: .nan),
            RetryBackoff(jitter: 7),
            RetryBackoff(baseDelay: .seconds(1_000_000_000), multiplier: 1e300),
        ]
        for backoff in wild {
            for retry in [Int.min, -1, 0, 1, 2, 64, Int.max] {
                for random in [-5, 0, 0.5, 1, 9, .nan, .infinity] as [Double] {
                    let delay = backoff.delay(beforeRetry: retry, random: random)
                    #expect(delay >= .zero)
                    #expect(delay <= max(backoff.maximumDelay, .zero))
                }
            }
        }
    }

    @Test("invalidSetting names the first inconsistent setting")
    func validation() {
        #expect(Self.network.invalidSetting == nil)
        #expect(RetryBackoff.never.invalidSetting == nil)
        #expect(RetryBackoff(maximumRetries: -1).invalidSetting?.contains("maximumRetries") == true)
        #expect(RetryBackoff(baseDelay: .seconds(-1)).invalidSetting?.contains("baseDelay") == true)
        #expect(RetryBackoff(maximumDelay: .seconds(-1)).invalidSetting?.contains("maximumDelay") == true)
        #expect(RetryBackoff(multiplier: 0.5).invalidSetting?.contains("multiplier") == true)
        #expect(RetryBackoff(jitter: 1.5).invalidSetting?.contains("jitter") == true)
    }
}
