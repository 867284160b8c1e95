// Springs against the damped oscillator's closed form: x(t) = A e^{−ζωt} cos(ω√(1−ζ²) t + φ).

import Kinetic
import Testing
@testable import KineticDynamics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct PhysicsWorldSpringTests {
    /// Period from zero crossings and decay rate from the peaks of |x| (parabolic interpolation;
    /// its relative error is the same at every peak, so the log slope is unaffected).
    static func measure(frequency: Double, damping: Double, seconds: Double) -> (period: Double, decay: Double) {
        let world = PhysicsWorld()
        world.allowsSleeping = false
        let body = world.addBody(.circle(radius: 10), at: Point(x: 1000, y: 0))
        world.setCollisionMasks(items: 0, boundaries: 0, of: body)
        _ = world.addJoint(JointDefinition(kind: .distance(length: 0, frequency: frequency, dampingRatio: damping),
                                           bodyA: body, bodyB: nil, anchorB: .zero))
        let h = world.stepDuration
        var xs: [Double] = [world.position(of: body).x]
        for _ in 0..<Int(seconds / h) {
            world.step()
            xs.append(world.position(of: body).x)
        }
        var crossings: [Double] = []
        var peaks: [(t: Double, logValue: Double)] = []
        for n in 1..<xs.count {
            if xs[n - 1] > 0 && xs[n] <= 0 || xs[n - 1] < 0 && xs[n] >= 0 {
                crossings.append((Double(n - 1) + xs[n - 1] / (xs[n - 1] - xs[n])) * h)
            }
            if n + 1 < xs.count {
                let a = abs(xs[n - 1]), b = abs(xs[n]), c = abs(xs[n + 1])
                if b > a && b >= c && xs[n - 1].sign == xs[n + 1].sign {
                    let denominator = a - 2 * b + c
                    let offset = 0.5 * (a - c) / denominator
                    let peak = b - 0.25 * (a - c) * offset
                    peaks.append((Double(n) * h + offset * h, log(peak)))
                }
            }
        }
        // Half-period spacing between consecutive crossings: average over the whole record.
        let period = 2 * (crossings.last! - crossings.first!) / Double(crossings.count - 1)
        // Least-squares slope of log|peak| against time.
        let n = Double(peaks.count)
        let mt = peaks.map(\.t).reduce(0, +) / n, ml = peaks.map(\.logValue).reduce(0, +) / n
        let slope = peaks.map { ($0.t - mt) * ($0.logValue - ml) }.reduce(0, +) / peaks.map { ($0.t - mt) * ($0.t - mt) }.reduce(0, +)
        return (period, -slope)
    }

    @Test(arguments: [(3.5, 0.4, 1.5), (1.0, 0.1, 8.0), (8.0, 0.05, 2.0), (15.0, 0.2, 1.0)])
    func zeroLengthSpringOscillatesAtTheDampedFrequency(frequency: Double, damping: Double, seconds: Double) {
        let omega = 2 * Double.pi * frequency
        let (period, decay) = Self.measure(frequency: frequency, damping: damping, seconds: seconds)
        let expectedPeriod = 2 * Double.pi / (omega * (1 - damping * damping).squareRoot())
        #expect(abs(period - expectedPeriod) / expectedPeriod < 0.01, "period \(period) vs \(expectedPeriod)")
        #expect(abs(decay - damping * omega) / (damping * omega) < 0.01, "decay \(decay) vs \(damping * omega)")
    }

    @Test func snapComesToRestAtThePointAndSleeps() {
        let world = PhysicsWorld()
        let body = world.addBody(PhysicsWorld.box(width: 60, height: 40), at: Point(x: 20, y: 30), angle: 0.7)
        let target = Point(x: 320, y: 240)
        _ = world.addJoint(JointDefinition(kind: .snap(damping: 0.5, angle: 0), bodyA: body, bodyB: nil, anchorB: target))
        var steps = 0
        while !world.isAtRest && steps < 1200 {
            world.step()
            steps += 1
        }
        #expect(world.isAtRest, "v \(world.velocity(of: body)) w \(world.angularVelocity(of: body)) p \(world.position(of: body)) a \(world.angle(of: body))")
        #expect(world.position(of: body).distance(to: target) < 0.5)
        #expect(abs(world.angle(of: body)) < 0.01)
        #expect(Double(steps) * world.stepDuration < 3, "took \(steps) steps")
    }
}
