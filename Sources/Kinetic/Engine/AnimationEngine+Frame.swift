// The engine's frame pass: animators are called only when something happens to them, and every
// segment whose timing is plain is evaluated into its slot in one loop over packed lanes.

extension AnimationEngine {
    // MARK: Reads

    /// The coefficients of the segment in `slot` now: an index into the lanes when the frame
    /// pass (or an earlier read at this revision) filled them, else computed by the segment.
    @inlinable @inline(__always)
    func coefficients(slot: Int) -> SpringBasis {
        if slots.rows[slot].stamp == revision { return slots.rows[slot].basis }
        return refreshCoefficients(slot: slot)
    }

    /// Computes and stores the coefficients of `slot` at the current revision.
    @usableFromInline @inline(never)
    func refreshCoefficients(slot: Int) -> SpringBasis {
        guard let segment = slots.rows[slot].segment else { return AnimationSegment.zero }
        let c = segment._withUnsafeGuaranteedRef { $0.computeCoefficients() }
        slots.store(c, at: slot, revision: revision)
        return c
    }

    // MARK: Records

    /// Copies `animator`'s clock into its record (if it has one) and evaluates it at ``time``.
    func syncRecord(of animator: PropertyAnimator) {
        let r = animator.engineRecord
        guard r >= 0 else { return }
        records.update(r, from: animator.clock, phase: animator.phase,
                       observed: animator.observers.fraction.count > 0, at: time)
    }

    /// An observer was added to `animator`'s fraction: the pass must call it every tick. If the
    /// pass already skipped it in this tick and has not reached it in the animators' order, what
    /// it heard last is what it heard before this tick (as if the pass had not got to it).
    func fractionObserversChanged(of animator: PropertyAnimator) {
        let r = animator.engineRecord
        guard r >= 0 else { return }
        records.rows[r].observed = animator.observers.fraction.count > 0
        if tickInProgress {
            if animator !== advancing { mutatedDuringTick = true }
            if records.rows[r].skippedAt == tickCount,
               records.rows[r].sequence > (advancing?.registrationSequence ?? 0) || advancing == nil {
                records.rows[r].lastReported = records.rows[r].previousReported
            }
        }
    }

    // MARK: The pass

    /// Calls ``PropertyAnimator/advance(to:)`` on every running animator that would do
    /// something in it (complete, pause on completion, tell fraction observers, or run a clock
    /// the records do not model), in the engine's order of animators, exactly as calling every
    /// active animator would; the others only have their last reported fraction updated.
    func advanceAnimators(to time: Double) {
        guard !animators.isEmpty else { return }
        candidateRecords.removeAll(keepingCapacity: true)
        records.collectCandidates(at: time, tick: tickCount, into: &candidateRecords)
        guard !candidateRecords.isEmpty else { return }
        // Completion handlers may start, stop or create animators: the order and the set are
        // those of the list when the tick began.
        let snapshot = animators
        tickInProgress = true
        mutatedDuringTick = false
        defer {
            tickInProgress = false
            advancing = nil
        }
        if candidateRecords.count > 64 {
            callEveryAnimator(in: snapshot, from: 0, to: time)
            return
        }
        // Records were taken in the order the animators registered, which is the list's order.
        records.sortByRegistration(&candidateRecords)
        callList.removeAll(keepingCapacity: true)
        for r in candidateRecords {
            if let animator = records.rows[Int(r)].animator { callList.append(animator.takeUnretainedValue()) }
        }
        defer { callList.removeAll(keepingCapacity: true) }
        for animator in callList {
            if animator.state == .active {
                advancing = animator
                animator.advance(to: time)
            }
            if mutatedDuringTick {
                // Something changed another animator's clock: from here on, call every animator
                // that comes after this one.
                let i = snapshot.firstIndex(where: { $0 === animator }) ?? snapshot.count - 1
                callEveryAnimator(in: snapshot, from: i + 1, to: time)
                return
            }
        }
    }

    /// The loop over the animators the engine had when the tick began, from index `start`: each
    /// one still active is advanced.
    private func callEveryAnimator(in snapshot: [PropertyAnimator], from start: Int, to time: Double) {
        var i = start
        while i < snapshot.count {
            let animator = snapshot[i]
            if animator.state == .active {
                advancing = animator
                animator.advance(to: time)
            }
            i += 1
        }
    }

    /// Fills every slot whose timing its row describes (see ``SegmentSlotTable/evaluate(at:revision:records:)``).
    func evaluateSlots() { slots.evaluate(at: time, revision: revision, records: records) }
}
