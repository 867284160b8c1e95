// The bodies' part of a step (Box2D v3's integrate and finalize tasks): the applied forces into
// velocities, their change shared out over the substeps, the substeps' moves, and the step's end.
import Kinetic

extension StepContext {
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

    /// Clears every body's start state and constrained flag, records each awake body's start
    /// state, then v ← v·e^(−dh) + (F/m + a)·(1 − e^(−dh))/d and the same for ω with τ/I (the exact solution of UIKit's documented resistance, dv/dt = −d·v,
    /// under constant forces), then the clamps.
    func integrateVelocities(_ h: Double, _ limits: SpeedLimits) {
        let motions = self.motions, bodies = self.bodies, start = self.start
        for i in start.indices { start[i] = StartState(); constrained[i] = false }
        for j in activeJoints {
            start[Int(joints[Int(j)].a)].jointCount += 1
            start[Int(joints[Int(j)].b)].jointCount += 1
        }
        for index in awake {
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
            let clamped = limits.clamped(v)
            // The applied forces' share of Δv, for the free-flight position term (none once clamped).
            let kick = clamped == v ? forcing : Vec2.zero
            bodies[i].externalKick = kick
            start[i].kick = kick
            m.velocity = clamped
            m.angularVelocity = limits.clamped(w)
            motions[i] = m
        }
    }

    /// The step's velocity change (forces, damping, springs) comes in equal shares, one per
    /// substep, from the velocity the step began with: keeps the end velocities and the shares,
    /// and puts the bodies back to their start velocities.
    func shareVelocityChange(substeps: Int) {
        let motions = self.motions, start = self.start
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
    }

    /// A substep's share of the step's velocity change.
    func addVelocityShare() {
        let motions = self.motions, start = self.start
        for index in awake {
            let i = Int(index)
            motions[i].velocity += start[i].velocityShare
            motions[i].angularVelocity += start[i].angularShare
        }
    }

    /// A substep's move: the clamped velocities over `hs`. The rotation since the step began
    /// (`Motion.deltaRotation`) turns too while the step has contacts to read it (`bundles`); it
    /// stays the identity otherwise.
    func integratePositions(_ hs: Double, _ limits: SpeedLimits) {
        let motions = self.motions
        @inline(__always) func move(turningAnchors: Bool) {
            for index in awake {
                let i = Int(index)
                var m = motions[i]
                m.velocity = limits.clamped(m.velocity)
                m.angularVelocity = limits.clamped(m.angularVelocity)
                m.position += m.velocity * hs
                m.rotation = m.rotation.integrated(by: hs * m.angularVelocity)
                if turningAnchors { m.deltaRotation = m.deltaRotation.integrated(by: hs * m.angularVelocity) }
                motions[i] = m
            }
        }
        // Two copies of the loop, each with its branch decided.
        if bundles.isEmpty { move(turningAnchors: false) } else { move(turningAnchors: true) }
    }

    /// The step's end for each awake body. Bodies no constraint pushed on this step fly free:
    /// their position takes the applied forces' exact constant-acceleration term (x += h·v₁ −
    /// ½h²·a, i.e. h·(v₀ + v₁)/2 for those forces), so free fall is exact instead of ahead by
    /// ½·a·h·t as the substeps' moves by h·v are (0.9 % after 0.5 s at 240 Hz). The others keep
    /// their solved motion, clamped. Joints mark their bodies constrained here, as
    /// `ContactSolver.storeImpulses` marked the contacts'.
    func finishBodies(_ h: Double, _ limits: SpeedLimits) {
        let motions = self.motions, bodies = self.bodies, start = self.start, constrained = self.constrained
        for index in activeJoints where !joints[Int(index)].isExactThisStep {
            constrained[Int(joints[Int(index)].a)] = true
            constrained[Int(joints[Int(index)].b)] = true
        }
        for index in awake {
            let i = Int(index)
            var m = motions[i]
            if constrained[i] {
                m.velocity = limits.clamped(m.velocity)
                m.angularVelocity = limits.clamped(m.angularVelocity)
            } else {
                m.velocity = start[i].endVelocity
                m.angularVelocity = start[i].endAngularVelocity
                m.position = start[i].position + (start[i].hasExactPath
                    ? start[i].exactDisplacement      // a lone spring's closed form
                    : (m.velocity - bodies[i].externalKick * 0.5) * h)
                m.rotation = start[i].rotation.integrated(by: h * m.angularVelocity)
            }
            m.deltaRotation = .identity
            motions[i] = m
        }
    }
}
