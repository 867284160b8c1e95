// The engine's list of live animations for an inspector: built on demand from the lists the
// engine keeps anyway, so nothing is added to a tick.

extension AnimationEngine {
    /// A new animation id: 1, 2, 3… in the order they are asked for. Kinetic's animations
    /// (animators, springs, decays), KineticDynamics' dynamic animators and KineticPOP's
    /// animations take one when they are created, so replaying the same input on a fresh engine
    /// gives the same ids. An ``EngineDriven`` client of your own that describes itself
    /// (``EngineDriven/inspection()``) takes one the same way.
    public func makeAnimationID() -> Int {
        lastAnimationID += 1
        return lastAnimationID
    }

    /// Every live animation, by increasing id: the ``animators`` (active or stopped) and the
    /// running ``EngineDriven`` clients that describe themselves (springs, decays, dynamic and
    /// POP animators; see ``EngineDriven/inspection()``), each as a snapshot of its state now.
    /// An animation that runs inside another (`isListedForInspection` false) is left out.
    ///
    /// Allocates the snapshots; the engine keeps nothing for it, so this costs nothing until it
    /// is called.
    public func liveAnimations() -> [AnimationInspection] {
        var list: [AnimationInspection] = []
        for animator in animators where animator.isListedForInspection { list.append(animator.inspection()) }
        for client in physicsAnimations {
            if let inspection = client.inspection() { list.append(inspection) }
        }
        list.sort { $0.id < $1.id }
        return list
    }

    /// The properties the live animation `id` moves, in the order of its
    /// ``AnimationInspection/properties``; empty for an id that is not live.
    public func inspectableProperties(ofAnimation id: Int) -> [any InspectableProperty] {
        for animator in animators where animator.animationID == id {
            return animator.inspectableProperties()
        }
        for client in physicsAnimations {
            if let inspection = client.inspection(), inspection.id == id { return client.inspectableProperties() }
        }
        return []
    }
}

extension PropertyAnimator {
    /// The animator as an inspector shows it: UIKit's ``state``, ``isRunning``,
    /// ``isReversed``, ``fractionComplete``, its current timing over ``animationDuration``,
    /// and the properties it animates.
    public func inspection() -> AnimationInspection {
        let state: AnimationInspection.State
        switch self.state {
        case .inactive: state = .inactive
        case .active: state = .active
        case .stopped: state = .stopped
        }
        return AnimationInspection(id: animationID, kind: .animator, state: state, isRunning: isRunning,
                                   isReversed: isReversed, fractionComplete: fractionComplete,
                                   timing: AnimationInspection.Timing(timingParameters, duration: animationDuration),
                                   properties: inspectableProperties().map { $0.inspection() })
    }

    /// The properties the animator animates, in the order it first animated them.
    public func inspectableProperties() -> [any InspectableProperty] {
        var list: [any InspectableProperty] = []
        for property in tracks.properties { list.append(property) }
        return list
    }
}

extension PhysicsAnimationRun {
    /// The animation as an inspector shows it: running or at rest, its timing (a spring's
    /// constants and settling duration; a decay's deceleration rate; a bounded decay's rate
    /// while it decelerates and its spring once it bounces), and its property; nil when not
    /// listed for inspection (see ``SpringAnimation/isListedForInspection``).
    public func inspection() -> AnimationInspection? {
        guard isListedForInspection else { return nil }
        return AnimationInspection(id: animationID, kind: inspectionKind, state: running ? .running : .atRest,
                                   isRunning: running, timing: inspectionTiming, properties: [property.inspection()])
    }

    /// Its id, kind, label and state, without reading its value.
    public func inspectionSummary() -> AnimationSummary? {
        guard isListedForInspection else { return nil }
        return AnimationSummary(id: animationID, kind: inspectionKind, label: property.label, isRunning: running)
    }

    /// Its property.
    public func inspectableProperties() -> [any InspectableProperty] { [property] }
}

extension SpringAnimation {
    var inspectionKind: AnimationInspection.Kind { .spring }
    var inspectionTiming: AnimationInspection.Timing { AnimationInspection.Timing(spring) }
}

extension DecayAnimation {
    var inspectionKind: AnimationInspection.Kind { .decay }
    var inspectionTiming: AnimationInspection.Timing { .decay(rate: decay.decelerationRate) }
}

extension BoundedDecayAnimation {
    /// Listed always: no animation runs a bounded decay inside itself.
    var isListedForInspection: Bool { true }
    var inspectionKind: AnimationInspection.Kind { .boundedDecay }
    var inspectionTiming: AnimationInspection.Timing {
        phase == .bouncing ? AnimationInspection.Timing(spring) : .decay(rate: decay.decelerationRate)
    }
}
