// What an inspector sees of one live animation: a snapshot, taken on demand, never per frame.

/// A snapshot of one live animation of an ``AnimationEngine``: what it animates, its kind,
/// state and timing, and each property's model, presentation and velocity at the engine's time
/// (see ``AnimationEngine/liveAnimations()``).
///
/// Taking one allocates (names, arrays); nothing of it is kept or updated by the engine, so an
/// inspector that is closed costs nothing.
public struct AnimationInspection: Equatable, Sendable {
    /// What drives the animation.
    public enum Kind: String, Sendable, Equatable {
        /// A ``PropertyAnimator``.
        case animator
        /// A ``SpringAnimation``.
        case spring
        /// A ``DecayAnimation``.
        case decay
        /// A ``BoundedDecayAnimation``.
        case boundedDecay
        /// A dynamic animator (KineticDynamics' `DynamicAnimator`).
        case dynamics
        /// A POP animation (KineticPOP's `POPAnimation`).
        case pop
        /// Any other ``EngineDriven`` client that describes itself.
        case other
    }

    /// Where the animation is in its life: UIKit's `UIViewAnimatingState` for animators, running
    /// or at rest for physics and dynamics.
    public enum State: String, Sendable, Equatable {
        /// An animator that has not started, or has finished (UIKit's `.inactive`).
        case inactive
        /// An animator that is running or paused (UIKit's `.active`; see ``AnimationInspection/isRunning``).
        case active
        /// An animator stopped without finishing (UIKit's `.stopped`).
        case stopped
        /// A physics animation or dynamic animator that is moving.
        case running
        /// A physics animation or dynamic animator that is not moving.
        case atRest
    }

    /// How the animation is timed.
    public enum Timing: Equatable, Sendable {
        /// A cubic Bézier curve with control points `c1`, `c2`, over `duration` seconds.
        case cubic(c1x: Double, c1y: Double, c2x: Double, c2y: Double, duration: Double)
        /// A spring's physical constants and the duration it runs for, in seconds (an
        /// animator's ``PropertyAnimator/animationDuration``, a physics spring's
        /// ``SpringTimingParameters/settlingDuration``).
        case spring(mass: Double, stiffness: Double, damping: Double, duration: Double)
        /// Exponential deceleration: the fraction of velocity kept per millisecond
        /// (``DecayTimingParameters/decelerationRate``, 0.998 for `.normal`).
        case decay(rate: Double)
        /// No timing parameters (a dynamic animator, a custom client).
        case none

        /// The timing of an animator running for `duration` seconds.
        public init(_ parameters: TimingParameters, duration: Double) {
            switch parameters {
            case .cubic(let c):
                self = .cubic(c1x: c.controlPoint1.x, c1y: c.controlPoint1.y,
                              c2x: c.controlPoint2.x, c2y: c.controlPoint2.y, duration: duration)
            case .spring(let s):
                self = .spring(mass: s.mass, stiffness: s.stiffness, damping: s.damping, duration: duration)
            }
        }

        /// A physics spring's timing: its constants and settling duration.
        public init(_ spring: SpringTimingParameters) {
            self = .spring(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping,
                           duration: spring.settlingDuration)
        }
    }

    /// Unique per engine, handed out in creation order (``AnimationEngine/makeAnimationID()``),
    /// so the same input replayed on a fresh engine gives the same ids.
    public var id: Int
    /// The first animated property's label (`"drawer.center"`), else the kind and id
    /// (`"animator 3"`).
    public var name: String
    /// What drives it.
    public var kind: Kind
    /// Where it is in its life.
    public var state: State
    /// Whether it is moving now (an animator that is active and not paused).
    public var isRunning: Bool
    /// An animator's ``PropertyAnimator/isReversed``; false for the others.
    public var isReversed: Bool
    /// An animator's ``PropertyAnimator/fractionComplete``; nil for the others.
    public var fractionComplete: Double?
    /// How it is timed now (an animator's timing after a `continueAnimation` change).
    public var timing: Timing
    /// The properties it animates, in the order it first animated them.
    public var properties: [PropertyInspection]

    /// A snapshot with the given fields; an empty `name` becomes `"<kind> <id>"`.
    public init(id: Int, name: String = "", kind: Kind, state: State, isRunning: Bool, isReversed: Bool = false,
                fractionComplete: Double? = nil, timing: Timing, properties: [PropertyInspection]) {
        self.id = id
        self.kind = kind
        self.state = state
        self.isRunning = isRunning
        self.isReversed = isReversed
        self.fractionComplete = fractionComplete
        self.timing = timing
        self.properties = properties
        if !name.isEmpty {
            self.name = name
        } else if let label = properties.first(where: { !$0.name.isEmpty })?.name {
            self.name = label
        } else {
            self.name = kind.rawValue + " " + String(id)
        }
    }
}

/// One animated property in an ``AnimationInspection``: its label and its model, presentation
/// and velocity as components (``AnimatableValue/forEachComponent(_:)``), exactly what the
/// property's own reads give at the engine's time.
public struct PropertyInspection: Equatable, Sendable {
    /// The property's ``AnimatedProperty/label``, or empty.
    public var name: String
    /// The model value's components: where the property is going.
    public var model: [Double]
    /// The presentation value's components: what is on screen.
    public var presentation: [Double]
    /// The presentation velocity's components, per second.
    public var velocity: [Double]

    /// A snapshot with the given label and components.
    public init(name: String, model: [Double], presentation: [Double], velocity: [Double]) {
        self.name = name
        self.model = model
        self.presentation = presentation
        self.velocity = velocity
    }
}
