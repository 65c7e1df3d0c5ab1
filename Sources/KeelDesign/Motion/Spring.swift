import Foundation

/// A damped harmonic spring: `m·x'' + c·x' + k·x = 0`, where `x` is the distance from the
/// target.
///
/// The parameterisations follow SwiftUI's `Spring`: duration/bounce and mass/stiffness/damping
/// describe the same value.
public struct Spring: Hashable, Sendable {
    /// The mass `m`.
    package var mass: Double
    /// The stiffness `k`.
    package var stiffness: Double
    /// The damping coefficient `c`.
    package var damping: Double

    /// A spring from its physical parameters.
    public init(mass: Double = 1, stiffness: Double, damping: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    /// A spring with mass 1 from its response (the period of the undamped oscillation, in
    /// seconds) and damping ratio ζ: `k = (2π/response)²`, `c = 4πζ/response`.
    package init(response: Double, dampingRatio: Double) {
        let omega = 2 * Double.pi / response
        self.init(mass: 1, stiffness: omega * omega, damping: 2 * dampingRatio * omega)
    }

    /// A spring from SwiftUI's perceptual duration (= response) and bounce in `-1...1`:
    /// ζ = 1 − bounce for bounce ≥ 0, ζ = 1 / (1 + bounce) below 0.
    public init(duration: Double, bounce: Double) {
        self.init(response: duration, dampingRatio: Spring.dampingRatio(forBounce: bounce))
    }

    /// The damping ratio for a bounce (bounce −1 is clamped just above it).
    package static func dampingRatio(forBounce bounce: Double) -> Double {
        bounce >= 0 ? 1 - bounce : 1 / (1 + max(bounce, -0.999_999))
    }

    /// The bounce for a damping ratio (inverse of ``dampingRatio(forBounce:)``).
    package static func bounce(forDampingRatio ratio: Double) -> Double {
        ratio <= 1 ? 1 - ratio : 1 / ratio - 1
    }

    /// The undamped angular frequency ω0 = √(k/m).
    package var angularFrequency: Double { (stiffness / mass).squareRoot() }
    /// The damping ratio ζ = c / (2√(km)).
    package var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }
    /// The response 2π/ω0 in seconds.
    package var response: Double { 2 * Double.pi / angularFrequency }
    /// SwiftUI's perceptual duration, equal to ``response``.
    package var duration: Double { response }
    /// SwiftUI's bounce.
    package var bounce: Double { Spring.bounce(forDampingRatio: dampingRatio) }

    /// SwiftUI's `.smooth`: duration 0.5, bounce 0.
    package static let smooth = Spring(duration: 0.5, bounce: 0)
    /// SwiftUI's `.snappy`: duration 0.5, bounce 0.15.
    package static let snappy = Spring(duration: 0.5, bounce: 0.15)
    /// SwiftUI's `.bouncy`: duration 0.5, bounce 0.3.
    package static let bouncy = Spring(duration: 0.5, bounce: 0.3)

    // MARK: - Closed-form motion

    /// The displacement from the target at `time`, starting at displacement `x0` with
    /// velocity `v0` (same units per second; positive means increasing displacement).
    package func displacement(at time: Double, initialDisplacement x0: Double, initialVelocity v0: Double)
        -> Double
    {
        state(at: time, x0: x0, v0: v0).position
    }

    /// The velocity at `time` for the same start as ``displacement(at:initialDisplacement:initialVelocity:)``.
    package func velocity(at time: Double, initialDisplacement x0: Double, initialVelocity v0: Double)
        -> Double
    {
        state(at: time, x0: x0, v0: v0).velocity
    }

    /// The value at `time` of an animation from `from` to `to`, with `initialVelocity` in
    /// value units per second (positive toward larger values).
    package func value(from: Double, to: Double, initialVelocity: Double = 0, at time: Double) -> Double {
        to + displacement(at: time, initialDisplacement: from - to, initialVelocity: initialVelocity)
    }

    private func state(at t: Double, x0: Double, v0: Double) -> (position: Double, velocity: Double) {
        let omega = angularFrequency
        let zeta = dampingRatio
        guard t > 0 else { return (x0, v0) }
        if abs(zeta - 1) < 1e-9 {
            let decay = exp(-omega * t)
            let b = v0 + omega * x0
            return (decay * (x0 + b * t), decay * (v0 - omega * b * t))
        }
        if zeta < 1 {
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            let decay = exp(-zeta * omega * t)
            let cosine = cos(omegaD * t)
            let sine = sin(omegaD * t)
            let position = decay * (x0 * cosine + (v0 + zeta * omega * x0) / omegaD * sine)
            let velocity = decay * (v0 * cosine - (omega * omega * x0 + zeta * omega * v0) / omegaD * sine)
            return (position, velocity)
        }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -omega * (zeta - root)
        let r2 = -omega * (zeta + root)
        let c2 = (v0 - r1 * x0) / (r2 - r1)
        let c1 = x0 - c2
        return (c1 * exp(r1 * t) + c2 * exp(r2 * t), r1 * c1 * exp(r1 * t) + r2 * c2 * exp(r2 * t))
    }

    // MARK: - Settling

    /// The longest settling time ``settlingDuration(initialVelocity:epsilon:)`` reports, in
    /// seconds: a spring slower than a minute is not an interface animation.
    package static let maximumSettlingDuration = 60.0

    /// The settling duration: **the last time the displacement's magnitude exceeds
    /// `epsilon`** for a unit move (start at displacement −1, or `initialVelocity`), found
    /// numerically — after it the value stays within `epsilon` of the target for good.
    ///
    /// This is exact for the model, not SwiftUI's (undocumented) estimate; `nil` for a
    /// spring that never settles (no damping, or invalid parameters) or settles only after
    /// ``maximumSettlingDuration``: an absurdly overdamped spring (damping 1e5 on a unit mass
    /// and stiffness 100 settles in about two hours) would otherwise run its animation, and
    /// hold its view's host, for that long; its token's own duration applies instead.
    package func settlingDuration(initialVelocity: Double = 0, epsilon: Double = 0.001) -> Double? {
        let omega = angularFrequency
        let zeta = dampingRatio
        guard omega.isFinite, omega > 0, zeta.isFinite, zeta > 0, epsilon > 0 else { return nil }
        let x0 = -1.0
        let v0 = initialVelocity
        // An upper bound after which |x| < epsilon for good, from the envelope of each regime.
        var horizon: Double
        let limit = 1e6 / omega
        if zeta < 1 {
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            let b = (v0 + zeta * omega * x0) / omegaD
            let amplitude = (x0 * x0 + b * b).squareRoot()
            horizon = max(0, log(amplitude / epsilon) / (zeta * omega))
        } else {
            horizon = 1 / omega
            while horizon < limit, envelopeBound(at: horizon, x0: x0, v0: v0) >= epsilon {
                horizon *= 2
            }
            // The search stopped at its cap, not because the motion settled.
            guard envelopeBound(at: horizon, x0: x0, v0: v0) < epsilon else { return nil }
        }
        guard horizon.isFinite, horizon <= 2 * limit else { return nil }
        // Scan backwards for the last sample above epsilon, then bisect the crossing.
        let steps = 8192
        let step = horizon / Double(steps)
        var index = steps
        while index > 0,
            abs(displacement(at: Double(index) * step, initialDisplacement: x0, initialVelocity: v0))
                <= epsilon
        {
            index -= 1
        }
        if index == steps { return horizon <= Self.maximumSettlingDuration ? horizon : nil }
        var low = Double(index) * step
        var high = low + step
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if abs(displacement(at: middle, initialDisplacement: x0, initialVelocity: v0)) > epsilon {
                low = middle
            } else {
                high = middle
            }
        }
        return high <= Self.maximumSettlingDuration ? high : nil
    }

    private func envelopeBound(at t: Double, x0: Double, v0: Double) -> Double {
        let omega = angularFrequency
        let zeta = dampingRatio
        if abs(zeta - 1) < 1e-9 {
            return exp(-omega * t) * (abs(x0) + abs(v0 + omega * x0) * t)
        }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -omega * (zeta - root)
        let r2 = -omega * (zeta + root)
        let c2 = (v0 - r1 * x0) / (r2 - r1)
        return (abs(x0 - c2) + abs(c2)) * exp(r1 * t)
    }

    // MARK: - UIKit

    /// UIKit's initial spring velocity: the gesture velocity as a fraction of the distance
    /// per second (`100 pt/s` over `200 pt` is 0.5). Zero distance gives 0 instead of
    /// dividing by zero.
    package static func normalizedInitialVelocity(pointsPerSecond velocity: Double, from: Double, to: Double)
        -> Double
    {
        let distance = to - from
        guard distance != 0, distance.isFinite, velocity.isFinite else { return 0 }
        return velocity / distance
    }
}
