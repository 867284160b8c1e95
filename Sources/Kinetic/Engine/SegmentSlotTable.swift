// The engine's packed storage for animation segments: one slot per live segment, its offset
// coefficients and the timing inputs the frame pass evaluates it from.

/// How the frame pass evaluates a slot (see ``SegmentSlotTable/evaluate(at:revision:records:)``).
@usableFromInline
enum SlotKind: UInt8 {
    /// Not in use (on the free list).
    case free
    /// Evaluated on demand by its segment (keyframes, paths, clipped stretches, corrections,
    /// scrubbed or repeating animators): ``AnimationSegment/computeCoefficients()``.
    case general
    /// A stretch of an animator's timeline on a cubic curve (its `curve`).
    case timedCubic
    /// A stretch of an animator's timeline on a spring (`springs[slot]`, its `seconds`).
    case timedSpring
    /// A physics spring on the engine's clock from its `start` (`springs[slot]`).
    case physicsSpring
    /// A physics decay on the engine's clock from its `start` (`decays[slot]`).
    case physicsDecay
}

/// One live ``AnimationSegment``'s row in ``SegmentSlotTable``: its offset coefficients with the
/// revision they were computed at (what every presentation read loads), then the timing inputs
/// the frame pass evaluates it from. A new field is one line here, with its default.
@usableFromInline
struct SegmentSlot {
    /// The revision the coefficients were computed at (`.max`: never).
    @usableFromInline var stamp: UInt64 = .max
    /// The coefficients (a presentation value is `delta·released + v₀·kicked`).
    @usableFromInline var basis = SpringBasis(released: 0, releasedVelocity: 0, kicked: 0, kickedVelocity: 0)
    var kind = SlotKind.general
    /// Timed: whether the stretch runs backwards.
    var backwards = false
    /// Timed: the animator's record in ``AnimatorTimingTable`` and that record's generation when
    /// the segment was made (a record is reused by other animators once its own is inactive).
    var record: Int32 = -1
    var generation: UInt32 = 0
    /// Timed: the stretch of the animator's time fraction. Physics: `start` is the start time.
    var start = 0.0
    var end = 1.0
    /// Timed spring: the seconds the stretch lasts.
    var seconds = 0.0
    /// The segment (unretained: the segment frees its slot when it goes).
    var segment: Unmanaged<AnimationSegment>?
    /// Timed cubic: the curve, in a box the slot holds a reference to, so the pass reads it in
    /// place through an unretained reference (a curve copied out of an array would retain its
    /// table around every sample).
    var curve: Unmanaged<CurveBox>?
}

/// Packed storage for every live ``AnimationSegment`` of an engine.
///
/// A segment takes a slot when it is created and gives it back when it is deallocated; a
/// property's track keeps the slot's index, so a presentation read is `delta·released +
/// v₀·kicked` from `rows[slot].basis`, valid while the slot's `stamp` equals the engine's
/// ``AnimationEngine/revision``. The frame pass (``AnimationEngine/tick(at:)``) fills every slot
/// whose timing it can evaluate from its row alone; the others are filled by their segment at
/// the first read. Freed slots are reused last-in first-out (see ``PackedRows``).
@usableFromInline
struct SegmentSlotTable {
    @usableFromInline var storage = PackedRows<SegmentSlot>(initialCapacity: 64)
    /// Timing parameters by slot (a placeholder where the slot's kind does not use them): kept
    /// out of the rows, which the pass reads for every slot, because only spring and decay
    /// slots read them.
    var springs: [SpringTimingParameters] = []
    var decays: [DecayTimingParameters] = []

    /// Slots handed out so far (in use or free): the pass runs over `0..<count`.
    var count: Int { storage.count }
    /// Slots in use.
    var liveCount: Int { storage.liveCount }

    /// The rows, read and written in place: `rows[s]` is slot `s`.
    @inlinable var rows: UnsafeMutablePointer<SegmentSlot> { @inline(__always) get { storage.rows } }

    /// Takes a slot for `segment`, of kind `.general` with stale coefficients; the caller sets
    /// the timing inputs.
    mutating func allocate(for segment: AnimationSegment) -> Int {
        let slot = storage.allocate(SegmentSlot(segment: Unmanaged.passUnretained(segment)))
        if slot == springs.count {
            springs.append(.uiKitDefault)
            decays.append(DecayTimingParameters())
        }
        return slot
    }

    /// Gives `slot` back.
    mutating func release(_ slot: Int) {
        rows[slot].curve?.release()
        rows[slot] = SegmentSlot(kind: .free)
        storage.release(slot)
    }

    /// Frees the rows (the engine's deinit; every segment, which holds its engine, is gone).
    func deallocate() { storage.deallocate() }

    /// Fills every slot whose timing its row describes at `revision`, for engine time `now`:
    /// timed stretches of animators running on a plain timeline or paused (their clocks in
    /// `records`), and physics springs and decays. The others are filled by their segment when
    /// read.
    func evaluate(at now: Double, revision: UInt64, records: AnimatorTimingTable) {
        let count = self.count
        guard count > 0 else { return }
        let table = rows, clocks = records.rows
        springs.withUnsafeBufferPointer { springBuffer in
        decays.withUnsafeBufferPointer { decayBuffer in
            let springs = springBuffer.baseAddress.unsafelyUnwrapped
            let decays = decayBuffer.baseAddress.unsafelyUnwrapped
            for s in 0..<count where table[s].stamp != revision {
                let c: SpringBasis
                switch table[s].kind {
                case .timedCubic, .timedSpring:
                    let r = Int(table[s].record)
                    guard r >= 0, clocks[r].generation == table[s].generation else { continue }
                    let mode = clocks[r].mode
                    guard mode == .plain || mode == .paused else { continue }
                    let start = table[s].start, end = table[s].end
                    if start == end { c = AnimationSegment.rest; break }
                    let (u, slope) = AnimationSegment.directed(clocks[r].fraction, start: start, end: end,
                                                               backwards: table[s].backwards)
                    if u >= 1 { c = AnimationSegment.zero; break }
                    let du = slope * clocks[r].rate
                    if table[s].kind == .timedCubic {
                        c = table[s].curve.unsafelyUnwrapped._withUnsafeGuaranteedRef {
                            AnimationSegment.cubicCoefficients($0.curve, u: u, du: du)
                        }
                    } else {
                        c = AnimationSegment.springCoefficients(springs[s], seconds: table[s].seconds, u: u, du: du)
                    }
                case .physicsSpring:
                    c = springs[s].basis(at: now - table[s].start)
                case .physicsDecay:
                    c = AnimationSegment.decayCoefficients(decays[s], at: now - table[s].start)
                case .general, .free:
                    continue
                }
                table[s].basis = c
                table[s].stamp = revision
            }
        }}
    }

    /// Stores `c` as the coefficients of `slot` at `revision`.
    @inline(__always)
    func store(_ c: SpringBasis, at slot: Int, revision: UInt64) {
        rows[slot].basis = c
        rows[slot].stamp = revision
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
