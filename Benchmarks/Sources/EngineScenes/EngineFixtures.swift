// The engine benchmarks' fixtures: many animations in flight on one engine, ticked a frame at a
// time (shared by EngineBenchmarks and InspectorBenchmarks).

import Kinetic

/// An engine with `animators` running animators of `propertiesEach` properties each.
public final class EngineFixture {
    public let engine = AnimationEngine()
    public var properties: [AnimatedProperty<Double>] = []
    public var animators: [PropertyAnimator] = []
    public var time = 0.0

    /// `prepare` sees each property once, when it is created (the inspector benchmarks label them).
    public init(animators count: Int, propertiesEach: Int, prepare: (AnimatedProperty<Double>) -> Void = { _ in }) {
        properties.reserveCapacity(count * propertiesEach)
        for i in 0..<count {
            let group = (0..<propertiesEach).map { _ in AnimatedProperty(0.0, engine: engine) }
            group.forEach(prepare)
            let curve: AnimationCurve = [.easeInOut, .easeIn, .easeOut, .linear][i % 4]
            let animator = PropertyAnimator(duration: 1_000_000 + Double(i), curve: curve, engine: engine) {
                for (j, property) in group.enumerated() { property.value = Double(j + 1) }
            }
            animator.startAnimation()
            properties += group
            animators.append(animator)
        }
        // Move well into the curves, away from their flat starts.
        time = 250_000
        engine.tick(at: time)
    }

    @inlinable public func tick() {
        time += 1.0 / 60
        engine.tick(at: time)
    }

    @inlinable public func readAll() -> Double {
        var sum = 0.0
        for property in properties { sum += property.presentationValue }
        return sum
    }
}

/// `count` points, each moved by its own running spring (damping ratio 0.01, so the swing stays
/// far from rest for the whole run; resting thresholds 0, so none settles).
public final class SpringFixture {
    public let engine = AnimationEngine()
    public var properties: [AnimatedProperty<Point>] = []
    public var springs: [SpringAnimation<Point>] = []
    public var time = 0.0

    /// `prepare` sees each property once, when it is created.
    public init(count: Int, prepare: (AnimatedProperty<Point>) -> Void = { _ in }) {
        let spring = SpringTimingParameters(dampingRatio: 0.01, response: 0.8)
        for i in 0..<count {
            let home = Point(x: Double(i % 100), y: Double(i / 100))
            let property = AnimatedProperty(home, engine: engine)
            prepare(property)
            let animation = SpringAnimation(property: property, spring: spring, target: home,
                                            velocity: Point(x: 300 + Double(i % 7), y: -200 - Double(i % 11)))
            animation.restingDistance = 0
            animation.restingSpeed = 0
            animation.start()
            properties.append(property)
            springs.append(animation)
        }
        time = 1
        engine.tick(at: time)
    }

    @inlinable public func tick() {
        time += 1.0 / 60
        engine.tick(at: time)
    }

    @inlinable public func readAll() -> Double {
        var sum = 0.0
        for property in properties {
            let p = property.presentation
            sum += p.value.x + p.velocity.y
        }
        return sum
    }
}
