// fractionComplete: what is read while paused is what writing it back shows, in every mode.
import Testing
@testable import Kinetic
import KineticTestSupport

@Suite("fractionComplete round trip")
struct FractionCompleteRoundTripTests {
    struct Curve: Sendable, CustomStringConvertible {
        let name: String
        let timing: TimingParameters
        var description: String { name }
    }

    static let curves: [Curve] = [
        Curve(name: "linear", timing: .cubic(.linear)),
        Curve(name: "easeIn", timing: .cubic(.easeIn)),
        Curve(name: "easeInOut", timing: .cubic(.easeInOut)),
        Curve(name: "overshooting cubic", timing: .cubic(CubicTimingParameters(0.3, -0.6, 0.6, 1.7))),
        Curve(name: "critically damped spring", timing: .spring(SpringTimingParameters(dampingRatio: 1))),
        Curve(name: "bouncy spring", timing: .spring(SpringTimingParameters(mass: 1, stiffness: 200, damping: 6))),
        Curve(name: "spring with initial velocity",
              timing: .spring(SpringTimingParameters(dampingRatio: 0.5, initialVelocity: Vector(x: 3, y: -1)))),
    ]

    /// The example: paused 0.5 s into a 1 s ease-in animation of 0 → 100, the view shows
    /// 31.54; `fractionComplete` reads the progress 0.3154 (not the time fraction 0.5), so
    /// writing it back leaves the view at 31.54.
    @Test func writingBackWhatWasReadAfterAPauseDoesNotMoveTheView() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: 1, curve: .easeIn, engine: engine) { x.value = 100 }
        a.startAnimation()
        engine.tick(at: 0.5)
        a.pauseAnimation()
        let shown = x.presentationValue
        #expect(abs(shown - 100 * bezierProgress(0.42, 0, 1, 1, at: 0.5)) <= 1e-9)
        #expect(abs(a.fractionComplete - shown / 100) <= 1e-12)
        a.fractionComplete = a.fractionComplete
        #expect(abs(x.presentationValue - shown) <= 1e-12)
    }

    /// The book's drawer: caught mid-flight and scrubbed with `translation / 305 + fraction`,
    /// it follows the finger one to one from where it was caught, with no jump at the catch.
    @Test func theDrawerCaughtMidFlightFollowsTheFingerWithoutAJump() {
        let engine = AnimationEngine()
        let y = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: 1, curve: .easeOut, engine: engine) { y.value = -305 }
        a.startAnimation()
        engine.tick(at: 0.3)
        a.pauseAnimation()
        let caughtAt = y.presentationValue
        let progressWhenInterrupted = a.fractionComplete
        for translation in [0.0, -10, -40, 25, 0] {
            a.fractionComplete = -translation / 305 + progressWhenInterrupted
            #expect(abs(y.presentationValue - (caughtAt + translation)) <= 1e-9, "translation \(translation)")
        }
    }

    /// Caught again after it was released onto a new curve (`continueAnimation` with ease-out,
    /// as the book does), it still follows the finger one to one: the value read is where the
    /// drawer is between closed and open, not the new curve's progress at the time fraction.
    @Test func theDrawerCaughtAgainAfterAContinueStillFollowsTheFinger() {
        let engine = AnimationEngine()
        let y = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: 1, curve: .easeOut, engine: engine) { y.value = -305 }
        a.startAnimation()
        for (catchAt, release) in [(0.2, 0.3), (0.45, 0.5), (0.62, 0.7)] {
            engine.tick(at: catchAt)
            a.pauseAnimation()
            let caughtAt = y.presentationValue
            let start = a.fractionComplete
            #expect(abs(start - caughtAt / -305) <= 1e-12)
            for translation in [0.0, -12, 30, -5] {
                a.fractionComplete = -translation / 305 + start
                #expect(abs(y.presentationValue - (caughtAt + translation)) <= 1e-9, "caught at \(catchAt), translation \(translation)")
            }
            engine.tick(at: release)
            a.continueAnimation(withTimingParameters: .cubic(.easeOut), durationFactor: 0)
        }
        engine.tick(at: 5)
        #expect(a.state == .inactive && y.presentationValue == -305)
    }

    /// The bar: for each curve type and mode, at 1,000 random pause instants,
    /// `fractionComplete = fractionComplete` moves nothing (≤ 1e-12), both right after the pause
    /// and after a scrub elsewhere and back.
    @Test(arguments: curves)
    func writingBackTheReadValueMovesNothingAtRandomPauseInstants(curve: Curve) {
        var rng = SeededGenerator(seed: 11)
        var worst = 0.0
        for instant in 0..<1_000 {
            for (scrubsLinearly, reversed) in [(true, false), (true, true), (false, false), (false, true)] {
                let engine = AnimationEngine()
                let p = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
                let a = PropertyAnimator(duration: 1, timingParameters: curve.timing, engine: engine) {
                    p.value = Point(x: 100, y: -40)
                }
                a.scrubsLinearly = scrubsLinearly
                a.startAnimation()
                let total = a.animationDuration
                // Sometimes a block added mid-flight and a reversal, so several stretches show.
                engine.tick(at: rng.unit() * total * 0.5)
                if instant % 3 == 0 { a.addAnimations { p.value = Point(x: 50, y: 60) } }
                if reversed { a.isReversed = true }
                engine.tick(at: engine.time + rng.unit() * total * 0.5)
                guard a.state == .active else { continue }
                a.pauseAnimation()
                let shown = p.presentationValue
                let read = a.fractionComplete
                a.fractionComplete = read
                worst = max(worst, (p.presentationValue - shown).magnitude)
                #expect(a.fractionComplete == read)
                // Scrub away and back: the same place again.
                a.fractionComplete = rng.unit()
                a.fractionComplete = read
                worst = max(worst, (p.presentationValue - shown).magnitude)
                // Continuing from there does not jump either.
                a.startAnimation()
                worst = max(worst, (p.presentationValue - shown).magnitude)
            }
        }
        print("fractionComplete round trip, \(curve): worst move \(worst)")
        #expect(worst <= 1e-12)
    }

    /// Reading is consistent after a scrub too: the value read is the value written, and a
    /// non-linear scrub reads the time fraction it set.
    @Test func aScrubReadsWhatWasWritten() {
        let engine = AnimationEngine()
        let x = AnimatedProperty(0.0, engine: engine)
        let a = PropertyAnimator(duration: 1, curve: .easeIn, engine: engine) { x.value = 100 }
        a.pauseAnimation()
        a.fractionComplete = 0.4
        #expect(a.fractionComplete == 0.4 && abs(x.presentationValue - 40) <= 1e-12)
        a.scrubsLinearly = false
        #expect(abs(x.presentationValue - 40) <= 1e-12)       // switching the mode moves nothing
        let read = a.fractionComplete
        #expect(abs(100 * bezierProgress(0.42, 0, 1, 1, at: read) - 40) <= 1e-9)
        a.fractionComplete = read
        #expect(abs(x.presentationValue - 40) <= 1e-12)
        a.fractionComplete = 0.5
        #expect(a.fractionComplete == 0.5 && abs(x.presentationValue - 100 * bezierProgress(0.42, 0, 1, 1, at: 0.5)) <= 1e-9)
    }
}
