/// An animatable property: a model value and the additive animations running on it.
///
/// Setting ``value`` changes the model value (where the property is going) at once, as setting a
/// view's `center` does in UIKit. Inside an animation block the change is also animated: it adds
/// a track whose offset decays to zero, and ``presentationValue`` is the model plus every
/// track's offset, in closed form at the engine's time (Core Animation's additive animation).
///
/// ```swift
/// let center = AnimatedProperty(Point(x: 0, y: 0), engine: engine)
/// PropertyAnimator(duration: 0.3, curve: .easeOut, engine: engine) {
///     center.value = Point(x: 200, y: 0)
/// }.startAnimation()
/// ```
///
/// How tracks add, what a change outside an animation does and what bad input becomes are in
/// <doc:AnimatedValuesInDepth>.
public final class AnimatedProperty<Value: AnimatableValue> {
    /// The engine whose clock and transactions this property follows.
    public let engine: AnimationEngine
    /// The model value.
    @inlinable public var modelValue: Value { @inline(__always) get { model } }
    /// The storage of ``modelValue``, read and written every frame without a dynamic
    /// exclusivity check (a plain value, never passed `inout` across a call).
    @usableFromInline @exclusivity(unchecked) var model: Value
    @usableFromInline @exclusivity(unchecked) var tracks = PropertyTrackList<Value>()
    /// What ``label`` is made of (see ``setLabel(_:owner:)``): constants and a pointer, so
    /// labelling costs no allocation; only reading ``label`` builds a string. Never read by
    /// the frame's work.
    unowned(unsafe) var labelOwner: (any AnimatedPropertyOwner)?
    var labelName: StaticString = ""
    /// See `AnimatedPropertyTracks.runMembership`. Read and written once or twice per animated
    /// change, as a plain value never passed `inout` across a call: no dynamic exclusivity check.
    @exclusivity(unchecked) var runMembership = RunMembership()
    /// What the property's changes show, which decides whether they travel under
    /// ``MotionPolicy/reduced`` (see <doc:ReducedMotion>): the value type's
    /// ``AnimatableValue/defaultMotionRole`` unless set. Read when a change is made.
    public var motionRole: MotionRole = Value.defaultMotionRole

    /// Creates a property at rest at `value`.
    //
    // Specialized entry points: a native build runs a generic class's methods unspecialized
    // for a client's type, each use of `PropertyTrack<Value>` looking up its metadata at run
    // time. The hot entry points (this one, `set`, the presentation reads, committing tracks)
    // dispatch to code specialized for the scene's value types before touching anything
    // generic, which is why each one's body
    // sits in a separate function: the generic prologue of a function with generic locals
    // would look up their metadata before the dispatch. Embedded builds specialize anyway.
    @_specialize(where Value == Double)
    @_specialize(where Value == Point)
    @_specialize(where Value == Rect)
    @_specialize(where Value == AffineTransform)
    @_specialize(where Value == Color)
    public init(_ value: Value, engine: AnimationEngine) {
        self.engine = engine
        self.model = value.isFinite ? value : .zero
        if !value.isFinite {
            engine.report(.invalidArgument, "an animated property was created with a value that is \(Self.rejectionReason(value)); it starts at zero")
        }
    }

    /// Why a value was rejected, for a diagnostic ("… is \(reason)").
    static func rejectionReason(_ value: Value) -> String {
        value.hasFiniteComponents
            ? "finite but too large to animate (magnitude above about 1.3e154)"
            : "not finite (NaN or infinite)"
    }

    /// The model value; setting it inside an animation block animates the change.
    public var value: Value {
        get { modelValue }
        set { set(newValue) }
    }

    /// The value on screen now: the model plus every running track's offset.
    ///
    /// Each track's coefficients are an index into the engine's packed slot table, filled by
    /// the frame pass (see ``AnimationEngine/tick(at:)``).
    @inlinable
    public var presentationValue: Value {
        @inline(__always) get {
            // The common read: one track whose coefficients the frame pass already filled. Its
            // fields are read in place (no copy of the track, no retain of anything) and nothing
            // is called, so a caller's loop over properties needs no retain either.
            guard let slot = tracks.head?.slot else { return modelValue }
            if tracks.tail.isEmpty, engine.slots.rows[slot].stamp == engine.revision {
                let c = engine.slots.rows[slot].basis
                return modelValue + (tracks.head!.delta * c.released + tracks.head!.initialVelocity * c.kicked)
            }
            return computedPresentation().value
        }
    }

    /// The rate of change of ``presentationValue``, per second.
    @inlinable
    public var velocity: Value {
        @inline(__always) get {
            // The same fast path as `presentationValue` (and the same sum as the general loop:
            // `zero + offset` is the offset, bit for bit).
            guard let slot = tracks.head?.slot else { return .zero }
            if tracks.tail.isEmpty, engine.slots.rows[slot].stamp == engine.revision {
                let c = engine.slots.rows[slot].basis
                return Value.zero + (tracks.head!.delta * c.releasedVelocity + tracks.head!.initialVelocity * c.kickedVelocity)
            }
            return computedPresentation().velocity
        }
    }

    /// Presentation value and velocity together.
    @inlinable
    public var presentation: (value: Value, velocity: Value) {
        @inline(__always) get {
            // The common read of `presentationValue`: one track, coefficients filled this frame.
            guard let slot = tracks.head?.slot else { return (modelValue, .zero) }
            if tracks.tail.isEmpty, engine.slots.rows[slot].stamp == engine.revision {
                let delta = tracks.head!.delta, v0 = tracks.head!.initialVelocity, c = engine.slots.rows[slot].basis
                return (modelValue + (delta * c.released + v0 * c.kicked),
                        Value.zero + (delta * c.releasedVelocity + v0 * c.kickedVelocity))
            }
            return computedPresentation()
        }
    }

    /// Presentation value and velocity summed over every track, coefficients filled if stale.
    @_specialize(where Value == Double)
    @_specialize(where Value == Point)
    @_specialize(where Value == Rect)
    @_specialize(where Value == AffineTransform)
    @_specialize(where Value == Color)
    @usableFromInline @inline(never)
    func computedPresentation() -> (value: Value, velocity: Value) { computedPresentationBody() }

    @inline(never)
    func computedPresentationBody() -> (value: Value, velocity: Value) {
        var value = modelValue, velocity = Value.zero
        let engine = self.engine
        for track in tracks {
            let o = track.offset(in: engine)
            value += o.value
            velocity += o.velocity
        }
        return (value, velocity)
    }

    /// Whether any animation is running on the property.
    public var isAnimating: Bool { !tracks.isEmpty }

    /// Whether an animator for which `predicate` is true has an animation running on the
    /// property (physics animations have no animator and never match). The scene layer asks
    /// this to honour an animator's `isManualHitTestingEnabled` and `isUserInteractionEnabled`
    /// for the nodes it animates. Allocates nothing.
    public func hasAnimator(where predicate: (PropertyAnimator) -> Bool) -> Bool {
        for track in tracks {
            if let animator = track.segment.animator, predicate(animator) { return true }
        }
        return false
    }

    /// Sets the model value; animated when an animation transaction is open.
    @_specialize(where Value == Double)
    @_specialize(where Value == Point)
    @_specialize(where Value == Rect)
    @_specialize(where Value == AffineTransform)
    @_specialize(where Value == Color)
    public func set(_ newValue: Value) { assign(newValue) }

    /// The body of ``set(_:)`` (apart for the specializations; see `init(_:engine:)`).
    @inline(never)
    func assign(_ newValue: Value) {
        guard newValue.isFinite else {
            engine.report(.invalidArgument, "a value that is \(Self.rejectionReason(newValue)) was assigned to an animated property; it keeps its value")
            return
        }
        let old = modelValue
        model = newValue
        let transaction = engine.currentTransaction
        // Animators already moving this property are retargeted by the change.
        for track in tracks {
            if let animator = track.segment.animator, animator !== transaction?.animator {
                animator.noteRetargeted()
            }
        }
        guard let transaction else { return }
        let delta = old - newValue
        if delta == .zero { return }
        let segment = transaction.segment(changing: self.label).resolved(for: Value.self, role: motionRole)
        let velocity = segment.initialVelocity(for: delta)
        // Changes in one block share its segment: their offsets add up exactly, so they are one
        // track (twenty half-turns in one block are one track of ten turns).
        if let last = tracks.indices.last, tracks[last].segment === segment {
            tracks[last].delta += delta
            tracks[last].initialVelocity += velocity
        } else {
            tracks.append(PropertyTrack(segment: segment, delta: delta, initialVelocity: velocity))
        }
        transaction.animator.attach(self)
    }

    /// Sets the model value without animation, even inside an animation block.
    public func setWithoutAnimation(_ newValue: Value) {
        engine.performWithoutAnimation { set(newValue) }
    }

    /// Adds a track driven by `segment` (physics animations add theirs here).
    func appendTrack(on segment: AnimationSegment, delta: Value, initialVelocity: Value) {
        tracks.append(PropertyTrack(segment: segment, delta: delta, initialVelocity: initialVelocity))
    }

    /// Removes the tracks `owner` added; the model stays.
    func removeTracks(ownedBy owner: AnyObject) {
        tracks.removeAll { $0.segment.owner === owner }
    }

    /// Removes the tracks `owner` added with their offset now folded into the model, so that
    /// nothing moves (a physics animation stopping where it is).
    func foldTracks(ownedBy owner: AnyObject) {
        var offset = Value.zero
        for track in tracks where track.segment.owner === owner { offset += track.offset().value }
        removeTracks(ownedBy: owner)
        setModelValue(modelValue + offset)
    }

    /// Sets the model without touching the tracks or opening a transaction.
    func setModelValue(_ value: Value) {
        if value.isFinite { model = value }
    }

    /// Re-expresses the property in other coordinates, its animations included: the model
    /// becomes `map(model)` and every running animation's offset and velocity `linear` of
    /// themselves, so that when `map` is affine with linear part `linear`, the presentation value
    /// and the velocity are `map` and `linear` of what they would have been, at this instant and
    /// every later one. A non-finite result leaves the model as it was. (A node handed to a
    /// parent with another scale converts its centre and size this way.)
    package func reexpress(_ map: (Value) -> Value, linear: (Value) -> Value) {
        setModelValue(map(modelValue))
        for i in tracks.indices {
            let delta = linear(tracks[i].delta), velocity = linear(tracks[i].initialVelocity)
            guard delta.isFinite, velocity.isFinite else { continue }
            tracks[i].delta = delta
            tracks[i].initialVelocity = velocity
        }
    }

    /// Removes every animation at once, leaving the property at its model value.
    public func removeAllAnimations() {
        let animators = tracks.compactMap { $0.segment.animator }
        tracks.removeAll()
        for a in animators { a.detachIfUnused(self) }
    }
}

/// One additive animation on a property: an offset `delta·a(t) + v₀·b(t)` whose coefficients
/// come from the animator's timeline (see ``AnimationSegment``).
@usableFromInline
struct PropertyTrack<Value: AnimatableValue> {
    @usableFromInline let segment: AnimationSegment
    /// The segment's slot in the engine's table (a copy, so that a read does not visit the segment).
    @usableFromInline let slot: Int
    /// `old − new` model value: the offset when the animation starts.
    @usableFromInline var delta: Value
    /// The offset's velocity when the animation starts (springs with an initial velocity).
    @usableFromInline var initialVelocity: Value

    @usableFromInline
    init(segment: AnimationSegment, delta: Value, initialVelocity: Value) {
        self.segment = segment
        self.slot = segment.slot
        self.delta = delta
        self.initialVelocity = initialVelocity
    }

    func offset() -> (value: Value, velocity: Value) {
        offset(in: segment.engine)
    }

    /// The offset and its velocity now, read from `engine`'s slot table (the segment's engine).
    @inlinable @inline(__always)
    func offset(in engine: AnimationEngine) -> (value: Value, velocity: Value) {
        let c = engine.coefficients(slot: slot)
        return (delta * c.released + initialVelocity * c.kicked,
                delta * c.releasedVelocity + initialVelocity * c.kickedVelocity)
    }

    /// The offset, at rest, when the animator's timeline is at time fraction `x` or, with
    /// `scrubbedProgress`, scrubbed linearly to that progress.
    func offset(fraction x: Double, scrubbedProgress p: Double?) -> Value {
        let c = segment.coefficients(fraction: x, rate: 0, scrubbedProgress: p)
        return delta * c.released + initialVelocity * c.kicked
    }

    /// The offset when the animator is at its start (`atEnd` false) or end, at rest.
    func offset(atEnd: Bool) -> Value {
        let c = segment.edgeCoefficients(atEnd: atEnd)
        return delta * c.released + initialVelocity * c.kicked
    }
}

/// The type-erased face of ``AnimatedProperty`` an animator keeps, to commit or remove the
/// tracks it owns.
protocol AnimatedPropertyTracks: InspectableProperty {
    /// The animator runs whose lists hold the property (see `AnimatorTracks.attach(_:)`).
    var runMembership: RunMembership { get set }
    /// Removes the animator's tracks. `position` says what the model becomes: each track's
    /// offset at the animator's end (`.end`: zero, except for changes added while reversed) or
    /// start (`.start`: the values before the animation) is added to it, or its current offset
    /// (`.current`: the presentation is kept).
    func finishTracks(of animator: PropertyAnimator, at position: AnimatingPosition)
    /// A timing change at time fraction `fraction`: each of the animator's tracks is clipped
    /// there (its motion on the far side is kept, so reversing replays it) and a new track on
    /// `segment` carries the offset from where it is now to where it is at the edge the
    /// animator runs to (the end when `towardEnd`, else the start). Nothing jumps.
    /// `progress` is what a linear scrub shows at the same place (the continuing segment is
    /// scrubbed from there).
    func rebaseTracks(of animator: PropertyAnimator, at fraction: Double, progress: Double, towardEnd: Bool,
                      onto segment: AnimationSegment)
    func hasTracks(of animator: PropertyAnimator) -> Bool
    /// Where the animator's tracks show the property now, between their start and end: with
    /// `a` = now − start and `b` = end − start (offsets at rest at the animator's fraction 0
    /// and 1), `⟨a, b⟩` and `|b|²` over the value's components, for a least-squares progress
    /// (see ``PropertyAnimator/fractionComplete``).
    func progressMoments(of animator: PropertyAnimator) -> (along: Double, span: Double)
    /// The animator's display changes from one description of its paused state to another
    /// (`from` and `to`: a time fraction `x` or a scrubbed progress `p`) while the presentation
    /// must not move: the difference of the animator's tracks under the two goes onto a new
    /// track on `segment`, whose coefficients are 1 under `to`. With `droppingScrubCorrections`,
    /// the animator's ``AnimationSegment/Kind/scrubCorrection(peak:)`` tracks are removed first
    /// (after being counted under `from`).
    func reconcile(of animator: PropertyAnimator, from: (x: Double, p: Double?), to: (x: Double, p: Double?),
                   droppingScrubCorrections: Bool, onto segment: AnimationSegment?)
    /// Writes the presentation into the model and removes the animator's tracks, returning
    /// what ``PropertyAnimator/finishAnimation(at:)`` does to the property later: `.end` sets
    /// the values the animations set, `.start` the values before them, `.current` nothing.
    func stopTracks(of animator: PropertyAnimator) -> (AnimatingPosition) -> Void
    /// Moves the tracks on keyframes directly under `root` onto one ``KeyframePath`` for the
    /// property, in `mode`.
    func retimeKeyframeTracks(under root: AnimationSegment, mode: KeyframeCalculationMode)
}

extension AnimatedProperty: AnimatedPropertyTracks {
    @_specialize(where Value == Double)
    @_specialize(where Value == Point)
    @_specialize(where Value == Rect)
    @_specialize(where Value == AffineTransform)
    @_specialize(where Value == Color)
    func finishTracks(of animator: PropertyAnimator, at position: AnimatingPosition) {
        commitTracks(of: animator, at: position)
    }

    @inline(never)
    func commitTracks(of animator: PropertyAnimator, at position: AnimatingPosition) {
        var kept = PropertyTrackList<Value>()
        var model = modelValue
        for track in tracks {
            guard track.segment.owner === animator else { kept.append(track); continue }
            switch position {
            case .end: model += track.offset(atEnd: true)
            case .start: model += track.offset(atEnd: false)
            case .current: model += track.offset().value
            }
        }
        tracks = kept
        // A sum that overflowed (absurd deltas) keeps the last finite model.
        if model.isFinite { self.model = model }
    }

    func rebaseTracks(of animator: PropertyAnimator, at fraction: Double, progress: Double, towardEnd: Bool,
                      onto segment: AnimationSegment) {
        // Every track's remaining way goes onto the new segment; its initial velocity is linear
        // in the offset, so the remainders add up into one track.
        var remaining = Value.zero
        for i in tracks.indices where tracks[i].segment.owner === animator {
            let track = tracks[i]
            let inner = track.segment
            // A track already at rest between here and the edge it runs to (clipped before in
            // the same direction, or a stretch that ended) is its own clipping: keep it as is,
            // so repeated timing changes do not nest.
            if inner.isConstant(from: fraction, towardEnd: towardEnd) { continue }
            let now = track.offset().value
            let pivot = inner.coefficients(fraction: fraction, rate: 0, scrubbedProgress: nil)
            let edge = inner.edgeCoefficients(atEnd: towardEnd)
            let clipped = AnimationSegment(animator: animator, start: 0, end: 1,
                                           kind: .clipped(inner: inner, at: fraction, towardEnd: towardEnd,
                                                          pivot: pivot, edge: edge, scrubAt: progress,
                                                          scrubPivot: inner.coefficients(fraction: fraction, rate: 0,
                                                                                         scrubbedProgress: progress)))
            tracks[i] = PropertyTrack(segment: clipped, delta: track.delta, initialVelocity: track.initialVelocity)
            remaining += now - track.offset(atEnd: towardEnd)
        }
        if remaining != .zero {
            let segment = segment.resolved(for: Value.self, role: motionRole)
            tracks.append(PropertyTrack(segment: segment, delta: remaining,
                                        initialVelocity: segment.initialVelocity(for: remaining)))
        }
    }

    func hasTracks(of animator: PropertyAnimator) -> Bool {
        tracks.contains { $0.segment.owner === animator }
    }

    func progressMoments(of animator: PropertyAnimator) -> (along: Double, span: Double) {
        var now = Value.zero, start = Value.zero, end = Value.zero
        for track in tracks where track.segment.owner === animator {
            now += track.offset().value
            start += track.offset(atEnd: false)
            end += track.offset(atEnd: true)
        }
        let a = now - start, b = end - start
        // ⟨a, b⟩ by polarization: the vector-space operations are all a value offers.
        let along = ((a + b).magnitudeSquared - (a - b).magnitudeSquared) / 4
        let span = b.magnitudeSquared
        return along.isFinite && span.isFinite ? (along, span) : (0, 0)
    }

    func reconcile(of animator: PropertyAnimator, from: (x: Double, p: Double?), to: (x: Double, p: Double?),
                   droppingScrubCorrections: Bool, onto segment: AnimationSegment?) {
        var before = Value.zero
        for track in tracks where track.segment.owner === animator {
            before += track.offset(fraction: from.x, scrubbedProgress: from.p)
        }
        if droppingScrubCorrections {
            tracks.removeAll { $0.segment.owner === animator && $0.segment.isScrubCorrection }
        }
        var after = Value.zero
        for track in tracks where track.segment.owner === animator {
            after += track.offset(fraction: to.x, scrubbedProgress: to.p)
        }
        let difference = before - after
        // Rounding-level differences are not worth a track (the bar is 1e-12 of the value).
        guard let segment, difference.isFinite,
              difference.magnitudeSquared > 1e-30 * Swift.max(1, before.magnitudeSquared) else { return }
        tracks.append(PropertyTrack(segment: segment, delta: difference, initialVelocity: .zero))
    }

    func stopTracks(of animator: PropertyAnimator) -> (AnimatingPosition) -> Void {
        var endValue = modelValue
        var startValue = modelValue
        var current = modelValue
        var kept = PropertyTrackList<Value>()
        for track in tracks {
            guard track.segment.owner === animator else { kept.append(track); continue }
            startValue += track.offset(atEnd: false)
            endValue += track.offset(atEnd: true)
            current += track.offset().value
        }
        tracks = kept
        if current.isFinite { model = current }
        return { [self] position in
            switch position {
            case .end: if endValue.isFinite { self.model = endValue }
            case .start: if startValue.isFinite { self.model = startValue }
            case .current: break
            }
        }
    }
}
