// Joints' position correction after the substeps: non-linear Gauss–Seidel on the rigid parts
// (fixed points and angles, lengths, limits, the slider's line); pins' points are soft instead.
// Each kind's correction is in its file.
import Kinetic

extension JointSolver {
    /// One NGS sweep over the rigid parts; true when every error is within the slops.
    static func solvePositions(_ context: StepContext) -> Bool {
        var linearError = 0.0, angularError = 0.0
        for index in context.activeJoints {
            let j = context.joints + Int(index)
            // Free pins (soft points), springs and soft snaps have no rigid part: skip them on
            // their row, without reading their definitions.
            switch j.pointee.row {
            case .none, .freePin, .snap: continue
            default: break
            }
            let s = JointBodies(index, of: context)
            switch j.pointee.definition.kind {
            case .distance(let length, _, _):
                DistanceJoint.correct(s, length: length, &linearError)
            case .limit(let minimum, let maximum):
                LimitJoint.correct(s, minimum: minimum, maximum: maximum, &linearError)
            case .pin(let range):
                PinJoint.correct(s, range: range, &angularError)
            case .fixed:
                FixedJoint.correct(s, &linearError, &angularError)
            case .sliding(_, let range):
                SlidingJoint.correct(s, range: range, &linearError, &angularError)
            case .snap:
                break
            }
        }
        return linearError <= ContactSolver.linearSlop && angularError <= angularSlop
    }
}
