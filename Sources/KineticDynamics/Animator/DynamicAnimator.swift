// UIKit's UIDynamicAnimator: owns the physics world, its behaviour tree and its item registry, and steps them on the engine's clock.
import Kinetic

/// Runs UIKit Dynamics behaviours on a set of items: UIKit's `UIDynamicAnimator`.
///
///     let engine = AnimationEngine()
///     let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 320, height: 640),
///                                    engine: engine)
///     let ball = BasicDynamicItem(center: Point(x: 160, y: 40), size: Size(width: 40, height: 40),
///                                 collisionBoundsType: .ellipse)
///     animator.addBehavior(GravityBehavior(items: [ball]))
///     let collision = CollisionBehavior(items: [ball])
///     collision.translatesReferenceBoundsIntoBoundary = true
///     animator.addBehavior(collision)
///     engine.tick(at: 0.5)            // ball.center.y ≈ 40 + ½·1000·0.5² = 165
///
/// The world steps at a fixed rate on the engine's clock, so positions do not depend on the
/// frame rate; the animator pauses when everything sleeps and resumes at any change. Keep a
/// reference to it as in UIKit. Time, pausing, items, bad input, snapshots and lifetime are in
/// <doc:DynamicAnimatorInDepth>.
public final class DynamicAnimator: EngineDriven {
    /// The engine whose clock drives the animator and which receives its diagnostics.
    public let engine: AnimationEngine
    /// The animator's id among its engine's animations, handed out at creation
    /// (`AnimationEngine.makeAnimationID()`).
    public let animationID: Int

    /// The reference bounds (UIKit's reference view's bounds), in points, or nil for an animator
    /// made with ``init(engine:stepRate:)``: collision behaviours then cannot turn the reference
    /// bounds into a boundary (asking for it reports a diagnostic).
    public let referenceBounds: Rect?

    /// Fixed steps per simulated second (default 120).
    public var stepRate: Double { world.stepRate }

    /// The solver's effort per step (default 8): each step runs this / 4 substeps, rounded up
    /// (2 at the default: 240 substeps per second at 120 Hz, Box2D v3's default rate), each with
    /// one sweep that pushes overlapping items apart softly and one that relaxes (Box2D v3's soft
    /// step). On Box2D v3's 5,050-box pyramid no box slides more than 0.25 m with 2 substeps or
    /// with 4, and 2 take a quarter fewer instructions per step; raise it for stiffer stacks or
    /// chains. Box2D v3's own settings are a 60 Hz `stepRate` with 16 here (4 substeps, one
    /// collision pass per 1/60 s): cheaper per simulated second for large piles, coarser for the
    /// closed-form behaviours (springs, bounces) the default rate is measured against. Values
    /// below 1 are rejected with a diagnostic.
    public var velocityIterations: Int {
        get { world.velocityIterations }
        set { if accepts(newValue, atLeast: 1, "velocityIterations") { world.velocityIterations = newValue } }
    }

    /// Position-correction iterations per step for rigid attachments (default 3; contacts need
    /// none). Negative values are rejected with a diagnostic.
    public var positionIterations: Int {
        get { world.positionIterations }
        set { if accepts(newValue, atLeast: 0, "positionIterations") { world.positionIterations = newValue } }
    }

    private func accepts(_ iterations: Int, atLeast minimum: Int, _ name: StaticString) -> Bool {
        if iterations >= minimum { return true }
        engine.report(.invalidArgument, "DynamicAnimator.\(name) must be at least \(minimum); unchanged")
        return false
    }

    /// Whether bodies that rest fall asleep (default true, as in UIKit, where it cannot be
    /// turned off). A body whose speed stays below 1 point/s and 2°/s, with every body it
    /// touches or is joined to, for 0.5 s sleeps: it stops moving and costs nothing until
    /// something wakes it; when every body sleeps the animator pauses (see "Pausing").
    ///
    /// Set to false, no body ever sleeps: sleeping bodies wake at once, the animator resumes and
    /// never pauses on its own (remove its behaviours to stop it), and resting piles keep
    /// being solved every step. Motion is otherwise the same: until a body would have fallen
    /// asleep, every position and velocity is bit for bit what it is with sleeping on.
    public var allowsSleeping: Bool {
        get { world.allowsSleeping }
        set {
            guard newValue != world.allowsSleeping else { return }
            world.allowsSleeping = newValue
            if !newValue {
                world.wakeAll()
                setNeedsStepping()
            }
        }
    }

    /// The root behaviours, in the order they were added.
    public private(set) var behaviors: [DynamicBehavior] = []

    /// Whether the animator is stepping (false before the first behaviour and while paused).
    public internal(set) var isRunning = false

    /// Seconds of simulation run since the animator first started: the number of steps taken
    /// divided by ``stepRate``. Does not advance while paused.
    public var elapsedTime: Double { Double(totalSteps) / world.stepRate }

    /// Told when the animator pauses and resumes. Not kept alive (UIKit holds it weakly): it
    /// reads nil once the delegate is gone (see ``DynamicAnimatorDelegate``).
    public var delegate: (any DynamicAnimatorDelegate)? {
        get { delegateReference.delegate }
        set { delegateReference = DelegateReference(lifetime: newValue?.lifetime, of: newValue) { [unowned(unsafe) newValue] in newValue } }
    }
    private var delegateReference = DelegateReference<any DynamicAnimatorDelegate>()

    /// Called when the animator pauses, after the delegate.
    public var onPause: (() -> Void)?
    /// Called when the animator resumes, before the delegate.
    public var onResume: (() -> Void)?

    // MARK: State

    let world: PhysicsWorld
    /// The engine time the current run started at, and the steps taken since.
    var runStart = 0.0
    var stepsThisRun = 0
    /// Incremented at every resume.
    var runGeneration = 0
    var totalSteps = 0
    /// Set by a change during a step, so that the step does not end in a pause.
    private var changedThisStep = false
    private var pausedThisTick = false

    /// Whether the animator is inside a step (forces, world step, actions, contact callbacks).
    private(set) var isStepping = false
    private var deferredChanges: [() -> Void] = []

    /// The items with their bodies, materials and collision masks.
    let registry: ItemRegistry

    /// Every behaviour in tree order (rebuilt when the tree changes).
    private var flattenedStorage: [DynamicBehavior]?

    /// An animator whose reference bounds are `referenceBounds` (UIKit's reference view), on
    /// `engine`'s clock, stepping `stepRate` times per simulated second (default 120; a
    /// non-finite value or one outside 1…10,000 is rejected with a diagnostic and 120 is used).
    /// Non-finite or negative-size bounds are rejected with a diagnostic (the animator then has
    /// no reference bounds).
    public convenience init(referenceBounds: Rect, engine: AnimationEngine, stepRate: Double = 120) {
        let valid = referenceBounds.origin.isFiniteValue && referenceBounds.size.width.isFinite
            && referenceBounds.size.height.isFinite && referenceBounds.size.width >= 0 && referenceBounds.size.height >= 0
        if !valid {
            engine.report(.invalidArgument, "DynamicAnimator: reference bounds must be finite with a non-negative size; the animator has none")
        }
        self.init(engine: engine, referenceBounds: valid ? referenceBounds : nil, stepRate: stepRate)
    }

    /// An animator without reference bounds (UIKit's `init()`), for items that are not laid out
    /// in a view: collision behaviours cannot use ``CollisionBehavior/translatesReferenceBoundsIntoBoundary``.
    public convenience init(engine: AnimationEngine, stepRate: Double = 120) {
        self.init(engine: engine, referenceBounds: nil, stepRate: stepRate)
    }

    private init(engine: AnimationEngine, referenceBounds: Rect?, stepRate: Double) {
        self.engine = engine
        self.animationID = engine.makeAnimationID()
        self.referenceBounds = referenceBounds
        self.world = PhysicsWorld(stepRate: DynamicAnimator.validStepRate(stepRate, engine: engine))
        self.registry = ItemRegistry(world: world, engine: engine)
    }

    private static func validStepRate(_ rate: Double, engine: AnimationEngine) -> Double {
        if rate.isFinite, rate >= 1, rate <= 10_000 { return rate }
        engine.report(.invalidArgument, "DynamicAnimator: stepRate must be within 1...10000 steps per second; 120 is used")
        return 120
    }

    deinit {
        // Clear every back reference so no behaviour can reach a freed animator.
        for behavior in behaviors { clearReferences(behavior) }
    }

    private func clearReferences(_ behavior: DynamicBehavior) {
        behavior.animatorReference = nil
        behavior.forgetWorld()
        for child in behavior.childBehaviors { clearReferences(child) }
    }

    // MARK: Behaviours

    /// Adds `behavior` (with its children) at the end of ``behaviors`` and resumes the animator.
    /// A behaviour already in this or another animator, or that is another behaviour's child, is
    /// rejected with a diagnostic. During a step the addition is deferred to the step's end.
    public func addBehavior(_ behavior: DynamicBehavior) {
        if isStepping { deferUntilAfterStep { [self] in self.addBehavior(behavior) }; return }
        if behavior.animatorReference === self {
            engine.report(.illegalStateTransition, "DynamicAnimator.addBehavior: the behaviour is already in this animator; nothing changed")
            return
        }
        if behavior.animatorReference != nil {
            engine.report(.illegalStateTransition, "DynamicAnimator.addBehavior: the behaviour is in another animator; remove it from there first; nothing changed")
            return
        }
        if behavior.hasParent {
            engine.report(.illegalStateTransition, "DynamicAnimator.addBehavior: the behaviour is a child of another behaviour; nothing changed")
            return
        }
        behaviors.append(behavior)
        attachTree(behavior)
    }

    /// Removes `behavior` (with its children) and resumes the animator (or pauses it, if it was
    /// the last). A behaviour that is not one of ``behaviors`` is rejected with a diagnostic.
    /// During a step the removal is deferred to the step's end.
    public func removeBehavior(_ behavior: DynamicBehavior) {
        if isStepping { deferUntilAfterStep { [self] in self.removeBehavior(behavior) }; return }
        guard let index = behaviors.firstIndex(where: { $0 === behavior }) else {
            engine.report(.invalidArgument, "DynamicAnimator.removeBehavior: the behaviour is not a root behaviour of this animator; nothing changed")
            return
        }
        // Out of the list first, so that removing the last behaviour does not resume.
        behaviors.remove(at: index)
        detachTree(behavior)
        if behaviors.isEmpty { pause(notify: true) }
    }

    /// Removes every behaviour (deferred to the step's end during a step); the animator pauses.
    public func removeAllBehaviors() {
        if isStepping { deferUntilAfterStep { [self] in self.removeAllBehaviors() }; return }
        let removed = behaviors
        behaviors.removeAll()
        for behavior in removed.reversed() { detachTree(behavior) }
        pause(notify: true)
    }

    // MARK: Items

    /// The items whose current frames (their bounds turned by their rotation, around their
    /// simulated centre) intersect `rect`, in the order their bodies were created.
    public func items(in rect: Rect) -> [any DynamicItem] {
        guard rect.origin.isFiniteValue, rect.size.width.isFinite, rect.size.height.isFinite else {
            engine.report(.invalidArgument, "DynamicAnimator.items(in:): the rectangle is not finite; no items")
            return []
        }
        var result: [any DynamicItem] = []
        for record in registry.records {
            let p = world.position(of: record.body)
            let angle = world.angle(of: record.body)
            let r = ItemRegistry.extents(halfSize: record.halfSize, angle: angle)
            if p.x + r.x >= rect.minX, p.x - r.x <= rect.maxX, p.y + r.y >= rect.minY, p.y - r.y <= rect.maxY {
                result.append(record.item)
            }
        }
        return result
    }

    /// Re-reads the item's `DynamicItem.center`, rotation (`DynamicItem.transform`) and
    /// shape (bounds and `DynamicItem.collisionBoundsType`) into its body, keeping its velocity,
    /// and resumes the animator (UIKit's `updateItem(usingCurrentState:)`: call it after moving an
    /// item yourself). An item the animator does not simulate, or with a non-finite centre, is
    /// rejected with a diagnostic.
    public func updateItem(usingCurrentState item: any DynamicItem) {
        guard let record = registry.record(for: item) else {
            engine.report(.invalidArgument, "DynamicAnimator.updateItem: the item is not in any behaviour of this animator; nothing changed")
            return
        }
        let center = item.center
        guard center.isUsableCoordinate else {
            engine.report(.invalidArgument, "DynamicAnimator.updateItem: the item's centre is not finite; nothing changed")
            return
        }
        let rotation = item.transform.rotation
        let angle = rotation.isFinite ? rotation : record.writtenAngle
        if let shape = registry.shapeOf(item) {
            if shape.geometry != record.shape {
                world.setShape(shape.geometry, of: record.body)
                registry.applyGroupMass(of: item, to: record.body)
                record.shape = shape.geometry
                record.halfSize = shape.halfSize
            }
        }
        world.setPosition(center, angle: angle, of: record.body)
        record.writtenCenter = center
        record.writtenAngle = angle
        world.wake(record.body)
        setNeedsStepping()
    }

    // MARK: EngineDriven

    /// The animator as an inspector shows it: kind `dynamics`, running or at rest, no timing
    /// parameters, and the inspectable properties of its items (a node's `center` and
    /// `transform`), in the order their bodies were created. An item's first property, when it
    /// has two components (its centre, as `DynamicItem.inspectableProperties` lists it), reports
    /// the body's velocity in points per second: the animator writes the centre without
    /// animating it, so the property's own velocity is 0.
    public func inspection() -> AnimationInspection? {
        var properties: [PropertyInspection] = []
        for record in registry.records {
            for (k, property) in record.item.inspectableProperties.enumerated() {
                var inspection = property.inspection()
                if k == 0, inspection.velocity.count == 2 {
                    let v = world.velocity(of: record.body)
                    inspection.velocity = [v.dx, v.dy]
                }
                properties.append(inspection)
            }
        }
        return AnimationInspection(id: animationID, kind: .dynamics, state: isRunning ? .running : .atRest,
                                   isRunning: isRunning, timing: .none, properties: properties)
    }

    /// The inspectable properties of the items, in the order their bodies were created.
    public func inspectableProperties() -> [any InspectableProperty] {
        var list: [any InspectableProperty] = []
        for record in registry.records { list.append(contentsOf: record.item.inspectableProperties) }
        return list
    }

    /// Takes the steps due at `time` and writes the items that moved (see "Time"). Called by the
    /// engine at every tick while the animator runs.
    public func engineDidAdvance(to time: Double) {
        guard isRunning else { return }
        let catchUpLimit = Int(2 * world.stepRate)
        pausedThisTick = false
        while isRunning {
            let due = DynamicAnimator.stepsDue(from: runStart, to: time, rate: world.stepRate)
            if due - stepsThisRun > catchUpLimit { stepsThisRun = due - catchUpLimit }
            guard stepsThisRun < due else { break }
            let run = runGeneration
            performStep()
            // A pause and resume inside the step (deferred changes) starts a new count at t₀ = now.
            if run == runGeneration { stepsThisRun += 1 }
        }
        registry.writeItems()
        if pausedThisTick && !isRunning {
            pausedThisTick = false
            delegate?.dynamicAnimatorDidPause(self)
            onPause?()
        }
    }

    /// `⌊(t − t₀)·rate + 10⁻⁷⌋`: the 10⁻⁷ absorbs the rounding of tick times such as 1/30,
    /// so every frame rate lands on the same step at the instants they share.
    static func stepsDue(from start: Double, to time: Double, rate: Double) -> Int {
        let steps = ((time - start) * rate + 1e-7).rounded(.down)
        return steps > 0 ? Int(Swift.min(steps, 1e15)) : 0
    }

    private func performStep() {
        isStepping = true
        changedThisStep = false
        let flat = flattenedBehaviors
        for behavior in flat { behavior.applyBeforeStep(in: self) }
        world.recordsContactEvents = registry.wantsContactEvents
        world.step()
        totalSteps += 1
        if flattenedHaveActions || flattenedStorage == nil {
            for behavior in flat where behavior.animatorReference === self { behavior.action?() }
        }
        registry.dispatchContacts()
        isStepping = false
        if !deferredChanges.isEmpty {
            let changes = deferredChanges
            deferredChanges.removeAll()
            for change in changes { change() }
        }
        if isRunning, !changedThisStep, world.isAtRest, !flattenedBehaviors.contains(where: { $0.needsStepping }) {
            pause(notify: false)
            pausedThisTick = true
        }
    }

    // MARK: Running state

    /// Something changed that may move an item: resume if paused (t₀ = now), and do not pause
    /// at the end of the current step.
    func setNeedsStepping() {
        if isStepping { changedThisStep = true }
        guard !isRunning, !behaviors.isEmpty else { return }
        onResume?()
        delegate?.dynamicAnimatorWillResume(self)
        isRunning = true
        runStart = engine.time
        stepsThisRun = 0
        runGeneration &+= 1
        engine.addDriven(self)
    }

    func pause(notify: Bool) {
        guard isRunning else { return }
        isRunning = false
        if notify {
            registry.writeItems()
            delegate?.dynamicAnimatorDidPause(self)
            onPause?()
        }
    }

    /// Runs `change` after the current step's actions and callbacks.
    func deferUntilAfterStep(_ change: @escaping () -> Void) {
        deferredChanges.append(change)
        changedThisStep = true
    }

    // MARK: The behaviour tree

    var flattenedBehaviors: [DynamicBehavior] {
        if let flat = flattenedStorage { return flat }
        var flat: [DynamicBehavior] = []
        var haveActions = false
        func visit(_ behavior: DynamicBehavior) {
            flat.append(behavior)
            if behavior.action != nil { haveActions = true }
            for child in behavior.childBehaviors { visit(child) }
        }
        for behavior in behaviors { visit(behavior) }
        flattenedStorage = flat
        flattenedHaveActions = haveActions
        return flat
    }

    /// Whether any behaviour in `flattenedBehaviors` had an action when it was made, kept
    /// current by `behaviorActionsChanged()`: a step with none skips the pass over every
    /// behaviour (an action can be set during the pass only by another action, so the pass
    /// runs exactly when it would find one; a tree changed since `flat` was made runs it as
    /// before).
    private var flattenedHaveActions = false

    /// A behaviour in the tree gained or lost its action.
    func behaviorActionsChanged() { flattenedStorage = nil }

    /// Puts `behavior` and its descendants in this animator: bodies for their items, then their
    /// joints, boundaries and materials; resumes.
    func attachTree(_ behavior: DynamicBehavior) {
        behavior.willMove(to: self)
        behavior.animatorReference = self
        for (kind, message) in behavior.pendingDiagnostics { engine.report(kind, message) }
        behavior.pendingDiagnostics.removeAll()
        flattenedStorage = nil
        for item in behavior.referencedItems {
            registry.retainBody(for: item)
            registry.wake(item)
        }
        behavior.didAttach(to: self)
        for child in behavior.childBehaviors { attachTree(child) }
        setNeedsStepping()
    }

    /// Takes `behavior` and its descendants out: children first, then the behaviour's joints and
    /// boundaries, then its bodies; resumes (the remaining items may now move differently).
    func detachTree(_ behavior: DynamicBehavior) {
        for child in behavior.childBehaviors.reversed() { detachTree(child) }
        behavior.willMove(to: nil)
        behavior.willDetach(from: self)
        for item in behavior.referencedItems {
            registry.wake(item)
            registry.releaseBody(for: item)
        }
        behavior.animatorReference = nil
        flattenedStorage = nil
        setNeedsStepping()
    }
}
