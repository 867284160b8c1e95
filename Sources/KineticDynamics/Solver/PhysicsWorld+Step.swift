// One fixed step: forces, springs, contacts, the soft substeps, restitution, joints' position
// correction, sleep and events, all in a fixed order over index-ordered arrays (deterministic).
import Kinetic

extension PhysicsWorld {
    /// Advances the world by one fixed step: integrates the applied forces, solves contacts and
    /// joints, updates sleeping, records contact events, and clears the applied forces.
    func step() {
        let h = stepDuration
        eventLog.clearEvents()

        // A joint between an awake body and a sleeping one wakes the sleeper.
        for j in joints.indices where joints[j].isAlive && joints[j].a != 0 && joints[j].b != 0 {
            let a = bodies.records[Int(joints[j].a)], b = bodies.records[Int(joints[j].b)]
            if a.material.isAnchored || b.material.isAnchored { continue }
            if a.isAwake != b.isAwake { wakeBody(Int(joints[j].a)); wakeBody(Int(joints[j].b)) }
        }

        awakeBodies.removeAll(keepingCapacity: true)
        for i in 1..<bodies.records.count where bodies.records[i].isAlive && bodies.records[i].isAwake && !bodies.records[i].material.isAnchored {
            awakeBodies.append(Int32(i))
        }
        activeJoints.removeAll(keepingCapacity: true)
        for j in joints.indices where joints[j].isAlive && joints[j].a != 0 && (bodies.isAwakeDynamic(joints[j].a) || bodies.isAwakeDynamic(joints[j].b)) {
            activeJoints.append(Int32(j))
        }

        if awakeBodies.isEmpty && !proxiesDirty {
            // Everything sleeps and nothing was added or moved: the contacts, their events and
            // the poses are as they were. Only the forces applied meanwhile are dropped.
            clearForces()
            return
        }
        withStepContext { context in
            integrateVelocities(context, h)
            JointSprings.applySprings(context, h: h, speedLimit: Self.maxTranslation * stepRate)
        }
        updateSweptBoxes(h)
        updateContacts()
        colourContacts()
        solve(h)
        keepCoresInsideBoundaries()
        updateSleep(h)
        eventLog.record(contacts: contacts, segments: boundaries.segments)

        clearForces()
    }

    func clearForces() {
        bodies.records.withUnsafeMutableBufferPointer { bodies in
            for i in bodies.indices {
                bodies[i].force = .zero
                bodies[i].torque = 0
                bodies[i].acceleration = .zero
            }
        }
        bodies.ids.endStep()
    }

    /// The factors of an exact step of dv/dt = a − d·v over `h`: `decay` = e^(−dh) and `span` =
    /// (1 − e^(−dh))/d (h when d = 0; by its series when dh is small, where 1 − e^(−dh) would
    /// cancel).
    @inline(__always)
    static func damping(_ d: Double, over h: Double) -> (decay: Double, span: Double) {
        if d == 0 { return (1, h) }
        let x = d * h
        let decay = Elementary.exp(-x)
        if x < 1e-3 { return (decay, h * (1 - x / 2 * (1 - x / 3 * (1 - x / 4)))) }
        return (decay, (1 - decay) / d)
    }

    /// v ← v·e^(−dh) + (F/m + a)·(1 − e^(−dh))/d and the same for ω with τ/I (the exact solution of
    /// UIKit's documented resistance, dv/dt = −d·v, under constant forces), then the clamps.
    func integrateVelocities(_ context: StepContext, _ h: Double) {
        let limit = Self.maxRotation * stepRate
        let motions = context.motions, bodies = context.bodies, start = context.start
        for i in start.indices { start[i] = StartState() }
        for j in context.activeJoints {
            start[Int(context.joints[Int(j)].a)].jointCount += 1
            start[Int(context.joints[Int(j)].b)].jointCount += 1
        }
        for index in context.awake {
            let i = Int(index)
            let r = bodies[i]
            var m = motions[i]
            start[i].position = m.position
            start[i].rotation = m.rotation
            start[i].velocity = m.velocity
            start[i].angularVelocity = m.angularVelocity
            // dv/dt = a − d·v over the step, solved exactly for a constant a:
            // v₁ = v₀·e^(−dh) + a·(1 − e^(−dh))/d (a·h when d = 0).
            let linear = Self.damping(r.material.linearDamping, over: h)
            let angular = Self.damping(r.material.angularDamping, over: h)
            let forcing = (r.force * m.invMass + r.acceleration) * linear.span
            let v = m.velocity * linear.decay + forcing
            let w = m.angularVelocity * angular.decay + angular.span * m.invInertia * r.torque
            let clamped = clampedVelocity(v)
            // The applied forces' share of Δv, for the free-flight position term (none once clamped).
            let kick = clamped == v ? forcing : Vec2.zero
            bodies[i].externalKick = kick
            start[i].kick = kick
            m.velocity = clamped
            m.angularVelocity = w.isFinite ? min(max(w, -limit), limit) : 0
            motions[i] = m
        }
    }

    /// Boxes of awake bodies: the tight box swept by this step's motion, grown by the margin and
    /// the rotation's reach; `reach` feeds the speculative distance of their contacts.
    func updateSweptBoxes(_ h: Double) {
        for index in awakeBodies {
            let i = Int(index)
            let m = bodies.motions[i]
            var box = bodies.tightBox(i)
            let dx = m.velocity.x * h, dy = m.velocity.y * h
            let turn = bodies.records[i].isCircle ? 0 : m.angularVelocity.magnitude * h * bodies.records[i].boundingRadius
            let grow = Self.speculativeMargin + turn
            box.minX += min(dx, 0) - grow; box.maxX += max(dx, 0) + grow
            box.minY += min(dy, 0) - grow; box.maxY += max(dy, 0) + grow
            bodies.records[i].aabb = box
            bodies.records[i].reach = m.velocity.length * h + turn
        }
    }

    /// The substeps of a step: `velocityIterations` / 4, rounded up (2 at the default 8: 240
    /// substeps per second at the world's 120 Hz, as Box2D v3's 4 per 60 Hz step). On Box2D v3's
    /// large pyramid (5,050 boxes, 8.3 s) no box slides more than 0.25 m sideways with 2 nor
    /// with 4; 4 cost a third more per step and the pyramid stood no better (see the commit).
    var substepCount: Int { max((velocityIterations + 3) / 4, 1) }

    /// Orders `activeContacts` by graph colour (see `ContactColouring`).
    func colourContacts() {
        colouring.order(&activeContacts, contacts: contacts, motions: bodies.motions, bodyCount: bodies.records.count)
    }

    /// The soft step (Box2D v3's): the contacts found once, then `substepCount` substeps of (the
    /// substep's share of the applied forces, warm start, a sweep with the soft bias, the move, a
    /// sweep without bias), then restitution, the impulses kept for the next step, and rigid
    /// joints' position correction.
    func solve(_ h: Double) {
        let substeps = substepCount
        let hs = h / Double(substeps)
        let invHs = 1 / hs
        let softness = ContactSolver.softness(h: hs)
        let pinSoftness = JointSolver.pinSoftness(h: hs)
        let positionIterations = max(self.positionIterations, 0)
        let limit = Self.maxRotation * stepRate
        withStepContext { context in
            let motions = context.motions, bodies = context.bodies, start = context.start, awake = context.awake
            ContactSolver.prepare(context, invH: 1 / h)
            // The step's velocity change (forces, damping, springs) comes in equal shares, one
            // per substep, from the velocity the step began with.
            let share = 1 / Double(substeps)
            for index in awake {
                let i = Int(index)
                start[i].endVelocity = motions[i].velocity
                start[i].endAngularVelocity = motions[i].angularVelocity
                start[i].velocityShare = (motions[i].velocity - start[i].velocity) * share
                start[i].angularShare = (motions[i].angularVelocity - start[i].angularVelocity) * share
                motions[i].velocity = start[i].velocity
                motions[i].angularVelocity = start[i].angularVelocity
            }
            for _ in 0..<substeps {
                for index in awake {
                    let i = Int(index)
                    motions[i].velocity += start[i].velocityShare
                    motions[i].angularVelocity += start[i].angularShare
                }
                // Joints are prepared afresh each substep (anchors, errors, their warm start):
                // their impulses and limits are per substep, as the contacts' are.
                JointSolver.prepare(context, h: hs, step: h)
                ContactSolver.warmStart(context)
                JointSolver.solveVelocities(context, h: hs, pinSoftness: pinSoftness)
                ContactSolver.solve(context, softness: softness, invH: invHs, useBias: true)
                for index in awake {
                    let i = Int(index)
                    var m = motions[i]
                    m.velocity = clampedVelocity(m.velocity)
                    m.angularVelocity = m.angularVelocity.isFinite ? min(max(m.angularVelocity, -limit), limit) : 0
                    m.position += m.velocity * hs
                    m.rotation = m.rotation.integrated(by: hs * m.angularVelocity)
                    motions[i] = m
                }
                JointSolver.solveVelocities(context, h: hs)
                ContactSolver.solve(context, softness: softness, invH: invHs, useBias: false)
            }
            ContactSolver.applyRestitution(context)
            // Also marks the touching contacts and the bodies they pushed on as constrained.
            ContactSolver.storeImpulses(context)

            // Bodies no constraint pushed on this step fly free: their position takes the applied
            // forces' exact constant-acceleration term (x += h·v₁ − ½h²·a, i.e. h·(v₀ + v₁)/2 for
            // those forces), so free fall is exact instead of ahead by ½·a·h·t as the substeps'
            // moves by h·v are (0.9 % after 0.5 s at 240 Hz).
            for index in context.activeJoints where !context.joints[Int(index)].isExactThisStep {
                bodies[Int(context.joints[Int(index)].a)].isConstrained = true
                bodies[Int(context.joints[Int(index)].b)].isConstrained = true
            }
            for index in awake {
                let i = Int(index)
                var m = motions[i]
                if bodies[i].isConstrained {
                    m.velocity = clampedVelocity(m.velocity)
                    m.angularVelocity = m.angularVelocity.isFinite ? min(max(m.angularVelocity, -limit), limit) : 0
                    bodies[i].isConstrained = false
                } else {
                    m.velocity = start[i].endVelocity
                    m.angularVelocity = start[i].endAngularVelocity
                    m.position = start[i].position + (start[i].hasExactPath
                        ? start[i].exactDisplacement      // a lone spring's closed form
                        : (m.velocity - bodies[i].externalKick * 0.5) * h)
                    m.rotation = start[i].rotation.integrated(by: h * m.angularVelocity)
                }
                motions[i] = m
            }

            for _ in 0..<positionIterations {
                if JointSolver.solvePositions(context) { break }
            }
        }
    }
}
