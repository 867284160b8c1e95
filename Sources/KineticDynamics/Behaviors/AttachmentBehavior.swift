// UIKit's UIAttachmentBehavior: a spring, rope, rod, pin, weld or slider between an item and an anchor or two items.
import Kinetic

/// Attaches an item to an anchor point or to another item: UIKit's `UIAttachmentBehavior`.
///
/// The default attachment keeps the attachment points ``length`` apart: a rigid rod while
/// ``frequency`` is 0, otherwise a spring of that frequency (Hz) and damping ratio ``damping``.
/// Moving ``anchorPoint`` drags the item, as a finger does. The class factories make UIKit's
/// sliding, limit, fixed and pin attachments.
///
/// ```swift
/// let drag = AttachmentBehavior(item: card, attachedToAnchor: touch)
/// drag.length = 0
/// animator.addBehavior(drag)              // then: drag.anchorPoint = finger
/// ```
///
/// The spring's motion, each kind, ranges, friction, offsets and bad input are in
/// <doc:BehaviorsInDepth#Attachments>.
public final class AttachmentBehavior: DynamicBehavior {
    /// Whether the attachment is to an anchor point or between two items (UIKit's
    /// `UIAttachmentBehavior.AttachmentType`).
    public enum AttachmentType: Hashable, Sendable {
        /// Between two items.
        case items
        /// Between an item and a fixed point.
        case anchor
    }

    enum Kind {
        case spring
        /// The axis is in world coordinates for an anchor attachment, in the first item's frame
        /// for two items.
        case sliding(axis: Vector)
        case limit
        case fixed
        case pin
    }

    let kind: Kind
    let item1: any DynamicItem
    let item2: (any DynamicItem)?
    /// The attachment point on the first item, in its frame.
    let offset1: Vector
    /// The attachment point on the second item, in its frame.
    let offset2: Vector
    private var anchor: Point
    private var storedLength: Double
    private var storedFrequency = 0.0
    private var storedDamping = 0.0
    private var storedFrictionTorque = 0.0
    private var range = FloatRange.infinite
    private var motorEnabled = false
    private var storedMotorSpeed = 0.0
    private var storedMaximumMotorTorque = 0.0
    private var storedMaximumMotorForce = 0.0

    private init(kind: Kind, item1: any DynamicItem, offset1: Vector, item2: (any DynamicItem)?, offset2: Vector,
                 anchor: Point, length: Double, diagnostics: [String]) {
        self.kind = kind
        self.item1 = item1
        self.item2 = item2
        self.offset1 = offset1
        self.offset2 = offset2
        self.anchor = anchor
        self.storedLength = length
        super.init()
        for message in diagnostics { report(.invalidArgument, message) }
    }

    // MARK: Creating

    /// Attaches `item`'s centre to `point`, at their current distance.
    public convenience init(item: any DynamicItem, attachedToAnchor point: Point) {
        self.init(item: item, offsetFromCenter: .zero, attachedToAnchor: point)
    }

    /// Attaches the point `offset` from `item`'s centre (in the item's frame) to `point`, at
    /// their current distance.
    public convenience init(item: any DynamicItem, offsetFromCenter offset: Vector, attachedToAnchor point: Point) {
        var notes: [String] = []
        let o = AttachmentBehavior.sanitized(offset, "offsetFromCenter", &notes)
        let p = AttachmentBehavior.sanitized(point, fallback: item.center, "anchor", &notes)
        let world1 = AttachmentBehavior.worldPoint(of: item, offset: o)
        self.init(kind: .spring, item1: item, offset1: o, item2: nil, offset2: .zero, anchor: p,
                  length: AttachmentBehavior.distance(world1, p), diagnostics: notes)
    }

    /// Attaches the centres of `item1` and `item2`, at their current distance.
    public convenience init(item item1: any DynamicItem, attachedTo item2: any DynamicItem) {
        self.init(item: item1, offsetFromCenter: .zero, attachedTo: item2, offsetFromCenter: .zero)
    }

    /// Attaches the point `offset1` from `item1`'s centre to the point `offset2` from `item2`'s
    /// (each in its item's frame), at their current distance.
    public convenience init(item item1: any DynamicItem, offsetFromCenter offset1: Vector,
                            attachedTo item2: any DynamicItem, offsetFromCenter offset2: Vector) {
        var notes: [String] = []
        let o1 = AttachmentBehavior.sanitized(offset1, "offsetFromCenter", &notes)
        let o2 = AttachmentBehavior.sanitized(offset2, "offsetFromCenter", &notes)
        if item1 === item2 { notes.append("AttachmentBehavior: an item attached to itself does nothing") }
        let w1 = AttachmentBehavior.worldPoint(of: item1, offset: o1)
        let w2 = AttachmentBehavior.worldPoint(of: item2, offset: o2)
        self.init(kind: .spring, item1: item1, offset1: o1, item2: item2, offset2: o2, anchor: w2,
                  length: AttachmentBehavior.distance(w1, w2), diagnostics: notes)
    }

    /// `item` slides along `axis` through `point` (reference coordinates), without rotating
    /// (UIKit's `slidingAttachment(with:attachmentAnchor:axisOfTranslation:)`).
    public static func slidingAttachment(with item: any DynamicItem, attachmentAnchor point: Point,
                                         axisOfTranslation axis: Vector) -> AttachmentBehavior {
        var notes: [String] = []
        let p = sanitized(point, fallback: item.center, "attachmentAnchor", &notes)
        let a = unitAxis(axis, &notes)
        let local = localPoint(p, in: item)
        return AttachmentBehavior(kind: .sliding(axis: a), item1: item, offset1: local, item2: nil, offset2: .zero,
                                  anchor: p, length: 0, diagnostics: notes)
    }

    /// `item1` and `item2` slide relative to each other along `axis` (reference coordinates at
    /// creation; it then turns with `item1`) through `point`, without rotating relative to each
    /// other.
    public static func slidingAttachment(with item1: any DynamicItem, attachedTo item2: any DynamicItem,
                                         attachmentAnchor point: Point, axisOfTranslation axis: Vector) -> AttachmentBehavior {
        var notes: [String] = []
        let p = sanitized(point, fallback: item1.center, "attachmentAnchor", &notes)
        let a = unitAxis(axis, &notes)
        let localAxis = rotate(a, by: -itemAngle(item1))
        return AttachmentBehavior(kind: .sliding(axis: localAxis), item1: item1, offset1: localPoint(p, in: item1),
                                  item2: item2, offset2: localPoint(p, in: item2), anchor: p, length: 0,
                                  diagnostics: notes)
    }

    /// A rope between the point `offset1` from `item1`'s centre and the point `offset2` from
    /// `item2`'s: they move freely while closer than ``length`` (their distance at creation).
    public static func limitAttachment(with item1: any DynamicItem, offsetFromCenter offset1: Vector,
                                       attachedTo item2: any DynamicItem, offsetFromCenter offset2: Vector) -> AttachmentBehavior {
        var notes: [String] = []
        let o1 = sanitized(offset1, "offsetFromCenter", &notes)
        let o2 = sanitized(offset2, "offsetFromCenter", &notes)
        let w1 = worldPoint(of: item1, offset: o1), w2 = worldPoint(of: item2, offset: o2)
        return AttachmentBehavior(kind: .limit, item1: item1, offset1: o1, item2: item2, offset2: o2, anchor: w2,
                                  length: distance(w1, w2), diagnostics: notes)
    }

    /// Welds `item1` and `item2` together at `point` (reference coordinates).
    public static func fixedAttachment(with item1: any DynamicItem, attachedTo item2: any DynamicItem,
                                       attachmentAnchor point: Point) -> AttachmentBehavior {
        joining(item1, item2, at: point, kind: .fixed)
    }

    /// Pins `item1` and `item2` together at `point` (reference coordinates); they may rotate
    /// about it (within ``attachmentRange``, in radians, if set).
    public static func pinAttachment(with item1: any DynamicItem, attachedTo item2: any DynamicItem,
                                     attachmentAnchor point: Point) -> AttachmentBehavior {
        joining(item1, item2, at: point, kind: .pin)
    }

    /// A weld or a pin of `item1` and `item2` at `point`: both keep the point in their own frame.
    private static func joining(_ item1: any DynamicItem, _ item2: any DynamicItem, at point: Point,
                                kind: Kind) -> AttachmentBehavior {
        var notes: [String] = []
        let p = sanitized(point, fallback: item1.center, "attachmentAnchor", &notes)
        return AttachmentBehavior(kind: kind, item1: item1, offset1: localPoint(p, in: item1), item2: item2,
                                  offset2: localPoint(p, in: item2), anchor: p, length: 0, diagnostics: notes)
    }

    // MARK: Properties

    /// The attached items: one for an anchor attachment, two otherwise.
    public var items: [any DynamicItem] {
        if let item2 { return [item1, item2] }
        return [item1]
    }

    /// ``AttachmentType/anchor`` or ``AttachmentType/items``.
    public var attachedBehaviorType: AttachmentType { item2 == nil ? .anchor : .items }

    /// The anchor point in reference coordinates. For an anchor attachment setting it moves the
    /// anchor (and wakes the item). For two items it is the attachment point given at creation
    /// (the second item's attachment point for the default kind), and setting it is rejected
    /// with a diagnostic, as is a point that is not finite or beyond ±1e9 points (unchanged).
    public var anchorPoint: Point {
        get { anchor }
        set {
            guard accepts(item2 == nil, "anchorPoint: an attachment between two items has no movable anchor", .illegalStateTransition),
                  accepts(newValue.isUsableCoordinate, "anchorPoint must be finite and within ±1e9 points"),
                  newValue != anchor else { return }
            anchor = newValue
            update()
        }
    }

    /// The distance kept between the attachment points, in points (default: their distance at
    /// creation); for a limit attachment, the most they may be apart.
    public var length: Double {
        get { storedLength }
        set { if acceptsNonNegative(newValue, "length"), newValue != storedLength { storedLength = newValue; update() } }
    }

    /// The spring's frequency in Hz (default 0: rigid).
    public var frequency: Double {
        get { storedFrequency }
        set { if acceptsNonNegative(newValue, "frequency"), newValue != storedFrequency { storedFrequency = newValue; update() } }
    }

    /// The spring's damping ratio (default 0; 1 is critical damping).
    public var damping: Double {
        get { storedDamping }
        set { if acceptsNonNegative(newValue, "damping"), newValue != storedDamping { storedDamping = newValue; update() } }
    }

    /// The torque resisting rotation about the attachment, in mass·points²/s² (default 0).
    public var frictionTorque: Double {
        get { storedFrictionTorque }
        set { if acceptsNonNegative(newValue, "frictionTorque"), newValue != storedFrictionTorque { storedFrictionTorque = newValue; update() } }
    }

    /// The allowed translation (sliding, points) or rotation (pin, radians); default
    /// ``FloatRange/infinite``. NaN ends or a minimum above the maximum are rejected.
    public var attachmentRange: FloatRange {
        get { range }
        set {
            let ordered = !newValue.minimum.isNaN && !newValue.maximum.isNaN && newValue.minimum <= newValue.maximum
            if accepts(ordered, "attachmentRange needs minimum <= maximum, not NaN"), newValue != range { range = newValue; update() }
        }
    }

    // MARK: Motor (Box2D's, beyond UIKit)

    /// Whether a motor drives a pin's rotation or a sliding attachment's translation (default
    /// false). The motor is a velocity constraint: at every step it pushes the attachment
    /// towards ``motorSpeed`` with at most ``maximumMotorTorque`` (pin) or
    /// ``maximumMotorForce`` (sliding), so an unloaded pinned wheel of inertia I spins up at
    /// exactly τ/I rad/s² and then turns at the motor speed, and a load that needs more than the
    /// maximum stalls it (a bar lifted against gravity stops where m·g·d·sin θ = τ). Turning
    /// it on for another kind of attachment is rejected with a diagnostic.
    public var isMotorEnabled: Bool {
        get { motorEnabled }
        set {
            let allowed = !newValue || isPinOrSliding
            if accepts(allowed, "isMotorEnabled: only pin and sliding attachments have a motor", .illegalStateTransition),
               newValue != motorEnabled {
                motorEnabled = newValue
                update()
            }
        }
    }

    /// The motor's target speed (default 0): for a pin, the first item's angular velocity
    /// relative to the second's, in radians per second (positive turns clockwise on screen, as
    /// rotations do); for a sliding attachment, the rate of the translation that
    /// ``attachmentRange`` limits (the item relative to the anchor, or the second item relative
    /// to the first), along the axis, in points per second. Non-finite values are rejected with
    /// a diagnostic.
    public var motorSpeed: Double {
        get { storedMotorSpeed }
        set { if accepts(newValue.isFinite, "motorSpeed must be finite"), newValue != storedMotorSpeed { storedMotorSpeed = newValue; update() } }
    }

    /// The most torque a pin's motor applies, in mass·points²/s² (default 0: the motor does
    /// nothing). Negative or non-finite values are rejected with a diagnostic.
    public var maximumMotorTorque: Double {
        get { storedMaximumMotorTorque }
        set { if acceptsNonNegative(newValue, "maximumMotorTorque"), newValue != storedMaximumMotorTorque { storedMaximumMotorTorque = newValue; update() } }
    }

    /// The most force a sliding attachment's motor applies, in mass·points/s² (default 0).
    /// Negative or non-finite values are rejected with a diagnostic.
    public var maximumMotorForce: Double {
        get { storedMaximumMotorForce }
        set { if acceptsNonNegative(newValue, "maximumMotorForce"), newValue != storedMaximumMotorForce { storedMaximumMotorForce = newValue; update() } }
    }

    private var isPinOrSliding: Bool {
        switch kind {
        case .pin, .sliding: return true
        case .spring, .limit, .fixed: return false
        }
    }

    /// Whether `valid`; if not, reports (as `kind`) that `rule` was broken, and the caller
    /// changes nothing. The caller stores the value and then calls `update()`: the store must end
    /// before the update reads the stored parameters (passing the stored property `inout` here
    /// while `update()` read it would be an exclusivity violation).
    private func accepts(_ valid: Bool, _ rule: String, _ kind: Diagnostic.Kind = .invalidArgument) -> Bool {
        if !valid { report(kind, "AttachmentBehavior.\(rule); unchanged") }
        return valid
    }

    private func acceptsNonNegative(_ value: Double, _ name: StaticString) -> Bool {
        accepts(value.isFinite && value >= 0, "\(name) must be finite and at least 0")
    }

    // MARK: Wiring

    /// The solver's range for ``attachmentRange`` (nil when unlimited; infinite ends become ±10⁹).
    private var solverRange: ClosedRange<Double>? {
        if range.isInfinite { return nil }
        let lo = Swift.max(range.minimum, -DynamicsLimits.maximumCoordinate)
        let hi = Swift.min(range.maximum, DynamicsLimits.maximumCoordinate)
        return lo...Swift.max(lo, hi)
    }

    override var jointDefinition: JointDefinition? {
        guard let animator = animatorReference, let bodyA = animator.registry.body(for: item1) else { return nil }
        var bodyB: BodyID? = nil
        if let item2 {
            guard let b = animator.registry.body(for: item2), b != bodyA else { return nil }
            bodyB = b
        }
        let jointKind: JointDefinition.Kind
        switch kind {
        case .spring: jointKind = .distance(length: storedLength, frequency: storedFrequency, dampingRatio: storedDamping)
        case .sliding(let axis): jointKind = .sliding(axis: axis, range: solverRange)
        case .limit: jointKind = .limit(minimum: 0, maximum: storedLength)
        case .fixed: jointKind = .fixed
        case .pin: jointKind = .pin(angleRange: solverRange)
        }
        var definition = JointDefinition(kind: jointKind, bodyA: bodyA, bodyB: bodyB, localAnchorA: offset1,
                                         anchorB: bodyB == nil ? anchor : offset2.asPoint,
                                         frictionTorque: storedFrictionTorque)
        definition.isMotorEnabled = motorEnabled
        definition.motorSpeed = storedMotorSpeed
        if case .sliding = kind {
            definition.maxMotorForce = storedMaximumMotorForce
        } else {
            definition.maxMotorForce = storedMaximumMotorTorque
        }
        return definition
    }

    private func update() { jointChanged(waking: items) }

    override var referencedItems: [any DynamicItem] { items }

    override func savedState() -> (() -> Void)? {
        let anchor = anchor, length = storedLength, frequency = storedFrequency, damping = storedDamping
        let frictionTorque = storedFrictionTorque, range = range, joint = joint
        let motor = (motorEnabled, storedMotorSpeed, storedMaximumMotorTorque, storedMaximumMotorForce)
        return { [self] in
            (motorEnabled, storedMotorSpeed, storedMaximumMotorTorque, storedMaximumMotorForce) = motor
            self.anchor = anchor
            storedLength = length
            storedFrequency = frequency
            storedDamping = damping
            storedFrictionTorque = frictionTorque
            self.range = range
            self.joint = joint
        }
    }

    // MARK: Geometry at creation

    static func itemAngle(_ item: any DynamicItem) -> Double {
        let r = item.transform.rotation
        return r.isFinite ? r : 0
    }

    static func worldPoint(of item: any DynamicItem, offset: Vector) -> Point {
        item.center + rotate(offset, by: itemAngle(item)).asPoint
    }

    static func localPoint(_ point: Point, in item: any DynamicItem) -> Vector {
        let d = point - item.center
        let v = rotate(d.asVector, by: -itemAngle(item))
        return v.isFinite2D ? v : .zero
    }

    static func distance(_ a: Point, _ b: Point) -> Double {
        let d = a.distance(to: b)
        return d.isFinite ? d : 0
    }

    static func sanitized(_ v: Vector, _ name: String, _ notes: inout [String]) -> Vector {
        if v.isUsableOffset { return Vector(dx: v.x, dy: v.y) }
        notes.append("AttachmentBehavior: \(name) must be finite and within ±1e9 points; zero is used")
        return .zero
    }

    static func sanitized(_ p: Point, fallback: Point, _ name: String, _ notes: inout [String]) -> Point {
        if p.isUsableCoordinate { return p }
        notes.append("AttachmentBehavior: \(name) must be finite and within ±1e9 points; the item's centre is used")
        return fallback
    }

    static func unitAxis(_ axis: Vector, _ notes: inout [String]) -> Vector {
        let l = axis.length2D
        if axis.isFinite2D, l.isFinite, l > 0 { return Vector(dx: axis.x / l, dy: axis.y / l) }
        notes.append("AttachmentBehavior: axisOfTranslation must be finite and non-zero; (1, 0) is used")
        return Vector(dx: 1, dy: 0)
    }
}
