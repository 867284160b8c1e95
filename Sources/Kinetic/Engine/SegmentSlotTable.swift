// The engine's packed storage for animation segments: one slot per live segment, its offset
// coefficients in four contiguous lanes, and the timing inputs the frame pass evaluates it from.

/// How the frame pass evaluates a slot (see ``AnimationEngine/evaluateSlots()``).
@usableFromInline
enum SlotKind: UInt8 {
    /// Not in use (on the free list).
    case free
    /// Evaluated on demand by its segment (keyframes, paths, clipped stretches, corrections,
    /// scrubbed or repeating animators): ``AnimationSegment/computeCoefficients()``.
    case general
    /// A stretch of an animator's timeline on a cubic curve (`curves[slot]`).
    case timedCubic
    /// A stretch of an animator's timeline on a spring (`springs[slot]`, `seconds[slot]`).
    case timedSpring
    /// A physics spring on the engine's clock from `starts[slot]` (`springs[slot]`).
    case physicsSpring
    /// A physics decay on the engine's clock from `starts[slot]` (`decays[slot]`).
    case physicsDecay
}

/// Struct-of-arrays storage for every live ``AnimationSegment`` of an engine.
///
/// A segment takes a slot when it is created and gives it back when it is deallocated; a
/// property's track keeps the slot's index, so a presentation read is `delta·released[slot] +
/// v₀·kicked[slot]`, with the coefficients valid while `stamps[slot]` equals the engine's
/// ``AnimationEngine/revision``. The frame pass (``AnimationEngine/tick(at:)``) fills every slot
/// whose timing it can evaluate from these lanes alone; the others are filled by their segment
/// at the first read. Freed slots are reused last-in first-out, so the table never grows beyond
/// the largest number of segments alive at once.
///
/// The lanes are raw buffers (no reference counting, no uniqueness checks, no exclusivity
/// checks on the read path); they are reallocated only when the table grows.
@usableFromInline
struct SegmentSlotTable {
    // Coefficient lanes (the fields of ``SpringBasis``) and the revision they were computed at.
    @usableFromInline var released: UnsafeMutablePointer<Double>
    @usableFromInline var releasedVelocity: UnsafeMutablePointer<Double>
    @usableFromInline var kicked: UnsafeMutablePointer<Double>
    @usableFromInline var kickedVelocity: UnsafeMutablePointer<Double>
    @usableFromInline var stamps: UnsafeMutablePointer<UInt64>

    // Timing inputs.
    var kinds: UnsafeMutablePointer<SlotKind>
    /// Timed: the stretch of the animator's time fraction. Physics: `starts` is the start time.
    var starts: UnsafeMutablePointer<Double>
    var ends: UnsafeMutablePointer<Double>
    var backwards: UnsafeMutablePointer<Bool>
    /// Timed spring: the seconds the stretch lasts.
    var seconds: UnsafeMutablePointer<Double>
    /// Timed: the animator's record in ``AnimatorTimingTable`` and that record's generation when
    /// the segment was made (a record is reused by other animators once its own is inactive).
    var records: UnsafeMutablePointer<Int32>
    var generations: UnsafeMutablePointer<UInt32>
    /// The segment in each slot (unretained: the segment frees its slot when it goes).
    var segments: UnsafeMutablePointer<Unmanaged<AnimationSegment>?>
    /// Timed cubic: the curve, in a box the slot holds a reference to, so the pass reads it in
    /// place through an unretained reference (a curve copied out of an array would retain its
    /// table around every sample).
    var curves: UnsafeMutablePointer<Unmanaged<CurveBox>?>
    /// Timing parameters by slot (a placeholder where the slot's kind does not use them).
    var springs: [SpringTimingParameters] = []
    var decays: [DecayTimingParameters] = []

    /// Slots handed out so far (in use or free): the pass runs over `0..<count`.
    private(set) var count = 0
    private(set) var capacity = 0
    /// Freed slots, reused last first.
    private(set) var freeSlots: [Int32] = []

    init() {
        released = .allocate(capacity: 0)
        releasedVelocity = .allocate(capacity: 0)
        kicked = .allocate(capacity: 0)
        kickedVelocity = .allocate(capacity: 0)
        stamps = .allocate(capacity: 0)
        kinds = .allocate(capacity: 0)
        starts = .allocate(capacity: 0)
        ends = .allocate(capacity: 0)
        backwards = .allocate(capacity: 0)
        seconds = .allocate(capacity: 0)
        records = .allocate(capacity: 0)
        generations = .allocate(capacity: 0)
        segments = .allocate(capacity: 0)
        curves = .allocate(capacity: 0)
    }

    /// Slots in use.
    var liveCount: Int { count - freeSlots.count }

    /// Takes a slot for `segment`, of kind `.general` with stale coefficients; the caller sets
    /// the timing inputs.
    mutating func allocate(for segment: AnimationSegment) -> Int {
        let slot: Int
        if let reused = freeSlots.popLast() {
            slot = Int(reused)
        } else {
            if count == capacity { grow() }
            slot = count
            count += 1
            springs.append(.uiKitDefault)
            decays.append(DecayTimingParameters())
        }
        released[slot] = 0
        releasedVelocity[slot] = 0
        kicked[slot] = 0
        kickedVelocity[slot] = 0
        stamps[slot] = .max
        kinds[slot] = .general
        starts[slot] = 0
        ends[slot] = 1
        backwards[slot] = false
        seconds[slot] = 0
        records[slot] = -1
        generations[slot] = 0
        segments[slot] = Unmanaged.passUnretained(segment)
        curves[slot] = nil
        return slot
    }

    /// Gives `slot` back.
    mutating func release(_ slot: Int) {
        kinds[slot] = .free
        stamps[slot] = .max
        segments[slot] = nil
        curves[slot]?.release()
        curves[slot] = nil
        freeSlots.append(Int32(slot))
    }

    private mutating func grow() {
        let newCapacity = Swift.max(64, capacity * 2)
        func moved<T>(_ old: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<T> {
            let new = UnsafeMutablePointer<T>.allocate(capacity: newCapacity)
            new.moveInitialize(from: old, count: count)
            old.deallocate()
            return new
        }
        released = moved(released)
        releasedVelocity = moved(releasedVelocity)
        kicked = moved(kicked)
        kickedVelocity = moved(kickedVelocity)
        stamps = moved(stamps)
        kinds = moved(kinds)
        starts = moved(starts)
        ends = moved(ends)
        backwards = moved(backwards)
        seconds = moved(seconds)
        records = moved(records)
        generations = moved(generations)
        segments = moved(segments)
        curves = moved(curves)
        capacity = newCapacity
        springs.reserveCapacity(newCapacity)
        decays.reserveCapacity(newCapacity)
    }

    /// Frees the lanes (the engine's deinit; every segment, which holds its engine, is gone).
    func deallocate() {
        released.deallocate()
        releasedVelocity.deallocate()
        kicked.deallocate()
        kickedVelocity.deallocate()
        stamps.deallocate()
        kinds.deallocate()
        starts.deallocate()
        ends.deallocate()
        backwards.deallocate()
        seconds.deallocate()
        records.deallocate()
        generations.deallocate()
        segments.deallocate()
        curves.deallocate()
    }

    /// Stores `c` as the coefficients of `slot` at `revision`.
    @inline(__always)
    func store(_ c: SpringBasis, at slot: Int, revision: UInt64) {
        released[slot] = c.released
        releasedVelocity[slot] = c.releasedVelocity
        kicked[slot] = c.kicked
        kickedVelocity[slot] = c.kickedVelocity
        stamps[slot] = revision
    }
}

/// A cubic curve in a box: what a timed cubic slot refers to.
final class CurveBox: Sendable {
    let curve: CubicTimingParameters
    init(_ curve: CubicTimingParameters) { self.curve = curve }

    /// The box for `curve`: one shared box per preset (whose copies share its table, so the
    /// test is an identity check), a new one for any other curve. An animator on a preset
    /// curve then allocates nothing for its curve.
    static func box(for curve: CubicTimingParameters) -> CurveBox {
        let table = curve.cache
        if table === easeInOut.curve.cache { return easeInOut }
        if table === easeOut.curve.cache { return easeOut }
        if table === easeIn.curve.cache { return easeIn }
        if table === linear.curve.cache { return linear }
        if table === caDefault.curve.cache { return caDefault }
        return CurveBox(curve)
    }

    static let easeInOut = CurveBox(.easeInOut)
    static let easeOut = CurveBox(.easeOut)
    static let easeIn = CurveBox(.easeIn)
    static let linear = CurveBox(.linear)
    static let caDefault = CurveBox(.default)
}
