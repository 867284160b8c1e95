// One fixed step: forces, springs, contacts, the soft substeps, restitution, joints' position
// correction, sleep and events, all in a fixed order over index-ordered arrays (deterministic).
import Kinetic

extension PhysicsWorld {
    /// Advances the world by one fixed step: integrates the applied forces, solves contacts and
    /// joints, updates sleeping, records contact events (when ``recordsContactEvents``), and
    /// clears the applied forces.
    func step() {
        let h = stepDuration
        eventLog.clearEvents()
        if recordsContactEvents && !eventLog.isCurrent { eventLog.resume(contacts: contacts, segments: boundaries.segments) }

        wakeJointsAcrossSleep()
        let buffers = stepBuffers
        let someSleep = bodies.listAwake(into: buffers.awake)
        joints.listActive(into: buffers.activeJoints, bodies: bodies)

        if buffers.awake.isEmpty && !broadPhase.needsRebuild {
            // Everything sleeps and nothing was added or moved: the contacts, their events and
            // the poses are as they were. Only the forces applied meanwhile are dropped.
            bodies.endStep()
            return
        }
        var context = StepContext(self)
        context.integrateVelocities(h, speedLimits)
        JointSprings.applySprings(context, h: h, speedLimit: speedLimits.linear)
        bodies.updateSweptBoxes(buffers.awake.elements, h)
        updateContacts(wakingSleepers: someSleep)
        buffers.colouring.order(&buffers.activeContacts, ends: buffers.contactEnds, contactCount: contacts.count,
                                bodyCount: bodies.records.count, width: bundleWidth)
        context.takeContacts(of: self)
        solve(context)
        keepCoresInsideBoundaries()
        updateSleep(h)
        if recordsContactEvents { eventLog.record(contacts: contacts, segments: boundaries.segments) } else { eventLog.pause() }

        bodies.endStep()
    }

    /// The substeps of a step: `velocityIterations` / 4, rounded up (2 at the default 8: 240
    /// substeps per second at the world's 120 Hz, as Box2D v3's 4 per 60 Hz step). On Box2D v3's
    /// large pyramid (5,050 boxes, 8.3 s) no box slides more than 0.25 m sideways with 2 nor
    /// with 4, and 4 costs more per step.
    var substepCount: Int { max((velocityIterations + 3) / 4, 1) }

    /// The soft step (Box2D v3's): the contacts found once, then `substepCount` substeps of (the
    /// substep's share of the applied forces, warm start, a sweep with the soft bias, the move, a
    /// sweep without bias, and the step's impulses summed where a contact has restitution), then
    /// restitution (`ContactSolver.applyRestitution`), the impulses kept for the next step, and rigid
    /// joints' position correction.
    func solve(_ context: StepContext) {
        let h = context.h, hs = context.hs
        let positionIterations = max(self.positionIterations, 0)
        let limits = speedLimits
        let restituting = ContactSolver.prepare(context, invH: 1 / h)
        let motions = context.motions, bundles = context.bundles
        context.shareVelocityChange(substeps: context.substeps)
        for _ in 0..<context.substeps {
            context.addVelocityShare()
            // Joints are prepared afresh each substep (anchors, errors, their warm start):
            // their impulses and limits are per substep, as the contacts' are.
            JointSolver.prepare(context, h: hs, step: h)
            ContactSolver.warmStart(motions, bundles)
            JointSolver.solveVelocities(context, h: hs, pinSoftness: context.pinSoftness)
            ContactSolver.solve(motions, bundles, softness: context.softness, invH: context.invHs, useBias: true)
            context.integratePositions(hs, limits)
            JointSolver.solveVelocities(context, h: hs)
            ContactSolver.solve(motions, bundles, softness: context.softness, invH: context.invHs, useBias: false)
            if restituting { ContactSolver.addSubstepImpulses(context) }
        }
        if restituting { ContactSolver.applyRestitution(context) }
        // Also marks the touching contacts and the bodies they pushed on as constrained.
        ContactSolver.storeImpulses(context)
        context.finishBodies(h, limits)
        for _ in 0..<positionIterations {
            if JointSolver.solvePositions(context) { break }
        }
    }
}
