// The engine's packed copy of each active animator's clock: what the frame pass needs to find
// every time fraction and every completion without calling into the animators.

/// How the frame pass treats an animator's record.
enum RecordMode: UInt8 {
    /// Not in use.
    case free
    /// Running on a plain timeline (finite rate, no repeats, no autoreverse): the pass computes
    /// its time fraction, rate and completion from the record alone.
    case plain
    /// Paused on its timeline (not scrubbed): fraction `anchorFraction`, rate 0.
    case paused
    /// Anything else (scrubbed, stopped, repeating, zero-length, autoreversing): the pass calls
    /// the animator as the engine always did, and its segments evaluate through it.
    case general
}

/// Struct-of-arrays records of the animators an engine keeps (active or stopped), one per
/// animator, each a copy of the inputs of its clock (see ``PropertyAnimator/currentPosition()``),
/// refreshed whenever one of them changes (every input reports to
/// ``AnimationEngine/timelineChanged(_:)``), and the clock's outputs at the engine's time.
struct AnimatorTimingTable {
    var modes: [RecordMode] = []
    var animators: [Unmanaged<PropertyAnimator>?] = []
    /// Bumped when a record is freed, so slots made for an earlier animator no longer match.
    var generations: [UInt32] = []
    /// The order the engine's `animators` list has (registration order).
    var sequence: [UInt64] = []

    // Inputs (plain and paused records).
    var anchorFractions: [Double] = []
    /// `max(anchorTime, startTime)`: where the clock starts moving.
    var bases: [Double] = []
    var startTimes: [Double] = []
    /// `rate × speed`, fraction per second.
    var paces: [Double] = []
    var reversed: [Bool] = []
    /// Whether fraction observers must hear every tick.
    var observed: [Bool] = []

    // Outputs at the engine's time.
    var fractions: [Double] = []
    var rates: [Double] = []
    var done: [Bool] = []

    /// ``PropertyAnimator/lastReportedFraction`` while the animator is registered (the pass
    /// updates it for the animators it does not call); `previousReported` is its value before
    /// the current tick.
    var lastReported: [Double] = []
    var previousReported: [Double] = []
    /// The engine's tick count when the pass last updated `lastReported` for the record.
    var skippedAt: [UInt64] = []

    private(set) var count = 0
    private var freeRecords: [Int32] = []
    private var nextSequence: UInt64 = 0

    /// Takes a record for `animator`.
    mutating func allocate(for animator: PropertyAnimator) -> Int {
        let r: Int
        if let reused = freeRecords.popLast() {
            r = Int(reused)
        } else {
            r = count
            count += 1
            modes.append(.free)
            animators.append(nil)
            generations.append(0)
            sequence.append(0)
            anchorFractions.append(0)
            bases.append(0)
            startTimes.append(0)
            paces.append(0)
            reversed.append(false)
            observed.append(false)
            fractions.append(0)
            rates.append(0)
            done.append(false)
            lastReported.append(0)
            previousReported.append(0)
            skippedAt.append(.max)
        }
        modes[r] = .general
        animators[r] = Unmanaged.passUnretained(animator)
        sequence[r] = nextSequence
        nextSequence &+= 1
        skippedAt[r] = .max
        return r
    }

    mutating func release(_ r: Int) {
        modes[r] = .free
        animators[r] = nil
        generations[r] &+= 1
        freeRecords.append(Int32(r))
    }

    /// The clock of a plain record at `time`: exactly ``PropertyAnimator/currentPosition()`` and
    /// ``PropertyAnimator/timeline()`` for a running animator with a finite rate and one leg.
    @inline(__always)
    mutating func evaluatePlain(_ r: Int, at time: Double) {
        let anchor = anchorFractions[r]
        let backwards = reversed[r]
        let elapsed = Swift.max(0, time - bases[r])
        let pace = paces[r]
        let moved = pace * elapsed
        let f: Double
        if moved == 0 {
            f = anchor
        } else {
            f = Swift.min(Swift.max(backwards ? anchor - moved : anchor + moved, 0), 1)
        }
        let isDone = backwards ? f <= 0 : f >= 1
        fractions[r] = f
        done[r] = isDone
        rates[r] = time >= startTimes[r] && !isDone ? (backwards ? -pace : pace) : 0
    }
}
