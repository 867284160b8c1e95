import Testing
@testable import Kinetic

/// `animateKeyframes` and its calculation modes, against closed forms at exact instants.
@Suite("Keyframe animations")
struct KeyframeAnimationTests {
    final class Record {
        var calls: [Bool] = []
    }

    static func distance(_ a: Point, _ b: Point) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    @Test func linearKeyframesInterpolateWithinTheirStretchesAndRestBetween() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let record = Record()
        engine.animateKeyframes(withDuration: 2, options: .curveLinear, animations: {
            engine.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.25) { x.value = 10 }
            engine.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { x.value = 30 }
        }, completion: { record.calls.append($0) })
        let expected: [(Double, Double)] = [(0.25, 5), (0.5, 10), (0.9, 10), (1.5, 20), (1.9, 28)]
        for (t, value) in expected {
            engine.tick(at: t)
            #expect(abs(x.presentationValue - value) < 1e-9, "t = \(t)")
        }
        engine.tick(at: 2)
        #expect(record.calls == [true])
        #expect(x.presentationValue == 30)
    }

    @Test func keyframeProgressEasesInAndOutByDefaultAsUIKit() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        engine.animateKeyframes(withDuration: 1, animations: {
            engine.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { x.value = 1 }
        })
        engine.tick(at: 0.25)
        // (0.42, 0, 0.58, 1) at a quarter of the time: 0.1291 (solved independently).
        #expect(abs(x.presentationValue - 0.1291) < 1e-4)
    }

    @Test func discreteKeyframesJumpAtTheirStartsWithoutInterpolating() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let record = Record()
        engine.animateKeyframes(withDuration: 1, options: [.curveLinear, .calculationModeDiscrete], animations: {
            engine.addKeyframe(withRelativeStartTime: 0.25, relativeDuration: 0.2) { x.value = 10 }
            engine.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.1) { x.value = 30 }
            engine.addKeyframe(withRelativeStartTime: 0.75, relativeDuration: 0.25) { x.value = 60 }
        }, completion: { record.calls.append($0) })
        // Dyadic instants: the linear curve's progress is exact there, so "at its start" is exact.
        let expected: [(Double, Double)] = [(0, 0), (0.125, 0), (0.24, 0), (0.25, 10), (0.375, 10), (0.49, 10),
                                            (0.5, 30), (0.74, 30), (0.75, 60), (0.875, 60)]
        for (t, value) in expected {
            engine.tick(at: t)
            #expect(x.presentationValue == value, "t = \(t)")
            #expect(x.velocity == 0)
        }
        engine.tick(at: 1)
        #expect(record.calls == [true])
        #expect(x.presentationValue == 60)
    }

    @Test func discreteAnimatorFinishedAtTheStartRestoresTheValueBefore() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(5.0, engine: engine)
        let animator = engine.animateKeyframes(withDuration: 1, options: .calculationModeDiscrete, animations: {
            engine.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { x.value = 10 }
            engine.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { x.value = 20 }
        })
        engine.tick(at: 0.7)
        #expect(x.presentationValue == 20)
        animator.stopAnimation(false)
        animator.finishAnimation(at: .start)
        #expect(x.value == 5)
    }

    @Test func pacedKeyframesMoveAtConstantSpeedAlongThePathIgnoringTimings() {
        let engine = AnimationEngine()
        let p = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
        let record = Record()
        // Legs of 50, 100 and 30 (180 in all) over 1.8 s: 100 per second, whatever the stretches say.
        engine.animateKeyframes(withDuration: 1.8, options: [.curveLinear, .calculationModePaced], animations: {
            engine.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.1) { p.value = Point(x: 30, y: 40) }
            engine.addKeyframe(withRelativeStartTime: 0.1, relativeDuration: 0.1) { p.value = Point(x: 30, y: 140) }
            engine.addKeyframe(withRelativeStartTime: 0.2, relativeDuration: 0.8) { p.value = Point(x: 0, y: 140) }
        }, completion: { record.calls.append($0) })
        func onPath(_ s: Double) -> Point {
            if s <= 50 { return Point(x: 30 * s / 50, y: 40 * s / 50) }
            if s <= 150 { return Point(x: 30, y: 40 + (s - 50)) }
            return Point(x: 30 - (s - 150), y: 140)
        }
        var previous = p.presentationValue
        for step in 1...17 {
            let t = Double(step) * 0.1
            engine.tick(at: t)
            let shown = p.presentationValue
            #expect(Self.distance(shown, onPath(100 * t)) < 1e-9, "t = \(t)")
            // Equal times, equal arc lengths: 10 along the path every 0.1 s.
            // (the corners at arc 50 and 150 fall on sample instants, so every chord lies on one leg).
            #expect(abs(Self.distance(shown, previous) - 10) < 1e-9, "t = \(t)")
            previous = shown
            if ![0.5, 1.5].contains(where: { abs($0 - t) < 1e-9 }) {  // the speed is one-sided at a corner
                #expect(abs(p.velocity.magnitude - 100) < 1e-6, "t = \(t)")
            }
        }
        engine.tick(at: 1.8)
        #expect(record.calls == [true])
        #expect(p.presentationValue == Point(x: 0, y: 140))
    }

    @Test func cubicPassesThroughEachKeyframeValueAtItsTimeAndOvershootsBetween() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        engine.animateKeyframes(withDuration: 1, options: [.curveLinear, .calculationModeCubic], animations: {
            engine.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.25) { x.value = 10 }
            engine.addKeyframe(withRelativeStartTime: 0.25, relativeDuration: 0.25) { x.value = -5 }
            engine.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { x.value = 40 }
        })
        for (t, value) in [(0.0, 0.0), (0.25, 10), (0.5, -5)] {
            engine.tick(at: t)
            #expect(abs(x.presentationValue - value) < 1e-12, "t = \(t)")
        }
        // Catmull-Rom on knots 0, 0.25, 0.5, 1: between 0.25 and 0.5 the tangents are
        // (−5 − 0)/0.5 = −10 and (40 − 10)/0.75 = 40; Hermite at u = ½ gives
        // ½·10 + ⅛·¼·(−10) + ½·(−5) − ⅛·¼·40 = 0.9375 (the linear mode would show 2.5).
        let engine2 = AnimationEngine()
        let y = AnimatedProperty(0.0, engine: engine2)
        engine2.animateKeyframes(withDuration: 1, options: [.curveLinear, .calculationModeCubic], animations: {
            engine2.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.25) { y.value = 10 }
            engine2.addKeyframe(withRelativeStartTime: 0.25, relativeDuration: 0.25) { y.value = -5 }
            engine2.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { y.value = 40 }
        })
        engine2.tick(at: 0.375)
        #expect(abs(y.presentationValue - 0.9375) < 1e-12)
        // First piece: end tangent (10 − 0)/(2·0.25) = 20, inner tangent −10: at u = ½,
        // ½·0 + ⅛·¼·20 + ½·10 − ⅛·¼·(−10) = 5.9375.
        engine.tick(at: 0.75)
        // Last piece 0.5…1 (h = ½): tangents 40 and (40 − (−5))/(2·0.5) = 45; at u = ½:
        // ½·(−5) + ⅛·½·40 + ½·40 − ⅛·½·45 = 17.1875.
        #expect(abs(x.presentationValue - 17.1875) < 1e-12)
        // The velocity is the spline's derivative.
        let v = x.velocity
        engine.tick(at: 0.75 + 1e-6)
        let ahead = x.presentationValue
        #expect(abs(v - (ahead - 17.1875) / 1e-6) < 1e-3)
        engine.tick(at: 1)
        #expect(x.presentationValue == 40)
    }

    @Test func cubicFirstPieceUsesHalfTheOneSidedSlopeAtTheStart() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        engine.animateKeyframes(withDuration: 1, options: [.curveLinear, .calculationModeCubic], animations: {
            engine.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.25) { x.value = 10 }
            engine.addKeyframe(withRelativeStartTime: 0.25, relativeDuration: 0.25) { x.value = -5 }
        })
        engine.tick(at: 0.125)
        #expect(abs(x.presentationValue - 5.9375) < 1e-12)
    }

    @Test func cubicPacedTraversesTheSplineAtConstantSpeed() {
        let engine = AnimationEngine()
        let p = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
        let keyframes = [Point(x: 100, y: 0), Point(x: 100, y: 100), Point(x: 300, y: 50)]
        engine.animateKeyframes(withDuration: 1, options: [.curveLinear, .calculationModeCubicPaced], animations: {
            for (i, k) in keyframes.enumerated() {
                engine.addKeyframe(withRelativeStartTime: Double(i) * 0.1, relativeDuration: 0.1) { p.value = k }
            }
        })
        // Arc length of what is shown, measured independently on 4,000 chords of the presentation.
        var samples: [Point] = []
        for i in 0...4000 {
            engine.tick(at: Double(i) / 4000)
            samples.append(p.presentationValue)
        }
        var arc = [0.0]
        for i in 1..<samples.count { arc.append(arc[i - 1] + Self.distance(samples[i], samples[i - 1])) }
        let total = arc[4000]
        #expect(total > Self.distance(.init(x: 0, y: 0), .init(x: 100, y: 0)) + 100 + 200)
        for tenth in 1...10 {
            let share = arc[tenth * 400] / total
            #expect(abs(share - Double(tenth) / 10) < 2e-4, "t = \(Double(tenth) / 10)")
        }
        // It still passes through the keyframe values (not at their given times).
        for k in keyframes {
            #expect(samples.contains { Self.distance($0, k) < 0.2 })
        }
        #expect(samples[4000] == keyframes[2])
    }

    @Test func pacedModeIgnoresChangesMadeOutsideKeyframes() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let y = AnimatedProperty(0.0, engine: engine)
        engine.animateKeyframes(withDuration: 1, options: [.curveLinear, .calculationModePaced], animations: {
            y.value = 10
            engine.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.9) { x.value = 3 }
            engine.addKeyframe(withRelativeStartTime: 0.9, relativeDuration: 0.1) { x.value = 4 }
        })
        engine.tick(at: 0.5)
        #expect(abs(y.presentationValue - 5) < 1e-12)
        #expect(abs(x.presentationValue - 2) < 1e-12)
    }

    @Test func pacedArcFollowsTheEaseInOutProgressByDefault() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        engine.animateKeyframes(withDuration: 1, options: .calculationModePaced, animations: {
            engine.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.9) { x.value = 30 }
            engine.addKeyframe(withRelativeStartTime: 0.9, relativeDuration: 0.1) { x.value = 10 }
        })
        // Path length 30 + 20 = 50; at a quarter of the time ease in-out shows 0.1291 of it.
        engine.tick(at: 0.25)
        #expect(abs(x.presentationValue - 50 * 0.12916193104731982) < 1e-9)
        engine.tick(at: 0.75)
        // 1 − 0.1291… of the way: 43.54 along, past the turn at 30: 30 − 13.54 = 16.46.
        #expect(abs(x.presentationValue - (60 - 50 * (1 - 0.12916193104731982))) < 1e-9)
    }

    @Test func repeatingCubicKeyframesStartEachCycleOverAndStopFinishesFalseOnce() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        var calls: [Bool] = []
        let animator = engine.animateKeyframes(withDuration: 1, options: [.curveLinear, .calculationModeCubic, .repeat],
                                               animations: {
            engine.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.25) { x.value = 10 }
            engine.addKeyframe(withRelativeStartTime: 0.25, relativeDuration: 0.25) { x.value = -5 }
            engine.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { x.value = 40 }
        }, completion: { calls.append($0) })
        engine.tick(at: 3.375)
        #expect(abs(x.presentationValue - 0.9375) < 1e-9)
        engine.tick(at: 5.25)
        #expect(abs(x.presentationValue - 10) < 1e-9)
        animator.stopAnimation(true)
        animator.stopAnimation(true)
        #expect(calls == [false])
        #expect(abs(x.value - 10) < 1e-9)
    }

    @Test func pausedCubicKeyframesReadAndWriteBackWithoutMoving() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let animator = engine.animateKeyframes(withDuration: 1, options: [.curveLinear, .calculationModeCubic], animations: {
            engine.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.25) { x.value = 10 }
            engine.addKeyframe(withRelativeStartTime: 0.25, relativeDuration: 0.25) { x.value = -5 }
            engine.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { x.value = 40 }
        })
        engine.tick(at: 0.375)
        animator.pauseAnimation()
        let shown = x.presentationValue
        animator.fractionComplete = animator.fractionComplete
        #expect(abs(x.presentationValue - shown) < 1e-9)
        animator.fractionComplete = 1
        #expect(abs(x.presentationValue - 40) < 1e-9)
        animator.fractionComplete = 0
        #expect(abs(x.presentationValue) < 1e-9)
        animator.startAnimation()
        engine.tick(at: 2)
        #expect(x.presentationValue == 40)
    }
}
