/// A stretch of an animator's timeline that a group of property changes animates over, with
/// the timing they use.
///
/// The animator's timeline runs a *time fraction* x from 0 to 1 (backwards when reversed).
/// - The animations given before the animator starts use the whole timeline, [0, 1].
/// - Animations added while it runs use [x_now, 1], or start later with a delay factor; the
///   timing curve applies to their own stretch, so they start at rest and finish with the rest.
///   Added while the animator runs reversed, they use [0, x_now] and run *backwards*
///   (``runsBackwards``): their changes happen as the timeline goes down to 0.
/// - A keyframe takes a stretch of its parent's *progress* (UIKit's relative start time and
///   duration), linearly, so the parent's curve shapes the whole sequence.
/// - A timing change (``PropertyAnimator/continueAnimation(withTimingParameters:durationFactor:)``)
///   *clips* each track's segment at the current fraction and continues the rest of the way on a
///   new segment (see ``Kind/clipped(inner:at:towardEnd:pivot:edge:)``).
///
/// A segment turns the animator's state into the four numbers every track needs: the offset is
/// `delta·a + v₀·b` and its velocity `delta·a' + v₀·b'` (the fields of ``SpringBasis``).
/// ``coefficients(fraction:rate:scrubbedProgress:)`` is a pure function of the timeline, so the
/// same segment can also be asked what it shows at the animator's start or end
/// (``edgeCoefficients(atEnd:)``), which is what finishing at `.start` or `.end` writes into the
/// model.
@usableFromInline
final class AnimationSegment {
    enum Kind {
        case timed(timing: TimingParameters, seconds: Double)
        case keyframe(parent: AnimationSegment)
        /// A physics animation's motion, on the engine's clock from `startTime`: a spring's
        /// basis, or (for a decay, whose model is its resting position) `a = e^(k t)`.
        case spring(SpringTimingParameters, startTime: Double)
        case decay(DecayTimingParameters, startTime: Double)
        /// The part of `inner`'s motion that a timing change at fraction `at` keeps: on the far
        /// side of `at` (below it when the new timing runs `towardEnd`, above it otherwise)
        /// `inner(x) − pivot + edge`, on the near side the constant `edge`, where `pivot` is
        /// `inner` at `at` and `edge` is `inner` at the edge the new timing runs to. The track
        /// that continues on the new timing starts from `offset(at) − offset(edge)`, so the sum
        /// is continuous at `at`, still reaches the original start values at fraction 0 and the
        /// original end values at fraction 1, and the old curve is replayed if the animator is
        /// reversed back across `at`.
        ///
        /// Scrubbed linearly, the cut is at the scrubbed progress `scrubAt` (what the screen
        /// showed when the timing changed; `scrubPivot` is `inner` scrubbed there): on the near
        /// side `edge`, on the far side the way from `edge` to what the timeline shows at the far
        /// edge, shaped like `inner`'s own scrub. With the continuing track scrubbed over
        /// [`scrubAt`, 1], a scrub still moves a property that had one curve linearly from its
        /// start to its end values.
        case clipped(inner: AnimationSegment, at: Double, towardEnd: Bool, pivot: SpringBasis, edge: SpringBasis,
                     scrubAt: Double, scrubPivot: SpringBasis)
        /// A correction that keeps the presentation still when a linear scrub begins from a
        /// pause at a time fraction whose display no single scrubbed progress shows (a stretch
        /// added mid-flight, a spring's velocity term, an overshoot). While the animator is
        /// scrubbed it is a tent in the scrubbed progress p: 1 at `peak` (the progress read
        /// when the scrub began), 0 at p = 0 and p = 1, linear between; on the timeline it is 0
        /// (it is folded into a ``timelineCorrection`` when the animator leaves the scrub).
        case scrubCorrection(peak: Double)
        /// The same when a scrubbed animator goes back onto its timeline at time fraction
        /// `peak` (continuing, adding animations, turning linear scrubbing off): a tent in the
        /// time fraction, 1 at `peak` and 0 at fractions 0 and 1, so the start and end values
        /// are untouched. Scrubbed again, it is the same tent in the scrubbed progress.
        case timelineCorrection(peak: Double)
        /// The `index`-th keyframe (from 1) of one property in a keyframe animation with a
        /// calculation mode other than linear: the offset's coefficient is `path`'s share still
        /// to go at the parent's progress (see ``KeyframePath``).
        case path(parent: AnimationSegment, path: KeyframePath, index: Int)
        /// A change that does not travel (a ``MotionRole/geometry`` property under
        /// ``MotionPolicy/reduced``): the start values while `inner`'s stretch has not begun, the
        /// end values from the first instant it has (for a keyframe or a path, from the first
        /// instant its parent's has, so no keyframe between is shown), never anything between,
        /// and no velocity. Reversed back to where it began, it shows the start values again.
        case landing(inner: AnimationSegment)
    }

    /// What owns the tracks on this segment: the animator, or a physics animation.
    unowned(unsafe) let owner: AnyObject
    /// The animator whose timeline drives the segment (nil for physics animations).
    let animator: PropertyAnimator?
    let engine: AnimationEngine
    /// The stretch: of the animator's time fraction (timed) or of the parent's progress (keyframe).
    let start: Double
    let end: Double
    let kind: Kind
    /// Whether the stretch is animated from `end` down to `start` (added while reversed).
    let backwards: Bool
    /// The stretch of *scrubbed progress* a linear scrub shows a timed segment over: `start`
    /// and `end`, except for the track a timing change continues on, which is scrubbed over
    /// the progress that remained on screen (see ``Kind/clipped(inner:at:towardEnd:pivot:edge:scrubAt:scrubPivot:)``).
    let scrubStart: Double
    let scrubEnd: Double
    /// Whether the stretch keeps its place on the timeline when the animator continues on new
    /// timing from outside it (a ``Timeline`` entry, a member of a staggered group): not yet
    /// reached in the direction the run continues, it waits for the playhead and runs on its
    /// own timing, instead of starting at once on the new timing.
    let keepsSchedule: Bool
    /// The segment's slot in its engine's ``SegmentSlotTable``: where its coefficients are
    /// packed for the frame pass and for reads.
    @usableFromInline @exclusivity(unchecked) private(set) var slot = -1

    init(animator: PropertyAnimator, start: Double, end: Double, kind: Kind, backwards: Bool = false,
         scrubStretch: (start: Double, end: Double)? = nil, keepsSchedule: Bool = false) {
        self.animator = animator
        self.owner = animator
        self.engine = animator.engine
        self.start = start
        self.end = Swift.max(end, start)
        self.kind = kind
        self.backwards = backwards
        self.scrubStart = scrubStretch?.start ?? start
        self.scrubEnd = Swift.max(scrubStretch?.end ?? end, scrubStretch?.start ?? start)
        self.keepsSchedule = keepsSchedule
        takeSlot()
    }

    /// A segment for a physics animation owned by `owner`, on `engine`'s clock.
    init(owner: AnyObject, engine: AnimationEngine, kind: Kind) {
        self.animator = nil
        self.owner = owner
        self.engine = engine
        self.start = 0
        self.end = 1
        self.kind = kind
        self.backwards = false
        self.scrubStart = 0
        self.scrubEnd = 1
        self.keepsSchedule = false
        takeSlot()
    }

    deinit { engine.slots.release(slot) }

    /// Takes a slot in the engine's table and writes the timing inputs the frame pass can
    /// evaluate the segment from; anything else stays ``SlotKind/general`` (computed here).
    private func takeSlot() {
        let s = engine.slots.allocate(for: self)
        slot = s
        switch kind {
        case .timed(let timing, let seconds):
            guard let animator, animator.engineRecord >= 0 else { return }
            let r = animator.engineRecord
            engine.slots.rows[s].start = start
            engine.slots.rows[s].end = end
            engine.slots.rows[s].backwards = backwards
            engine.slots.rows[s].seconds = seconds
            engine.slots.rows[s].record = Int32(r)
            engine.slots.rows[s].generation = engine.records.rows[r].generation
            switch timing {
            case .cubic(let curve):
                engine.slots.rows[s].curve = Unmanaged.passRetained(CurveBox.box(for: curve))
                engine.slots.rows[s].kind = .timedCubic
            case .spring(let spring):
                engine.slots.springs[s] = spring
                engine.slots.rows[s].kind = .timedSpring
            }
        case .spring(let spring, let startTime):
            engine.slots.rows[s].start = startTime
            engine.slots.springs[s] = spring
            engine.slots.rows[s].kind = .physicsSpring
        case .decay(let decay, let startTime):
            engine.slots.rows[s].start = startTime
            engine.slots.decays[s] = decay
            engine.slots.rows[s].kind = .physicsDecay
        default:
            break
        }
    }

    /// The absolute initial velocity of a track with offset `delta`: a spring's relative
    /// initial velocity (UIKit's units, per axis) times the distance, `to − from = −delta`.
    func initialVelocity<Value: AnimatableValue>(for delta: Value) -> Value {
        guard case .timed(.spring(let spring), _) = kind else { return .zero }
        let v = spring.initialVelocity
        if v.x == 0 && v.y == 0 { return .zero }
        return (Value.zero - delta).scaled(x: v.x, y: v.y)
    }

    static let zero = SpringBasis(released: 0, releasedVelocity: 0, kicked: 0, kickedVelocity: 0)
    static let rest = SpringBasis(released: 1, releasedVelocity: 0, kicked: 0, kickedVelocity: 0)

    /// Local fraction u in [0, 1] of `x` within [start, end] and du/dx (0 outside the stretch).
    @inline(__always)
    static func local(_ x: Double, start: Double, end: Double) -> (u: Double, slope: Double) {
        let span = end - start
        guard span > 0 else { return (x >= end ? 1 : 0, 0) }
        let u = (x - start) / span
        // At the ends the one-sided derivative of the inside counts: a spring animation that
        // starts with a velocity has it at its first instant.
        if u < 0 { return (0, 0) }
        if u > 1 { return (1, 0) }
        return (u, 1 / span)
    }

    /// The segment's own progress variable for timeline position `x`, and its derivative:
    /// `local(x)`, or `1 − local(x)` for a segment that runs backwards.
    @inline(__always)
    static func directed(_ x: Double, start: Double, end: Double, backwards: Bool) -> (u: Double, slope: Double) {
        let l = local(x, start: start, end: end)
        return backwards ? (1 - l.u, -l.slope) : l
    }

    @inline(__always)
    private func directed(_ x: Double) -> (u: Double, slope: Double) {
        Self.directed(x, start: start, end: end, backwards: backwards)
    }

    /// A timed stretch on `curve` at its own progress variable `u` (in [0, 1)), moving at `du`
    /// per second. The frame pass and ``coefficients(fraction:rate:scrubbedProgress:)`` share it.
    @inline(__always)
    static func cubicCoefficients(_ curve: borrowing CubicTimingParameters, u: Double, du: Double) -> SpringBasis {
        let s = curve.sample(at: u)
        var slope = s.velocity
        if !slope.isFinite {
            // A vertical tangent (``CubicTimingParameters/hasVerticalTangent``): the
            // curve's mean slope over the surrounding 1/1000 of the stretch, finite.
            let lo = Swift.max(u - 5e-4, 0), hi = Swift.min(u + 5e-4, 1)
            slope = (curve.progress(at: hi) - curve.progress(at: lo)) / (hi - lo)
        }
        return SpringBasis(released: 1 - s.progress, releasedVelocity: du == 0 ? 0 : -slope * du,
                           kicked: 0, kickedVelocity: 0)
    }

    /// A timed stretch of `seconds` on `spring` at its own progress variable `u`, moving at `du`:
    /// the spring's motion, brought to rest exactly at the end of the stretch (see
    /// ``SpringTimingParameters/runWindow(atFraction:)``).
    @inline(__always)
    static func springCoefficients(_ spring: SpringTimingParameters, seconds: Double, u: Double, du: Double) -> SpringBasis {
        // The spring runs in seconds: τ = u·seconds, dτ/dt = du/dt·seconds.
        let b = spring.basis(at: u * seconds)
        let scale = du * seconds
        if u <= SpringTimingParameters.runWindowStart {
            return SpringBasis(released: b.released, releasedVelocity: b.releasedVelocity * scale,
                               kicked: b.kicked, kickedVelocity: b.kickedVelocity * scale)
        }
        // The offset is the spring's times the window k(u): (a·k)' = a'·k + a·k'·du.
        let w = SpringTimingParameters.runWindow(atFraction: u)
        let dk = w.slope * du
        return SpringBasis(released: b.released * w.value, releasedVelocity: b.releasedVelocity * scale * w.value + b.released * dk,
                           kicked: b.kicked * w.value, kickedVelocity: b.kickedVelocity * scale * w.value + b.kicked * dk)
    }

    /// A decay `time` seconds after it started: `a = e^(k t)` (its model is its resting position).
    @inline(__always)
    static func decayCoefficients(_ decay: DecayTimingParameters, at time: Double) -> SpringBasis {
        let f = decay.velocityFactor(at: time)
        return SpringBasis(released: f, releasedVelocity: decay.rate * f, kicked: 0, kickedVelocity: 0)
    }

    /// The offset coefficients now (see the type's discussion): packed in the engine's slot
    /// table, where every property animated by this segment reads them, so one frame evaluates
    /// the curve or spring once per segment.
    @usableFromInline
    func coefficients() -> SpringBasis {
        engine.coefficients(slot: slot)
    }

    /// The coefficients at the engine's time, from the segment's own description.
    func computeCoefficients() -> SpringBasis {
        switch kind {
        case .spring(let spring, let startTime):
            return spring.basis(at: engine.time - startTime)
        case .decay(let decay, let startTime):
            return Self.decayCoefficients(decay, at: engine.time - startTime)
        default:
            break
        }
        guard let animator else { return AnimationSegment.zero }
        let timeline = animator.timeline()
        return coefficients(fraction: timeline.fraction, rate: timeline.rate, scrubbedProgress: timeline.scrubbedProgress)
    }

    /// Whether a timing change at time fraction `x` toward the edge the timeline runs to (1 when
    /// `towardEnd`, else 0) leaves the track on this segment as it is: its offset is known not
    /// to change between `x` and that edge (so clipping it at `x` would change nothing), or it
    /// ``keepsSchedule`` and `x` has not reached its stretch (it waits for the playhead). A
    /// keyframe or a path follows its parent.
    func isConstant(from x: Double, towardEnd: Bool) -> Bool {
        switch kind {
        case .clipped(_, let at, let direction, _, _, _, _):
            return direction == towardEnd && (towardEnd ? at <= x : at >= x)
        case .timed:
            // A stretch is at rest outside [start, end].
            if towardEnd ? x >= end : x <= start { return true }
            return keepsSchedule && (towardEnd ? x <= start : x >= end)
        case .keyframe(let parent), .path(let parent, _, _), .landing(let parent):
            return parent.isConstant(from: x, towardEnd: towardEnd)
        default:
            return false
        }
    }

    /// The offset coefficients at the animator's start (`atEnd` false, fraction 0) or end
    /// (fraction 1), at rest: what finishing there leaves of a track.
    func edgeCoefficients(atEnd: Bool) -> SpringBasis {
        switch kind {
        case .spring, .decay: return coefficients()
        case .landing(let inner):
            return SpringBasis(released: inner.edgeCoefficients(atEnd: atEnd).released, releasedVelocity: 0,
                               kicked: 0, kickedVelocity: 0)
        case .timed where start == end:
            // No time: done at the edge it runs to, not begun at the other.
            return atEnd != backwards ? AnimationSegment.zero : AnimationSegment.rest
        default: return coefficients(fraction: atEnd ? 1 : 0, rate: 0, scrubbedProgress: nil)
        }
    }

    /// The offset coefficients when the animator's timeline is at fraction `x`, moving at `rate`
    /// (fraction per second, signed), or scrubbed linearly to progress `scrubbedProgress`.
    ///
    /// A timed stretch at or past its end contributes exactly nothing, and a spring's stretch
    /// comes to rest there continuously (its last tenth is blended to rest, see
    /// ``SpringTimingParameters/runWindow(atFraction:)``), so that an animator that pauses on
    /// completion shows the end values exactly, completing does not move anything, and a run
    /// back from the end leaves it at rest.
    func coefficients(fraction x: Double, rate: Double, scrubbedProgress p: Double?) -> SpringBasis {
        switch kind {
        case .timed(let timing, let seconds):
            // A stretch with no time waits for the animator to finish at its end.
            if start == end { return AnimationSegment.rest }
            if let p {
                // Scrubbing linearly: every stretch shows its linear share of the progress.
                let span = scrubEnd - scrubStart
                var u = span > 0 ? Swift.min(Swift.max((p - scrubStart) / span, 0), 1) : (p >= scrubEnd ? 1 : 0)
                if backwards { u = 1 - u }
                return SpringBasis(released: 1 - u, releasedVelocity: 0, kicked: 0, kickedVelocity: 0)
            }
            let (u, slope) = directed(x)
            if u >= 1 { return AnimationSegment.zero }
            let du = slope * rate
            switch timing {
            case .cubic(let curve):
                return Self.cubicCoefficients(curve, u: u, du: du)
            case .spring(let spring):
                return Self.springCoefficients(spring, seconds: seconds, u: u, du: du)
            }
        case .keyframe(let parent):
            // A keyframe follows its parent's progress P = 1 − a linearly over its stretch.
            let c = parent.coefficients(fraction: x, rate: rate, scrubbedProgress: p)
            let (u, slope) = directed(1 - c.released)
            if u >= 1 { return AnimationSegment.zero }
            return SpringBasis(released: 1 - u, releasedVelocity: slope * c.releasedVelocity, kicked: 0, kickedVelocity: 0)
        case .path(let parent, let path, let index):
            // c(P) of the parent's progress P = 1 − a; dc/dt = dc/dP · dP/dt and dP/dt = −a'.
            let c = parent.coefficients(fraction: x, rate: rate, scrubbedProgress: p)
            let v = path.remaining(index, atProgress: 1 - c.released)
            return SpringBasis(released: v.value, releasedVelocity: -v.slope * c.releasedVelocity, kicked: 0, kickedVelocity: 0)
        case .clipped(let inner, let at, let towardEnd, let pivot, let edge, let scrubAt, let scrubPivot):
            if let p {
                // Scrubbed: from `edge` at `scrubAt` to exactly what the timeline shows at the far
                // edge (so a scrub to 0 or 1 shows the start or end values), following the
                // shape of `inner`'s own linear scrub (keyframes keep their stretches).
                guard towardEnd ? p < scrubAt : p > scrubAt else { return edge }
                let far = towardEnd ? 0.0 : 1.0
                let shape = inner.coefficients(fraction: x, rate: 0, scrubbedProgress: p).released
                let farShape = inner.coefficients(fraction: far, rate: 0, scrubbedProgress: far).released
                let denominator = farShape - scrubPivot.released
                let w = denominator.magnitude > 1e-12
                    ? (shape - scrubPivot.released) / denominator
                    : (towardEnd ? (scrubAt - p) / scrubAt : (p - scrubAt) / (1 - scrubAt))
                let farTime = inner.coefficients(fraction: far, rate: 0, scrubbedProgress: nil)
                return SpringBasis(released: edge.released + (farTime.released - pivot.released) * w, releasedVelocity: 0,
                                   kicked: edge.kicked + (farTime.kicked - pivot.kicked) * w, kickedVelocity: 0)
            }
            let farSide = towardEnd ? x < at : x > at
            guard farSide else { return edge }
            let c = inner.coefficients(fraction: x, rate: rate, scrubbedProgress: nil)
            return SpringBasis(released: c.released - pivot.released + edge.released,
                               releasedVelocity: c.releasedVelocity,
                               kicked: c.kicked - pivot.kicked + edge.kicked,
                               kickedVelocity: c.kickedVelocity)
        case .scrubCorrection(let peak):
            guard let p else { return AnimationSegment.zero }
            return SpringBasis(released: Self.tent(p, peak: peak).value, releasedVelocity: 0, kicked: 0, kickedVelocity: 0)
        case .timelineCorrection(let peak):
            if let p {
                return SpringBasis(released: Self.tent(p, peak: peak).value, releasedVelocity: 0, kicked: 0, kickedVelocity: 0)
            }
            let t = Self.tent(x, peak: peak)
            return SpringBasis(released: t.value, releasedVelocity: t.slope * rate, kicked: 0, kickedVelocity: 0)
        case .landing(let inner):
            if case .timed = inner.kind, inner.start == inner.end { return AnimationSegment.rest }
            return inner.hasBegun(fraction: x, scrubbedProgress: p) ? AnimationSegment.zero : AnimationSegment.rest
        case .spring, .decay:
            return AnimationSegment.zero
        }
    }

    /// Whether the stretch has begun at time fraction `x` (or, scrubbed linearly, at progress
    /// `p`): its own progress variable is past 0; a keyframe or a path asks its parent. Any other
    /// segment has begun once its offset has left the start values.
    func hasBegun(fraction x: Double, scrubbedProgress p: Double?) -> Bool {
        switch kind {
        case .timed:
            if let p {
                let span = scrubEnd - scrubStart
                let u = span > 0 ? (p - scrubStart) / span : (p >= scrubEnd ? 1 : 0)
                return backwards ? u < 1 : u > 0
            }
            return directed(x).u > 0
        case .keyframe(let parent), .path(let parent, _, _), .landing(let parent):
            return parent.hasBegun(fraction: x, scrubbedProgress: p)
        default:
            let c = coefficients(fraction: x, rate: 0, scrubbedProgress: p)
            return c.released != 1 || c.kicked != 0
        }
    }

    /// 1 at `peak`, 0 at 0 and 1 and outside, linear between; `peak` is strictly inside (0, 1).
    @inline(__always)
    private static func tent(_ v: Double, peak: Double) -> (value: Double, slope: Double) {
        if v <= 0 || v >= 1 { return (0, 0) }
        return v <= peak ? (v / peak, 1 / peak) : ((1 - v) / (1 - peak), -1 / (1 - peak))
    }

    /// Whether the segment only exists while the animator is scrubbed (see ``Kind/scrubCorrection(peak:)``).
    var isScrubCorrection: Bool {
        if case .scrubCorrection = kind { return true }
        return false
    }
}
