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

/// One registered animator's row in ``AnimatorTimingTable``: a copy of the inputs of its clock
/// that the frame pass needs, and the clock's outputs at the engine's time. A new field is one
/// line here, with its default.
struct AnimatorRecord {
    var mode = RecordMode.general
    /// Inputs: whether the clock runs backwards.
    var reversed = false
    /// Whether fraction observers must hear every tick.
    var observed = false
    /// Outputs: whether the run is over in its direction.
    var done = false
    /// Bumped when the record is freed, so slots made for an earlier animator no longer match.
    var generation: UInt32 = 0
    /// Inputs (plain and paused records): the time fraction at the anchor; `max(anchorTime,
    /// startTime)`, where the clock starts moving; the start time; `rate × speed`, fraction per
    /// second.
    var anchorFraction = 0.0, base = 0.0, startTime = 0.0, pace = 0.0
    /// Outputs at the engine's time: the time fraction and its signed rate.
    var fraction = 0.0, rate = 0.0
    /// ``PropertyAnimator/lastReportedFraction`` while the animator is registered (the pass
    /// updates it for the animators it does not call); `previousReported` is its value before
    /// the current tick.
    var lastReported = 0.0, previousReported = 0.0
    /// The engine's tick count when the pass last updated `lastReported` for the record.
    var skippedAt = UInt64.max
    /// The order the engine's `animators` list has (registration order).
    var sequence: UInt64 = 0
    var animator: Unmanaged<PropertyAnimator>?

    /// The clock of a plain record at `time`: exactly ``PropertyAnimator/currentPosition()`` and
    /// ``PropertyAnimator/timeline()`` for a running animator with a finite rate and one leg.
    @inline(__always)
    mutating func evaluatePlain(at time: Double) {
        let elapsed = Swift.max(0, time - base)
        let position = AnimatorClock.advanced(from: anchorFraction, by: pace * elapsed, reversed: reversed)
        fraction = position.fraction
        done = position.done
        rate = time >= startTime && !done ? (reversed ? -pace : pace) : 0
    }
}

/// The records of the animators an engine keeps (active or stopped), one per animator, each a
/// copy of the inputs of its clock (see ``PropertyAnimator/currentPosition()``), refreshed
/// whenever the clock changes (it reports to ``AnimationEngine/timelineChanged(_:)``), and the
/// clock's outputs at the engine's time.
struct AnimatorTimingTable {
    private var storage = PackedRows<AnimatorRecord>(initialCapacity: 16)
    private var nextSequence: UInt64 = 0

    /// Records handed out so far (in use or free): the pass runs over `0..<count`.
    var count: Int { storage.count }

    /// The rows, read and written in place: `rows[r]` is record `r`.
    var rows: UnsafeMutablePointer<AnimatorRecord> { storage.rows }

    /// Takes a record for `animator`, whose fraction observers last heard `lastReported`.
    mutating func allocate(for animator: PropertyAnimator, lastReported: Double) -> Int {
        let row = AnimatorRecord(lastReported: lastReported, sequence: nextSequence,
                                 animator: Unmanaged.passUnretained(animator))
        nextSequence &+= 1
        return storage.allocate(row) { old, new in new.generation = old.generation }
    }

    mutating func release(_ r: Int) {
        rows[r].mode = .free
        rows[r].animator = nil
        rows[r].generation &+= 1
        storage.release(r)
    }

    /// Copies an animator's clock, in `phase`, into record `r` and evaluates it at `time`.
    func update(_ r: Int, from clock: AnimatorClock, phase: AnimatorPhase, observed: Bool, at time: Double) {
        let mode: RecordMode
        switch phase {
        case .running:
            mode = clock.rate.isFinite && !clock.autoreverses && clock.legCount == 1 ? .plain : .general
        case .paused:
            mode = .paused
        default:
            mode = .general
        }
        rows[r].mode = mode
        rows[r].anchorFraction = clock.anchorFraction
        rows[r].base = Swift.max(clock.anchorTime, clock.startTime)
        rows[r].startTime = clock.startTime
        rows[r].pace = clock.rate * clock.speed
        rows[r].reversed = clock.reversed
        rows[r].observed = observed
        switch mode {
        case .plain:
            rows[r].evaluatePlain(at: time)
        case .paused:
            rows[r].fraction = clock.anchorFraction
            rows[r].rate = 0
            rows[r].done = false
        case .general, .free:
            break
        }
    }

    /// Evaluates every plain record at `time` (tick `tick`) and appends to `candidates` the
    /// records whose animator the pass must call: plain ones that are done or observed, and
    /// every general one. For the other plain ones it records what the animator's
    /// `reportFraction` would, with nobody to hear it.
    func collectCandidates(at time: Double, tick: UInt64, into candidates: inout [Int32]) {
        let rows = self.rows
        for r in 0..<count {
            switch rows[r].mode {
            case .plain:
                rows[r].evaluatePlain(at: time)
                if rows[r].done || rows[r].observed {
                    candidates.append(Int32(r))
                } else {
                    rows[r].previousReported = rows[r].lastReported
                    rows[r].lastReported = rows[r].fraction
                    rows[r].skippedAt = tick
                }
            case .general:
                candidates.append(Int32(r))
            case .paused, .free:
                break
            }
        }
    }

    /// Insertion sort of the (few) `candidates` by registration order.
    func sortByRegistration(_ candidates: inout [Int32]) {
        var i = 1
        while i < candidates.count {
            let r = candidates[i]
            let key = rows[Int(r)].sequence
            var j = i - 1
            while j >= 0 && rows[Int(candidates[j])].sequence > key {
                candidates[j + 1] = candidates[j]
                j -= 1
            }
            candidates[j + 1] = r
            i += 1
        }
    }

    /// Frees the rows (the engine's deinit).
    func deallocate() { storage.deallocate() }
}
