// Reduced motion for a hosted scene: the page's switch (and the browser's prefers-reduced-motion) sets the policy of the session's engines.
import Kinetic
import KineticScene

extension HostSession {
    /// Sets the `MotionPolicy` of the engine shown now and of every engine the session makes
    /// afterwards (a scene selected, a seek back, a replay). The engine shown now changes
    /// nothing in flight: its animations started from now on honour the policy (see
    /// `AnimationEngine.motionPolicy`). The policy outlives scene selection (unlike timing
    /// overrides: it is the user's setting, not an edit of one scene). A seek or a replay
    /// rebuilds the session under the policy set when it runs, as it does with timing overrides.
    public func setMotionPolicy(_ policy: MotionPolicy) {
        motionPolicy = policy
        hosted?.scene.engine.motionPolicy = policy
    }
}
