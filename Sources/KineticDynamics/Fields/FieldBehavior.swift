// UIKit's UIFieldBehavior: gravity, spring, drag, velocity, noise, turbulence, electric, magnetic, vortex and custom fields.
import Kinetic

/// A force field acting on its items where they are inside ``region``: UIKit's
/// `UIFieldBehavior`, with SpriteKit's `SKFieldNode` semantics.
///
///     let vortex = FieldBehavior.vortexField()
///     vortex.position = Point(x: 160, y: 320)
///     vortex.region = .radius(200)
///     vortex.addItem(ball)
///     animator.addBehavior(vortex)
///
/// Create one with a class factory, add items with ``ItemListBehavior/addItem(_:)``, and set ``position``,
/// ``region``, ``strength`` (default 1), ``falloff`` (default 0) and ``minimumRadius``. Each
/// field's formula, the noise, limits and bad input are in <doc:ForceFields>.
public final class FieldBehavior: ItemListBehavior {
    /// A custom field's force on an item (UIKit's `UIFieldCustomEvaluator`): given the field,
    /// the item's position (points) and velocity (points/s), its mass, its charge and the step's
    /// duration (s), return a force in mass·points/s².
    public typealias Evaluator = (_ field: FieldBehavior, _ position: Point, _ velocity: Vector,
                                  _ mass: Double, _ charge: Double, _ deltaTime: Double) -> Vector

    enum Kind {
        case linearGravity, radialGravity, spring, drag, velocity, noise, turbulence, electric, magnetic, vortex
        case custom(Evaluator)
    }

    let kind: Kind
    private var parameters = Parameters()

    /// The settable parameters, one value (a snapshot saves it whole).
    private struct Parameters {
        var position = Point.zero
        var region = DynamicRegion.infinite
        var strength = 1.0
        var falloff = 0.0
        var minimumRadius = 1e-3
        var direction = Vector.zero
        var smoothness = 0.0
        var animationSpeed = 0.0
    }

    init(kind: Kind) {
        self.kind = kind
        super.init(items: [])
    }

    // MARK: Creating

    /// A uniform acceleration along `direction` (length 1 = 1000 points/s²).
    public static func linearGravityField(direction: Vector) -> FieldBehavior {
        let field = FieldBehavior(kind: .linearGravity)
        field.direction = direction
        return field
    }

    /// An acceleration towards `position` (reference coordinates).
    public static func radialGravityField(position: Point) -> FieldBehavior {
        let field = FieldBehavior(kind: .radialGravity)
        field.position = position
        return field
    }

    /// A spring pulling items to ``position``.
    public static func springField() -> FieldBehavior { FieldBehavior(kind: .spring) }

    /// A force against the items' velocity.
    public static func dragField() -> FieldBehavior { FieldBehavior(kind: .drag) }

    /// Sets the items' velocity to `direction` (points/s) times the strength.
    public static func velocityField(direction: Vector) -> FieldBehavior {
        let field = FieldBehavior(kind: .velocity)
        field.direction = direction
        return field
    }

    /// A noisy acceleration: `smoothness` 0…1 (lattice 10…1000 points), `animationSpeed` in
    /// lattice steps per second (≥ 0).
    public static func noiseField(smoothness: Double, animationSpeed: Double) -> FieldBehavior {
        let field = FieldBehavior(kind: .noise)
        field.smoothness = smoothness
        field.animationSpeed = animationSpeed
        return field
    }

    /// A noisy acceleration proportional to the items' speed.
    public static func turbulenceField(smoothness: Double, animationSpeed: Double) -> FieldBehavior {
        let field = FieldBehavior(kind: .turbulence)
        field.smoothness = smoothness
        field.animationSpeed = animationSpeed
        return field
    }

    /// A force on charged items along the line from ``position``.
    public static func electricField() -> FieldBehavior { FieldBehavior(kind: .electric) }

    /// A force on moving charged items, perpendicular to their velocity.
    public static func magneticField() -> FieldBehavior { FieldBehavior(kind: .magnetic) }

    /// An acceleration perpendicular to the line from ``position``.
    public static func vortexField() -> FieldBehavior { FieldBehavior(kind: .vortex) }

    /// A field whose force `evaluationBlock` computes.
    public static func field(evaluationBlock: @escaping Evaluator) -> FieldBehavior {
        FieldBehavior(kind: .custom(evaluationBlock))
    }

    // MARK: Parameters

    /// The field's origin in reference coordinates (default (0, 0)). A point that is not finite
    /// or beyond ±1e9 points is rejected with a diagnostic (unchanged).
    public var position: Point {
        get { parameters.position }
        set { change(newValue.isUsableCoordinate, "position must be finite and within ±1e9 points") { $0.position = newValue } }
    }

    /// Where the field acts, relative to ``position`` (default ``DynamicRegion/infinite``).
    public var region: DynamicRegion {
        get { parameters.region }
        set { parameters.region = newValue; itemsChanged(list.items) }
    }

    /// The field's strength (default 1; negative reverses it).
    public var strength: Double {
        get { parameters.strength }
        set { change(newValue.isFinite, "strength must be finite") { $0.strength = newValue } }
    }

    /// The exponent of the decay with distance (default 0: uniform).
    public var falloff: Double {
        get { parameters.falloff }
        set { change(newValue.isFinite, "falloff must be finite") { $0.falloff = newValue } }
    }

    /// Distances below this (points) count as this (default 0.001).
    public var minimumRadius: Double {
        get { parameters.minimumRadius }
        set { change(newValue.isFinite && newValue >= 0, "minimumRadius must be finite and at least 0") { $0.minimumRadius = newValue } }
    }

    /// The direction of a linear gravity or velocity field.
    public var direction: Vector {
        get { parameters.direction }
        set { change(newValue.isFinite2D, "direction must be finite") { $0.direction = Vector(dx: newValue.x, dy: newValue.y) } }
    }

    /// The noise's smoothness, 0 (a 10-point lattice) … 1 (a 1000-point lattice).
    public var smoothness: Double {
        get { parameters.smoothness }
        set { change(newValue.isFinite && newValue >= 0 && newValue <= 1, "smoothness must be within 0...1") { $0.smoothness = newValue } }
    }

    /// How fast the noise changes, in lattice steps per second of simulation (default 0).
    public var animationSpeed: Double {
        get { parameters.animationSpeed }
        set { change(newValue.isFinite && newValue >= 0, "animationSpeed must be finite and at least 0") { $0.animationSpeed = newValue } }
    }

    /// Applies `edit` to the parameters and wakes the items if `valid`; otherwise reports that
    /// `rule` was broken and changes nothing.
    private func change(_ valid: Bool, _ rule: String, _ edit: (inout Parameters) -> Void) {
        guard valid else { return report(.invalidArgument, "FieldBehavior: \(rule); unchanged") }
        edit(&parameters)
        itemsChanged(list.items)
    }

    // MARK: Evaluation

    /// What the field does to one item.
    enum Effect: Equatable {
        case none
        case acceleration(Vector)
        case force(Vector)
        case velocity(Vector)
    }

    /// The field's effect on an item at `point` with `velocity`, `mass` and `charge`, at
    /// simulated time `time` (see the type's formulas).
    func effect(at point: Point, velocity v: Vector, mass: Double, charge q: Double,
                time: Double, stepDuration: Double) -> Effect {
        let d = (point - parameters.position).asVector
        guard parameters.region.contains(d) else { return .none }
        let distance = d.length2D
        let r = Swift.max(distance, parameters.minimumRadius)
        let phi = parameters.falloff == 0 ? 1 : power(r / 100, -parameters.falloff)
        let unit = distance > 0 ? d * (1 / distance) : Vector.zero
        let s = parameters.strength * phi
        switch kind {
        case .linearGravity: return .acceleration(parameters.direction * (1000 * s))
        case .radialGravity: return .acceleration(unit * (-1000 * s))
        case .spring: return .force(d * (-s))
        case .drag: return .force(v * (-s))
        case .velocity: return .velocity(parameters.direction * s)
        case .noise: return .acceleration(noise(at: point, time: time) * (1000 * s))
        case .turbulence: return .acceleration(noise(at: point, time: time) * (s * v.length2D))
        case .electric: return .force(unit * (1000 * s * q))
        case .magnetic: return .force(v.perpendicular * (s * q))
        case .vortex: return .acceleration(unit.perpendicular * (1000 * s))
        case .custom(let block): return .force(block(self, point, v, mass, q, stepDuration))
        }
    }

    private func noise(at point: Point, time: Double) -> Vector {
        let spacing = 10 + 990 * parameters.smoothness
        let n = ValueNoise.sample(x: point.x / spacing, y: point.y / spacing, t: time * parameters.animationSpeed)
        return Vector(dx: n.0, dy: n.1)
    }

    override var diagnosticName: StaticString { "FieldBehavior" }

    override func savedState() -> (() -> Void)? {
        savedState(parameters) { [self] in parameters = $0 }
    }

    override func applyBeforeStep(in animator: DynamicAnimator) {
        let world = animator.world
        let time = animator.elapsedTime
        for item in list.items {
            guard let record = animator.registry.record(for: item), world.isAwake(record.body) else { continue }
            let body = record.body
            let mass = world.mass(of: body)
            let effect = self.effect(at: world.position(of: body), velocity: world.velocity(of: body), mass: mass,
                                     charge: record.charge, time: time, stepDuration: world.stepDuration)
            switch effect {
            case .none:
                break
            case .acceleration(let a):
                guard a.isFinite2D else { continue }
                world.applyAcceleration(a.clamped(toLength: DynamicsLimits.maximumAcceleration), to: body)
            case .force(let f):
                guard f.isFinite2D else {
                    report(.invalidArgument, "FieldBehavior: the field's force is not finite; ignored for this step")
                    continue
                }
                world.applyForce(f.clamped(toLength: DynamicsLimits.maximumAcceleration * mass), at: nil, to: body)
            case .velocity(let v):
                guard v.isFinite2D else { continue }
                world.setVelocity(v.clamped(toLength: DynamicsLimits.maximumSpeed), of: body)
            }
        }
    }
}
