// Motion along a path: a point property's additive tracks that follow a Bézier path at paced speed, and an angle that turns with its tangent.

extension AnimatedProperty where Value == Point {
    /// Inside an animation block, moves the property along `path` at paced speed (Core
    /// Animation's keyframe `path` with `calculationMode` `.paced`, CSS `offset-path`), and
    /// turns `orientation` with the path's tangent (Core Animation's `rotationMode` `.rotateAuto`).
    ///
    /// The model takes the path's end at once, as any change in a block does; the presentation
    /// goes along the path with its *arc length* proportional to the block's progress: the
    /// animator's curve or spring, its scrubbing, reversing and continuing all apply, and
    /// other animations on the property add to it. A spring's overshoot goes on straight along
    /// the end tangent and comes back; on a closed path (one that ends where it starts) it goes
    /// round the path again, and `orientation` keeps turning with it. If the property is not at the path's start, the path is
    /// joined to it by a straight line first, so nothing jumps. The accuracy of the pacing is
    /// that of ``BezierPath/length`` (the arc length at any progress to about 1e-12 of the
    /// path for smooth segments).
    ///
    /// `orientation` (an angle in radians) starts from its current value and reaches the
    /// tangent's direction at the end: it shows `θ(P) + (r₀ − θ(0))·(1 − P)` at progress P,
    /// where θ is the tangent angle (continuous along the path, see
    /// ``BezierPath/tangentAngle(atProgress:)``) shifted by whole turns to be within half a
    /// turn of r₀, its value now. Set it to `path.tangentAngle(atProgress: 0)` before for a
    /// shape that points along the path all the way.
    ///
    /// Outside an animation block the property (and `orientation`) are set to their end values
    /// at once, and a diagnostic is reported. A path with no segment changes nothing. The path's
    /// first contour is followed (arcs as cubic segments, see ``BezierPath``).
    ///
    /// Limits: a spring's initial velocity (``SpringTimingParameters/initialVelocity``) is not
    /// carried along a path (the progress starts from rest); the velocity is continuous except
    /// at a corner between two segments, where the direction of motion turns at once.
    public func move(along path: BezierPath, orientation: AnimatedProperty<Double>? = nil) {
        let contour = path.firstContour()
        guard !contour.segments.isEmpty else { return }
        var full = BezierPath(start: modelValue)
        if contour.start != modelValue { full.addLine(to: contour.start) }
        for e in contour.segments {
            switch e {
            case .line(let to): full.addLine(to: to)
            case .quadCurve(let to, let c): full.addQuadCurve(to: to, controlPoint: c)
            case .curve(let to, let c1, let c2): full.addCurve(to: to, controlPoint1: c1, controlPoint2: c2)
            case .move, .arc, .close: break     // `firstContour()` gives lines and curves only
            }
        }
        // A closed contour is a loop: a spring's overshoot goes round it again.
        let paced = PacedPath(full, loopSegment: contour.start != modelValue ? 1 : 0)
        guard let transaction = engine.currentTransaction else {
            engine.report(.illegalStateTransition, "move(along:) outside an animation block: moved to the path's end without animation")
            set(full.end)
            if let orientation { orientation.set(paced.angle(atProgress: 1).value) }
            return
        }
        let parent = transaction.segment(changing: self.label)
        let animator = transaction.animator
        if motionRole == .geometry, animator.timing.run.landsGeometry {
            // Reduced motion: nothing travels along the path; the point lands at its end, and
            // the heading at the tangent's there, when the block's stretch begins.
            let landing = animator.tracks.landingTwin(of: parent)
            let delta = modelValue - full.end
            followPath(to: full.end, animator: animator, count: 1) { _ in delta == .zero ? nil : (landing, delta) }
            if let orientation {
                let r0 = orientation.modelValue
                let end = paced.angle(atProgress: 1).value + Self.wholeTurns(from: paced.angle(atProgress: 0).value, to: r0)
                orientation.followPath(to: end, animator: animator, count: 1) { _ in r0 == end ? nil : (landing, r0 - end) }
            }
            return
        }
        // Its weight in the progress a paused run reads: the path's length squared (a straight
        // path weighs as its values would), rounded to a power of two so that a run with
        // nothing else reads the progress exactly.
        let weights = KeyframePath(weights: paced.remaining, progressWeight: Self.powerOfTwo(near: paced.length * paced.length))
        let controls = paced.controls
        followPath(to: full.end, animator: animator, count: controls.count - 1) { k in
            let delta = controls[k - 1] - controls[k]
            guard delta != .zero else { return nil }
            return (AnimationSegment(animator: animator, start: 0, end: 1, kind: .path(parent: parent, path: weights, index: k)), delta)
        }
        // unowned(unsafe): the entry holds the property strongly beside the closure and both go
        // together (detach, the run's end), so the closure never outlives what it reads.
        animator.tracks.notePacedPath(self) { [unowned(unsafe) self] animator in self.pacedProgressMoments(of: animator) }
        if let orientation {
            let r0 = orientation.modelValue
            let shift = Self.wholeTurns(from: paced.angle(atProgress: 0).value, to: r0)
            let start = paced.angle(atProgress: 0).value + shift, end = paced.angle(atProgress: 1).value + shift
            // r₀ − end over a linear ramp in P, and the tangent's own turn as a bump that is 0 at both ends.
            // Both follow the point's progress and add nothing to the reading (weight 0).
            let ramp = KeyframePath(weights: { _, p in (1 - p, -1) }, progressWeight: 0)
            let bump = KeyframePath(weights: { _, p in
                let a = paced.angle(atProgress: p)
                return (a.value + shift - end - (start - end) * (1 - p), a.slope + (start - end))
            }, progressWeight: 0)
            orientation.followPath(to: end, animator: animator, count: 2) { k in
                switch k {
                case 1:
                    return r0 == end ? nil
                        : (AnimationSegment(animator: animator, start: 0, end: 1, kind: .path(parent: parent, path: ramp, index: 1)), r0 - end)
                default:
                    return (AnimationSegment(animator: animator, start: 0, end: 1, kind: .path(parent: parent, path: bump, index: 1)), 1.0)
                }
            }
            animator.tracks.notePacedPath(orientation) { [unowned(unsafe) orientation] animator in
                orientation.pacedProgressMoments(of: animator)
            }
        }
    }
}

extension AnimatedProperty {
    /// The whole turns (a multiple of 2π) that bring `angle` within half a turn of `reference`.
    static func wholeTurns(from angle: Double, to reference: Double) -> Double {
        let twoPi = 6.283185307179586
        return twoPi * ((reference - angle) / twoPi).rounded()
    }

    /// The largest power of two at or below `v` (0 for 0, negative or not finite numbers).
    static func powerOfTwo(near v: Double) -> Double {
        guard v.isFinite, v > 0 else { return 0 }
        return Double(sign: .plus, exponent: v.exponent, significand: 1)
    }

    /// Where `animator`'s tracks show the property, for the progress a paused run reads (see
    /// `AnimatedPropertyTracks.progressMoments(of:)`), when some of them move it along a
    /// paced path: each such path counts as its parent's progress P, with its weight w
    /// (`⟨a, b⟩ = P·w`, `|b|² = w`), so a run that moves only along paths reads exactly the
    /// progress a linear scrub shows there; the property's other tracks count by their values.
    func pacedProgressMoments(of animator: PropertyAnimator) -> (along: Double, span: Double) {
        var now = Value.zero, start = Value.zero, end = Value.zero
        var along = 0.0, span = 0.0
        var counted: [KeyframePath] = []
        for track in tracks where track.segment.owner === animator {
            if case .path(let parent, let path, _) = track.segment.kind, let weight = path.progressWeight {
                guard !counted.contains(where: { $0 === path }) else { continue }
                counted.append(path)
                along += (1 - parent.coefficients().released) * weight
                span += weight
                continue
            }
            now += track.offset().value
            start += track.offset(atEnd: false)
            end += track.offset(atEnd: true)
        }
        let a = now - start, b = end - start
        along += ((a + b).magnitudeSquared - (a - b).magnitudeSquared) / 4
        span += b.magnitudeSquared
        return along.isFinite && span.isFinite ? (along, span) : (0, 0)
    }

    /// Sets the model to `end` inside `animator`'s block and adds the tracks `track(k)` gives
    /// for k in 1...count (nil: none for that k): the tracks of a path, whose offsets sum to
    /// the path's shape minus its end.
    func followPath(to end: Value, animator: PropertyAnimator,
                    count: Int, _ track: (Int) -> (AnimationSegment, Value)?) {
        for t in tracks {
            if let a = t.segment.animator, a !== animator { a.noteRetargeted() }
        }
        setModelValue(end)
        for k in stride(from: 1, through: count, by: 1) {
            guard let (segment, delta) = track(k) else { continue }
            appendTrack(on: segment, delta: delta, initialVelocity: .zero)
        }
        animator.attach(self)
    }
}
