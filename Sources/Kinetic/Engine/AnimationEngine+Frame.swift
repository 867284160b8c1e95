// The engine's frame pass: animators are called only when something happens to them, and every
// segment whose timing is plain is evaluated into its slot in one loop over packed lanes.

extension AnimationEngine {
    // MARK: Reads

    /// The coefficients of the segment in `slot` now: an index into the lanes when the frame
    /// pass (or an earlier read at this revision) filled them, else computed by the segment.
    @inlinable @inline(__always)
    func coefficients(slot: Int) -> SpringBasis {
        if slots.stamps[slot] == revision {
            return SpringBasis(released: slots.released[slot], releasedVelocity: slots.releasedVelocity[slot],
                               kicked: slots.kicked[slot], kickedVelocity: slots.kickedVelocity[slot])
        }
        return refreshCoefficients(slot: slot)
    }

    /// Computes and stores the coefficients of `slot` at the current revision.
    @usableFromInline @inline(never)
    func refreshCoefficients(slot: Int) -> SpringBasis {
        guard let segment = slots.segments[slot] else { return AnimationSegment.zero }
        let c = segment._withUnsafeGuaranteedRef { $0.computeCoefficients() }
        slots.store(c, at: slot, revision: revision)
        return c
    }

    // MARK: Records

    /// Copies `animator`'s clock into its record (if it has one) and evaluates it at ``time``.
    func syncRecord(of animator: PropertyAnimator) {
        let r = animator.engineRecord
        guard r >= 0 else { return }
        let mode: RecordMode
        switch animator.phase {
        case .running:
            mode = animator.rate.isFinite && !animator.autoreversesValue && animator.legCount == 1 ? .plain : .general
        case .paused:
            mode = .paused
        default:
            mode = .general
        }
        records.modes[r] = mode
        records.anchorFractions[r] = animator.anchorFraction
        records.bases[r] = Swift.max(animator.anchorTime, animator.startTime)
        records.startTimes[r] = animator.startTime
        records.paces[r] = animator.rate * animator.speedValue
        records.reversed[r] = animator.reversed
        records.observed[r] = animator.fractionObservers.count > 0
        switch mode {
        case .plain:
            records.evaluatePlain(r, at: time)
        case .paused:
            records.fractions[r] = animator.anchorFraction
            records.rates[r] = 0
            records.done[r] = false
        case .general, .free:
            break
        }
    }

    /// An observer was added to `animator`'s fraction: the pass must call it every tick. If the
    /// pass already skipped it in this tick and has not reached it in the animators' order, what
    /// it heard last is what it heard before this tick (as if the pass had not got to it).
    func fractionObserversChanged(of animator: PropertyAnimator) {
        let r = animator.engineRecord
        guard r >= 0 else { return }
        records.observed[r] = animator.fractionObservers.count > 0
        if tickInProgress {
            if animator !== advancing { mutatedDuringTick = true }
            if records.skippedAt[r] == tickCount,
               records.sequence[r] > (advancing?.registrationSequence ?? 0) || advancing == nil {
                records.lastReported[r] = records.previousReported[r]
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
        let tick = tickCount
        for r in 0..<records.count {
            switch records.modes[r] {
            case .plain:
                records.evaluatePlain(r, at: time)
                if records.done[r] || records.observed[r] {
                    candidateRecords.append(Int32(r))
                } else {
                    // What advance's reportFraction would record, with nobody to hear it.
                    records.previousReported[r] = records.lastReported[r]
                    records.lastReported[r] = records.fractions[r]
                    records.skippedAt[r] = tick
                }
            case .general:
                candidateRecords.append(Int32(r))
            case .paused, .free:
                break
            }
        }
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
        sortCandidates()
        callList.removeAll(keepingCapacity: true)
        for r in candidateRecords {
            if let animator = records.animators[Int(r)] { callList.append(animator.takeUnretainedValue()) }
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

    /// Insertion sort of the (few) candidates by registration order.
    private func sortCandidates() {
        var i = 1
        while i < candidateRecords.count {
            let r = candidateRecords[i]
            let key = records.sequence[Int(r)]
            var j = i - 1
            while j >= 0 && records.sequence[Int(candidateRecords[j])] > key {
                candidateRecords[j + 1] = candidateRecords[j]
                j -= 1
            }
            candidateRecords[j + 1] = r
            i += 1
        }
    }

    /// The engine's original loop over the animators it had when the tick began, from index
    /// `start`: each one still active is advanced.
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

    /// Fills every slot whose timing the lanes describe at the current revision: timed stretches
    /// of animators running on a plain timeline or paused, and physics springs and decays. The
    /// others are filled by their segment when read.
    func evaluateSlots() {
        let count = slots.count
        guard count > 0 else { return }
        let revision = self.revision
        let now = time
        let table = slots
        let records = self.records
        let curves = table.curves
        table.springs.withUnsafeBufferPointer { springBuffer in
        table.decays.withUnsafeBufferPointer { decayBuffer in
            let springs = springBuffer.baseAddress.unsafelyUnwrapped
            let decays = decayBuffer.baseAddress.unsafelyUnwrapped
            for s in 0..<count where table.stamps[s] != revision {
                let c: SpringBasis
                switch table.kinds[s] {
                case .timedCubic, .timedSpring:
                    let r = Int(table.records[s])
                    guard r >= 0, records.generations[r] == table.generations[s] else { continue }
                    let mode = records.modes[r]
                    guard mode == .plain || mode == .paused else { continue }
                    let start = table.starts[s], end = table.ends[s]
                    if start == end { c = AnimationSegment.rest; break }
                    let (u, slope) = AnimationSegment.directed(records.fractions[r], start: start, end: end,
                                                               backwards: table.backwards[s])
                    if u >= 1 { c = AnimationSegment.zero; break }
                    let du = slope * records.rates[r]
                    if table.kinds[s] == .timedCubic {
                        c = curves[s].unsafelyUnwrapped._withUnsafeGuaranteedRef {
                            AnimationSegment.cubicCoefficients($0.curve, u: u, du: du)
                        }
                    } else {
                        c = AnimationSegment.springCoefficients(springs[s], seconds: table.seconds[s], u: u, du: du)
                    }
                case .physicsSpring:
                    c = springs[s].basis(at: now - table.starts[s])
                case .physicsDecay:
                    c = AnimationSegment.decayCoefficients(decays[s], at: now - table.starts[s])
                case .general, .free:
                    continue
                }
                table.store(c, at: s, revision: revision)
            }
        }}
    }
}
