import Testing
@testable import Kinetic
import KineticTestSupport

/// KeyframeTimeline against closed forms written out here: linear interpolation, a step for a
/// move, the spring equation (Taylor reference) from the previous value and velocity, and cubic
/// Hermite curves through their keyframes.
@Suite("Keyframe timelines")
struct KeyframeTimelineTests {
    @Test func linearKeyframesInterpolateExactly() {
        let timeline = KeyframeTimeline(initialValue: 0.0, keyframes: [
            .linear(10, duration: 0.5),
            .linear(-10, duration: 1.0),
        ])
        #expect(timeline.duration == 1.5)
        #expect(timeline.value(time: 0) == 0)
        #expect(timeline.value(time: 0.25) == 5)
        #expect(timeline.value(time: 0.5) == 10)
        #expect(abs(timeline.value(time: 1.0) - 0) < 1e-12)
        #expect(abs(timeline.value(time: 1.25) - -5) < 1e-12)
        #expect(abs(timeline.value(progress: 0.5) - 5) < 1e-12)         // t = 0.75
        #expect(timeline.value(time: 2) == -10 && timeline.value(time: -1) == 0)
        #expect(timeline.value(progress: 1) == -10)
        let path = ResolvedKeyframeTrack(initialValue: 0.0, keyframes: [.linear(10, duration: 0.5), .linear(-10, duration: 1.0)])
        #expect(abs(path.sample(at: 0.2).velocity - 20) < 1e-12)
        #expect(abs(path.sample(at: 0.7).velocity - -20) < 1e-12)
    }

    @Test func linearKeyframeFollowsItsTimingCurve() {
        let timeline = KeyframeTimeline(initialValue: 100.0, keyframes: [.linear(200, duration: 2, timingCurve: .easeIn)])
        for t in [0.2, 0.9, 1.5] {
            #expect(abs(timeline.value(time: t) - (100 + 100 * bezierProgress(0.42, 0, 1, 1, at: t / 2))) < 1e-9)
        }
    }

    @Test func moveIsAStep() {
        let timeline = KeyframeTimeline(initialValue: 0.0, keyframes: [
            .linear(10, duration: 1),
            .move(50),
            .linear(60, duration: 1),
        ])
        #expect(timeline.duration == 2)
        #expect(abs(timeline.value(time: 0.999) - 9.99) < 1e-12)
        #expect(timeline.value(time: 1) == 50)                  // the jump happens at its instant
        #expect(timeline.value(time: 1.5) == 55)
        // A move first is in force from time 0.
        let first = KeyframeTimeline(initialValue: 0.0, keyframes: [.move(7), .linear(8, duration: 1)])
        #expect(first.value(time: 0) == 7 && first.value(time: 0.5) == 7.5)
    }

    @Test func springKeyframeIsTheSpringFromThePreviousValueAndVelocity() {
        let s = SpringTimingParameters.bouncy
        // The linear segment ends at 100 moving at 200/s: the spring starts there with that.
        let timeline = KeyframeTimeline(initialValue: 0.0, keyframes: [
            .linear(100, duration: 0.5),
            .spring(0, duration: 1, spring: s),
        ])
        #expect(timeline.duration == 1.5)
        for tau in [0.0, 0.05, 0.2, 0.37, 0.8, 1.0] {
            let r = Reference.spring(mass: s.mass, stiffness: s.stiffness, damping: s.damping, x0: 100, v0: 200, at: tau)
            #expect(abs(timeline.value(time: 0.5 + tau) - r.x) < 1e-9, "τ = \(tau)")
        }
        // An explicit start velocity replaces the carried one; no duration means the settling duration.
        let given = KeyframeTimeline(initialValue: 0.0, keyframes: [
            .linear(100, duration: 0.5),
            .spring(0, spring: s, startVelocity: -300),
        ])
        #expect(abs(given.duration - (0.5 + s.settlingDuration(epsilon: 0.001, velocity: 0))) < 1e-12)
        let r = Reference.spring(mass: s.mass, stiffness: s.stiffness, damping: s.damping, x0: 100, v0: -300, at: 0.3)
        #expect(abs(given.value(time: 0.8) - r.x) < 1e-9)
    }

    @Test func springCutOffEarlyHandsItsStateToTheNextKeyframe() {
        let s = SpringTimingParameters.snappy
        let timeline = KeyframeTimeline(initialValue: 0.0, keyframes: [
            .spring(100, duration: 0.1, spring: s),
            .linear(0, duration: 1),
        ])
        let at = Reference.spring(mass: 1, stiffness: s.stiffness, damping: s.damping, x0: -100, v0: 0, at: 0.1)
        let cut = 100 + at.x
        #expect(abs(timeline.value(time: 0.1) - cut) < 1e-9)                 // no jump
        #expect(abs(timeline.value(time: 0.6) - cut / 2) < 1e-9)             // linear from there
    }

    @Test func cubicKeyframesPassThroughTheirValuesWithCatmullRomTangents() {
        let keyframes: [Keyframe<Double>] = [.cubic(10, duration: 0.3), .cubic(-5, duration: 0.4), .cubic(20, duration: 0.3)]
        let timeline = KeyframeTimeline(initialValue: 0.0, keyframes: keyframes)
        #expect(abs(timeline.value(time: 0.3) - 10) < 1e-12)
        #expect(abs(timeline.value(time: 0.7) - -5) < 1e-12)
        #expect(timeline.value(time: 1.0) == 20)
        let path = ResolvedKeyframeTrack(initialValue: 0.0, keyframes: keyframes)
        // Tangent at 10: (−5 − 0)/(0.7 − 0); at −5: (20 − 10)/(1.0 − 0.3); zero at both ends.
        #expect(abs(path.sample(at: 0.3).velocity - -5 / 0.7) < 1e-9)
        #expect(abs(path.sample(at: 0.7).velocity - 10 / 0.7) < 1e-9)
        #expect(path.sample(at: 0).velocity == 0)
        #expect(abs(path.segments[2].endVelocity) == 0)
        // Velocity is continuous across each keyframe (left and right limits).
        for knot in [0.3, 0.7] {
            let left = path.sample(at: knot - 1e-9).velocity, right = path.sample(at: knot + 1e-9).velocity
            #expect(abs(left - right) < 1e-5)
        }
    }

    @Test func cubicWithGivenVelocitiesIsTheHermiteCurve() {
        // From 0 to 1 in 2 s at rest at both ends: smoothstep 3u² − 2u³.
        let rest = KeyframeTimeline(initialValue: 0.0, keyframes: [.cubic(1, duration: 2, startVelocity: 0, endVelocity: 0)])
        for t in [0.1, 0.5, 1.0, 1.7] {
            let u = t / 2
            #expect(abs(rest.value(time: t) - (3 * u * u - 2 * u * u * u)) < 1e-12)
        }
        // Start velocity 4/s, end velocity −2/s over 0.5 s from 1 to 3: Hermite basis by hand.
        let timeline = KeyframeTimeline(initialValue: 1.0, keyframes: [.cubic(3, duration: 0.5, startVelocity: 4, endVelocity: -2)])
        for t in [0.1, 0.25, 0.4] {
            let u = t / 0.5
            let expected = (2 * u * u * u - 3 * u * u + 1) * 1 + (u * u * u - 2 * u * u + u) * 0.5 * 4
                + (-2 * u * u * u + 3 * u * u) * 3 + (u * u * u - u * u) * 0.5 * -2
            #expect(abs(timeline.value(time: t) - expected) < 1e-12)
        }
    }

    @Test func cubicAfterLinearStartsWithItsVelocityAndBeforeLinearEndsWithIt() {
        let keyframes: [Keyframe<Double>] = [.linear(10, duration: 1), .cubic(30, duration: 1), .linear(0, duration: 0.5)]
        let path = ResolvedKeyframeTrack(initialValue: 0.0, keyframes: keyframes)
        #expect(path.segments[1].startVelocity == 10)
        #expect(path.segments[1].endVelocity == -60)
        #expect(abs(path.sample(at: 1.5).value - KeyframeTimeline(initialValue: 0.0, keyframes: keyframes).value(time: 1.5)) == 0)
    }

    @Test func tracksAnimatePartsOfTheValueOnTheirOwnSchedules() {
        let timeline = KeyframeTimeline(initialValue: Point(x: 1, y: 2), tracks: [
            KeyframeTrack(get: { $0.x }, set: { $0.x = $1 }, keyframes: [.linear(11, duration: 1)]),
            KeyframeTrack(get: { $0.y }, set: { $0.y = $1 }, keyframes: [.linear(2, duration: 1), .move(40)]),
        ])
        #expect(timeline.duration == 1)
        #expect(timeline.value(time: 0.5) == Point(x: 6, y: 2))
        #expect(timeline.value(time: 1) == Point(x: 11, y: 40))
        let one = KeyframeTimeline(initialValue: Point(x: 0, y: 0), tracks: [
            KeyframeTrack(get: { $0.x }, set: { $0.x = $1 }, keyframes: [.linear(10, duration: 2)]),
        ])
        #expect(one.value(time: 1) == Point(x: 5, y: 0))
    }

    @Test func badKeyframesAreSkippedOrZeroLengthAndNothingIsNaN() {
        let timeline = KeyframeTimeline(initialValue: 0.0, keyframes: [
            .linear(.nan, duration: 1),            // skipped
            .linear(10, duration: .nan),           // no time: a jump at 0
            .cubic(20, duration: -1),              // no time
            .linear(30, duration: 1),
            .spring(.infinity, spring: .smooth),   // skipped
        ])
        #expect(timeline.duration == 1)
        #expect(timeline.value(time: 0) == 20)
        #expect(timeline.value(time: 0.5) == 25)
        #expect(timeline.value(time: .nan) == 20)
        #expect(timeline.value(progress: .nan) == 20)
        #expect(KeyframeTimeline(initialValue: 3.0, keyframes: []).value(time: 1) == 3)
    }
}
