// A copy of everything a step reads from the world and did not write first: what a snapshot of
// the world must hold for the steps after a restore to repeat the original ones bit for bit.
import Kinetic

extension PhysicsWorld {
    /// The world's persistent state. The arrays are copied on write, so taking one costs a few
    /// retains; the world pays for the copy of an array when it next writes it.
    ///
    /// Left out, because every step rewrites them before reading them: `stepBuffers` and `pairs`.
    /// `SnapshotTests` lists the world's stored properties, so a new one has to be sorted into
    /// one group or the other.
    struct State {
        var velocityIterations: Int
        var positionIterations: Int
        var allowsSleeping: Bool
        var bodies: BodyStore
        var boundaries: BoundarySet
        var joints: JointSet
        /// The contact cache, with the impulses that warm-start the next step.
        var contacts: StableArray<Contact>
        /// The broad phase: its fat boxes, their order and whether they moved since the pairs
        /// were found (the contacts' pairs are found again only then).
        var broadPhase: BroadPhase
        /// The pairs touching at the end of the last step (the next step's events compare with
        /// them); its events are emptied on restore.
        var eventLog: ContactEventLog
        var sleepingIslands: SleepingIslands
    }

    var state: State {
        State(velocityIterations: velocityIterations, positionIterations: positionIterations,
              allowsSleeping: allowsSleeping, bodies: bodies, boundaries: boundaries, joints: joints, contacts: contacts,
              broadPhase: broadPhase,
              eventLog: eventLog, sleepingIslands: sleepingIslands)
    }

    /// Puts the world back to `state`. The step buffers keep their capacity; the events are emptied
    /// (the events of the step before the snapshot were delivered then).
    func restore(_ state: State) {
        velocityIterations = state.velocityIterations
        positionIterations = state.positionIterations
        allowsSleeping = state.allowsSleeping
        bodies = state.bodies
        boundaries = state.boundaries
        joints = state.joints
        contacts = state.contacts
        pairs.forgetContactKeys()
        broadPhase = state.broadPhase
        eventLog = state.eventLog
        sleepingIslands = state.sleepingIslands
        eventLog.clearEvents()
    }
}
