// A PropertyAnimator's clock: where its timeline stands at any instant, from an anchor, a rate and
// Core Animation's media timing (speed, repeat count, autoreverse).

/// The inputs of a ``PropertyAnimator``'s timeline and the arithmetic that reads it.
///
/// The clock counts legs: clock `c` is in leg `⌊c⌋` at `c − ⌊c⌋` of it, the time fraction being
/// that share (or 1 minus it in the backward leg of an autoreversing repeat). While running it
/// moves from leg `anchorLeg`, fraction `anchorFraction` at `rate × speed` legs per second since
/// `max(anchorTime, startTime)`, down when `reversed`. The animator stores one clock and tells its
/// engine whenever it changes, so the engine's copy (``AnimatorTimingTable``) is never stale.
struct AnimatorClock {
    /// Whether the timeline runs backwards.
    var reversed = false
    /// The leg (an integer; a Double so that no count of legs traps) and the time fraction in it
    /// at `anchorTime`.
    var anchorLeg = 0.0
    var anchorFraction = 0.0
    /// The engine time of the anchor, and the engine's ``AnimationEngine/tickCount`` then: a
    /// zero-length timeline (infinite rate) jumps to its end at the first tick after that, not
    /// at the call that anchored it. Set both with ``anchor(at:tick:)``.
    private(set) var anchorTime = 0.0
    private(set) var anchorTick: UInt64 = 0
    /// The time fraction per second of the animator's own time, before direction.
    var rate = 1.0
    /// The engine time before which a delayed start does not move.
    var startTime = 0.0
    /// Media timing: the clock's speed, the repeat count (0: once) and whether each repeat
    /// plays forward then back (one leg is one pass over the duration; an autoreversing repeat
    /// is two legs, the second running from 1 back to 0).
    var speed = 1.0
    var repeatCount = 0.0
    var autoreverses = false

    /// Anchors the clock at engine time `time`, in engine tick `tick`.
    mutating func anchor(at time: Double, tick: UInt64) {
        anchorTime = time
        anchorTick = tick
    }

    /// Anchors the clock at leg `leg`, time fraction `fraction`, engine time `time` in tick `tick`.
    mutating func anchor(leg: Double, fraction: Double, at time: Double, tick: UInt64) {
        anchorLeg = leg
        anchorFraction = fraction
        anchor(at: time, tick: tick)
    }

    /// Starts the clock from where it stands at engine time `time` in tick `tick` (a start, or
    /// a continuation, with no delay left).
    mutating func restart(at time: Double, tick: UInt64) {
        anchor(at: time, tick: tick)
        startTime = time
    }

    /// The rate (fraction per second) that covers `remaining` of the timeline in `seconds`.
    /// With nothing remaining it is the pace of a whole run in `seconds`, so that a later
    /// reversal runs back at a finite pace; it is infinite only for zero seconds.
    static func pace(remaining: Double, seconds: Double) -> Double {
        guard seconds > 0 else { return .infinity }
        return remaining > 0 ? remaining / seconds : 1 / seconds
    }

    /// Where the timeline is at engine time `time` in tick `tick`: the leg (0 unless it repeats),
    /// the time fraction in it, and whether the run is over in its direction (the end of the
    /// last leg of a timeline `duration` seconds long, or back at the start). A clock that is
    /// not `running` stands at its anchor.
    ///
    /// At a whole `c` strictly inside a repeating run that does not autoreverse, the new leg has
    /// begun (fraction 0), as Core Animation starts its next repeat at that instant; the last
    /// leg ends at `c = L`, the number of legs, where the fraction is what that leg reaches.
    func position(at time: Double, tick: UInt64, running: Bool, duration: Double) -> (leg: Double, fraction: Double, done: Bool) {
        guard running else { return (anchorLeg, anchorFraction, isAtEdge(leg: anchorLeg, fraction: anchorFraction)) }
        let elapsed = Swift.max(0, time - Swift.max(anchorTime, startTime))
        // A zero-length timeline jumps to its end at the first tick after it starts (after any
        // delay): never at the call that starts, reverses or continues it. It ignores repeats.
        let moved = rate.isInfinite
            ? (tick != anchorTick && time >= startTime ? 1.0 : 0)
            : rate * speed * elapsed
        if moved == 0 { return (anchorLeg, anchorFraction, isAtEdge(leg: anchorLeg, fraction: anchorFraction)) }
        guard isRepeating else {
            let plain = Self.advanced(from: anchorFraction, by: moved, reversed: reversed)
            return (anchorLeg, plain.fraction, plain.done)
        }
        let c0 = clock(leg: anchorLeg, fraction: anchorFraction)
        let c = reversed ? c0 - moved : c0 + moved
        let count = legCount
        if c <= 0 { return (0, 0, reversed) }
        if c >= count {
            let end = endOfTimeline(duration: duration)
            return (end.leg, end.fraction, !reversed)
        }
        let leg = c.rounded(.down)
        let w = c - leg
        return (leg, legRunsBackward(leg) ? 1 - w : w, false)
    }

    /// The signed rate of the time fraction at engine time `time` for a clock at `position`
    /// (0 unless running, started, not done and finite).
    func fractionRate(at time: Double, position: (leg: Double, fraction: Double, done: Bool), running: Bool) -> Double {
        guard running, time >= startTime, !position.done, rate.isFinite else { return 0 }
        let pace = rate * speed
        return reversed != legRunsBackward(position.leg) ? -pace : pace
    }

    /// A time fraction `moved` on from `anchor` in one leg, clamped to [0, 1], and whether that
    /// is the end in the clock's direction: the whole clock of a plain timeline (what the
    /// engine's frame pass evaluates for the animators it does not call).
    @inline(__always)
    static func advanced(from anchor: Double, by moved: Double, reversed: Bool) -> (fraction: Double, done: Bool) {
        let f = moved == 0 ? anchor : Swift.min(Swift.max(reversed ? anchor - moved : anchor + moved, 0), 1)
        return (f, reversed ? f <= 0 : f >= 1)
    }

    /// Whether a timeline standing at `leg`, `fraction` has nothing left in its direction.
    func isAtEdge(leg: Double, fraction: Double) -> Bool {
        guard isRepeating else { return reversed ? fraction <= 0 : fraction >= 1 }
        let c = clock(leg: leg, fraction: fraction)
        return reversed ? c <= 0 : c >= legCount
    }

    /// The number of legs: the repeat count (1 for 0, as Core Animation), doubled when
    /// autoreversing; infinite when repeating forever.
    var legCount: Double {
        (repeatCount == 0 ? 1 : repeatCount) * (autoreverses ? 2 : 1)
    }

    /// Whether the clock runs over several legs (or part of one): a zero-length timeline
    /// ignores repeats.
    var isRepeating: Bool { legCount != 1 && rate.isFinite }

    /// Whether `leg` runs from fraction 1 back to 0 (the second half of an autoreversing repeat).
    func legRunsBackward(_ leg: Double) -> Bool {
        autoreverses && leg.truncatingRemainder(dividingBy: 2) == 1
    }

    func clock(leg: Double, fraction: Double) -> Double {
        leg + (legRunsBackward(leg) ? 1 - fraction : fraction)
    }

    /// The leg and fraction at the end of a timeline `duration` seconds long: fraction 1 without
    /// repeats; the end of the last leg of a finite repeat (a fractional count ends inside it);
    /// the end of the first repeat when repeating forever (where a reversed animator starts).
    func endOfTimeline(duration: Double) -> (leg: Double, fraction: Double) {
        let count = legCount
        guard count != 1, duration > 0 else { return (0, 1) }
        let end = count.isFinite ? count : (autoreverses ? 2 : 1)
        let leg = end.rounded(.up) - 1
        let w = end - leg
        return (leg, legRunsBackward(leg) ? 1 - w : w)
    }

    /// The seconds a stretch `length` of the time fraction lasts at the current rate (0 for a
    /// zero-length timeline).
    func seconds(ofStretch length: Double) -> Double {
        rate.isFinite && rate > 0 ? length / rate : 0
    }

    /// The rest of the pass from `position`, after a delay of `delay` (a share of the timeline):
    /// toward the edge the time fraction runs to (0 while reversed or in the backward leg of an
    /// autoreversing repeat, else 1), for a block added while the animator is active.
    func remainingStretch(from position: (leg: Double, fraction: Double, done: Bool), after delay: Double)
        -> (begin: Double, end: Double) {
        let f = position.fraction
        return reversed != legRunsBackward(position.leg) ? (Swift.max(f - delay, 0), 0) : (Swift.min(f + delay, 1), 1)
    }

    /// Whether the time fraction runs down from the anchor: reversed, or in a backward leg, not
    /// both.
    var travelsDownAtAnchor: Bool { reversed != legRunsBackward(anchorLeg) }
}
