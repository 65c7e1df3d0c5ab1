import Foundation
import Testing

@testable import KeelDesign

/// Acceptance 3: spring mappings, closed forms, settling, velocity normalisation, rubber band.
@Suite struct SpringTests {
    @Test func swiftUIDocExamples() {
        let spring = Spring(duration: 0.5, bounce: 0.3)
        #expect(spring.mass == 1)
        #expect(abs(spring.stiffness - 157.9137) < 1e-3)
        #expect(abs(spring.damping - 17.5929) < 1e-3)
        #expect((spring.stiffness * 10).rounded() / 10 == 157.9)
        #expect((spring.damping * 10).rounded() / 10 == 17.6)

        let physical = Spring(mass: 1, stiffness: 100, damping: 10)
        #expect(abs(physical.duration - 0.6283) < 1e-4)
        #expect((physical.duration * 100).rounded() / 100 == 0.63)
        #expect(abs(physical.bounce - 0.5) < 1e-12)
    }

    @Test(arguments: [-0.5, 0, 0.3, 1])
    func durationBounceRoundTrips(bounce: Double) {
        let spring = Spring(duration: 0.4, bounce: bounce)
        #expect(abs(spring.bounce - bounce) < 1e-9)
        #expect(abs(spring.duration - 0.4) < 1e-12)
        let again = Spring(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping)
        #expect(abs(again.response - 0.4) < 1e-12)
    }

    @Test(arguments: [0.3, 0.7, 1.0, 1.6])
    func responseDampingRoundTrips(ratio: Double) {
        let spring = Spring(response: 0.55, dampingRatio: ratio)
        #expect(abs(spring.dampingRatio - ratio) < 1e-12)
        #expect(abs(spring.response - 0.55) < 1e-12)
    }

    @Test(arguments: [(0.5, 1.15803), (1.0, 0.90387), (1.5, 0.73946)])
    func positionVectors(ratio: Double, expected: Double) {
        let spring = Spring(response: 0.5, dampingRatio: ratio)
        let value = spring.value(from: 0, to: 1, initialVelocity: 2, at: 0.3)
        #expect(abs(value - expected) < 1e-5)
    }

    @Test(arguments: [0.2, 0.5, 1.0, 1.5, 3.0])
    func initialConditionsAreExact(ratio: Double) {
        let spring = Spring(response: 0.5, dampingRatio: ratio)
        #expect(spring.displacement(at: 0, initialDisplacement: -1.25, initialVelocity: 3) == -1.25)
        #expect(spring.velocity(at: 0, initialDisplacement: -1.25, initialVelocity: 3) == 3)
        // The closed-form velocity is the derivative of the position.
        let h = 1e-6
        for t in [0.05, 0.2, 0.7] {
            let numeric =
                (spring.displacement(at: t + h, initialDisplacement: -1, initialVelocity: 2)
                    - spring.displacement(at: t - h, initialDisplacement: -1, initialVelocity: 2)) / (2 * h)
            #expect(abs(numeric - spring.velocity(at: t, initialDisplacement: -1, initialVelocity: 2)) < 1e-4)
        }
    }

    @Test func continuousAroundCriticalDamping() {
        for t in stride(from: 0.0, through: 1.0, by: 0.05) {
            let values = [0.999, 1.0, 1.001].map {
                Spring(response: 0.5, dampingRatio: $0).value(from: 0, to: 1, initialVelocity: 2, at: t)
            }
            #expect(abs(values[0] - values[1]) < 1e-3)
            #expect(abs(values[2] - values[1]) < 1e-3)
        }
    }

    @Test func settlingDurationIsTheLastExceedance() throws {
        let under = try #require(Spring(response: 0.5, dampingRatio: 0.7).settlingDuration())
        #expect(abs(under - 0.8187) < 1e-3)
        let critical = try #require(Spring(duration: 0.5, bounce: 0).settlingDuration())
        #expect(abs(critical - 0.7348) < 1e-3)
        for spring in [
            Spring(response: 0.5, dampingRatio: 0.3), .smooth, Spring(response: 0.5, dampingRatio: 2),
        ] {
            let settle = try #require(spring.settlingDuration())
            for t in stride(from: settle + 0.001, through: settle + 3, by: 0.01) {
                #expect(abs(spring.displacement(at: t, initialDisplacement: -1, initialVelocity: 0)) <= 0.001)
            }
            #expect(
                abs(spring.displacement(at: settle - 1e-6, initialDisplacement: -1, initialVelocity: 0))
                    > 0.000_9)
        }
        #expect(Spring(mass: 1, stiffness: 100, damping: 0).settlingDuration() == nil)
        // Absurd overdamping settles only after days: it used to return the search's cap
        // (1e5 s here), and a component held its host for that long.
        #expect(Spring(mass: 1, stiffness: 100, damping: 1e9).settlingDuration() == nil)
        // Damping 1e5 settles in about two hours: past the one-minute cap too.
        #expect(Spring(mass: 1, stiffness: 100, damping: 1e5).settlingDuration() == nil)
        #expect(Spring(response: 0.5, dampingRatio: 200).settlingDuration() == nil)
        #expect(Spring(mass: 1, stiffness: 100, damping: 1e-9).settlingDuration() == nil)
        // A heavily but reasonably overdamped spring still settles: ζ = 50 takes ~55 s.
        let slow = try #require(Spring(response: 0.5, dampingRatio: 50).settlingDuration())
        #expect(slow > 40 && slow < 70)
    }

    @Test func velocityNormalisation() {
        #expect(Spring.normalizedInitialVelocity(pointsPerSecond: 100, from: 0, to: 200) == 0.5)
        #expect(Spring.normalizedInitialVelocity(pointsPerSecond: 100, from: 200, to: 0) == -0.5)
        #expect(Spring.normalizedInitialVelocity(pointsPerSecond: 100, from: 50, to: 50) == 0)
        #expect(Spring.normalizedInitialVelocity(pointsPerSecond: .infinity, from: 0, to: 1) == 0)
    }

    @Test func rubberBand() {
        #expect(RubberBand.offset(0, dimension: 812) == 0)
        #expect(abs(RubberBand.offset(100, dimension: 812) - 51.5110) < 1e-4)
        #expect(RubberBand.offset(-100, dimension: 812) == -RubberBand.offset(100, dimension: 812))
        let slope = RubberBand.offset(1e-6, dimension: 812) / 1e-6
        #expect(abs(slope - 0.55) < 1e-6)
        var previous = 0.0
        for x in stride(from: 1.0, through: 1e7, by: 997) {
            let value = RubberBand.offset(x, dimension: 812)
            #expect(value > previous)
            #expect(value < 812)
            previous = value
        }
        #expect(RubberBand.clamp(50, to: 0...100, dimension: 500) == 50)
        #expect(abs(RubberBand.clamp(200, to: 0...100, dimension: 812) - 151.5110) < 1e-4)
        #expect(RubberBand.clamp(-100, to: 0...100, dimension: 812) < 0)
        #expect(RubberBand.offset(10, dimension: 0) == 0)
    }
}
