import Kinetic

/// What restitution reads of one point, lane by lane, beside the bundle (read once a step).
struct BouncePointLanes {
    /// The normal velocity when the step began, the applied forces' relative acceleration along
    /// the normal, and e²·(impact speed)² (see `ContactSolver.bounceEnergy`).
    var relativeVelocity = Lanes(), normalAcceleration = Lanes(), energy = Lanes()
    /// The normal impulse the point took over the whole step so far: the sum of each substep's
    /// accumulated impulse (a substep's warm start applies the impulse again, so the bodies took
    /// each substep's in full), then restitution's change (`ContactSolver.addSubstepImpulses`).
    var stepImpulse = Lanes()
}
