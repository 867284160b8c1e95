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
    /// the animator itself (its `advance(to:)`), and its segments evaluate through it.
    case general
}

/// Struct-of-arrays records of the animators an engine keeps (active or stopped), one per
/// animator, each a copy of the inputs of its clock (see ``PropertyAnimator/currentPosition()``),
/// refreshed whenever one of them changes (every input reports to
/// ``AnimationEngine/timelineChanged(_:)``), and the clock's outputs at the engine's time.
struct AnimatorTimingTable {
    // Raw lanes (no uniqueness or bounds checks in the frame pass), reallocated when they grow.
    var modes: UnsafeMutablePointer<RecordMode> = .allocate(capacity: 0)
    var animators: UnsafeMutablePointer<Unmanaged<PropertyAnimator>?> = .allocate(capacity: 0)
    /// Bumped when a record is freed, so slots made for an earlier animator no longer match.
    var generations: UnsafeMutablePointer<UInt32> = .allocate(capacity: 0)
    /// The order the engine's `animators` list has (registration order).
    var sequence: UnsafeMutablePointer<UInt64> = .allocate(capacity: 0)

    // Inputs (plain and paused records).
    var anchorFractions: UnsafeMutablePointer<Double> = .allocate(capacity: 0)
    /// `max(anchorTime, startTime)`: where the clock starts moving.
    var bases: UnsafeMutablePointer<Double> = .allocate(capacity: 0)
    var startTimes: UnsafeMutablePointer<Double> = .allocate(capacity: 0)
    /// `rate × speed`, fraction per second.
    var paces: UnsafeMutablePointer<Double> = .allocate(capacity: 0)
    var reversed: UnsafeMutablePointer<Bool> = .allocate(capacity: 0)
    /// Whether fraction observers must hear every tick.
    var observed: UnsafeMutablePointer<Bool> = .allocate(capacity: 0)

    // Outputs at the engine's time.
    var fractions: UnsafeMutablePointer<Double> = .allocate(capacity: 0)
    var rates: UnsafeMutablePointer<Double> = .allocate(capacity: 0)
    var done: UnsafeMutablePointer<Bool> = .allocate(capacity: 0)

    /// ``PropertyAnimator/lastReportedFraction`` while the animator is registered (the pass
    /// updates it for the animators it does not call); `previousReported` is its value before
    /// the current tick.
    var lastReported: UnsafeMutablePointer<Double> = .allocate(capacity: 0)
    var previousReported: UnsafeMutablePointer<Double> = .allocate(capacity: 0)
    /// The engine's tick count when the pass last updated `lastReported` for the record.
    var skippedAt: UnsafeMutablePointer<UInt64> = .allocate(capacity: 0)

    private(set) var count = 0
    private var capacity = 0
    private var freeRecords: [Int32] = []
    private var nextSequence: UInt64 = 0

    /// Takes a record for `animator`.
    mutating func allocate(for animator: PropertyAnimator) -> Int {
        let r: Int
        if let reused = freeRecords.popLast() {
            r = Int(reused)
        } else {
            if count == capacity { grow() }
            r = count
            count += 1
            generations[r] = 0
            lastReported[r] = 0
            previousReported[r] = 0
        }
        modes[r] = .general
        animators[r] = Unmanaged.passUnretained(animator)
        sequence[r] = nextSequence
        nextSequence &+= 1
        anchorFractions[r] = 0
        bases[r] = 0
        startTimes[r] = 0
        paces[r] = 0
        reversed[r] = false
        observed[r] = false
        fractions[r] = 0
        rates[r] = 0
        done[r] = false
        skippedAt[r] = .max
        return r
    }

    mutating func release(_ r: Int) {
        modes[r] = .free
        animators[r] = nil
        generations[r] &+= 1
        freeRecords.append(Int32(r))
    }

    private mutating func grow() {
        let newCapacity = Swift.max(16, capacity * 2)
        func moved<T>(_ old: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<T> {
            let new = UnsafeMutablePointer<T>.allocate(capacity: newCapacity)
            new.moveInitialize(from: old, count: count)
            old.deallocate()
            return new
        }
        modes = moved(modes)
        animators = moved(animators)
        generations = moved(generations)
        sequence = moved(sequence)
        anchorFractions = moved(anchorFractions)
        bases = moved(bases)
        startTimes = moved(startTimes)
        paces = moved(paces)
        reversed = moved(reversed)
        observed = moved(observed)
        fractions = moved(fractions)
        rates = moved(rates)
        done = moved(done)
        lastReported = moved(lastReported)
        previousReported = moved(previousReported)
        skippedAt = moved(skippedAt)
        capacity = newCapacity
    }

    /// Frees the lanes (the engine's deinit).
    func deallocate() {
        modes.deallocate()
        animators.deallocate()
        generations.deallocate()
        sequence.deallocate()
        anchorFractions.deallocate()
        bases.deallocate()
        startTimes.deallocate()
        paces.deallocate()
        reversed.deallocate()
        observed.deallocate()
        fractions.deallocate()
        rates.deallocate()
        done.deallocate()
        lastReported.deallocate()
        previousReported.deallocate()
        skippedAt.deallocate()
    }

    /// The clock of a plain record at `time`: exactly ``PropertyAnimator/currentPosition()`` and
    /// ``PropertyAnimator/timeline()`` for a running animator with a finite rate and one leg.
    @inline(__always)
    func evaluatePlain(_ r: Int, at time: Double) {
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
