// UIKit's UIDynamicAnimator: owns the physics world, its behaviours and items, and steps them on the engine's clock.
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
/// ## Time
/// The animator is driven by its engine's clock (it is `EngineDriven` and adds itself to the
/// engine while it runs). The world advances in fixed steps of `1/stepRate` seconds (default
/// 120 per second), counted from the instant `t₀` the animator last started or resumed: at an
/// engine time `t` the animator has taken `⌊(t − t₀)·stepRate + 10⁻⁷⌋` steps since `t₀`. So
/// the simulation's state at an instant does not depend on the frame rate: the same events at
/// 30, 60 or 120 frames per second give bit-identical positions at the instants those frame
/// rates share. After the steps due at a tick the animator writes each moved item's
/// `DynamicItem.center` and `DynamicItem.transform` (a pure rotation) once, and only if it
/// changed. A tick more than 2 s of steps after the previous one simulates only the last 2 s
/// (the rest is dropped, as a display link drops frames).
///
/// ## Pausing
/// After a step that leaves every body asleep (the solver's `isAtRest`; never while
/// ``allowsSleeping`` is off) with no behaviour needing steps (an active continuous push keeps
/// it running), the animator pauses:
/// ``isRunning`` becomes false, it stops stepping and the engine drops it; the delegate's
/// ``DynamicAnimatorDelegate/dynamicAnimatorDidPause(_:)`` and ``onPause`` run after the items
/// were written. Any change resumes it, with `t₀` = the engine's time at the change: a behaviour
/// added or removed, an item added, a velocity added, a push activated, an anchor or snap point
/// moved, a gravity changed, ``updateItem(usingCurrentState:)``…; ``onResume`` and
/// ``DynamicAnimatorDelegate/dynamicAnimatorWillResume(_:)`` run first. Removing the last
/// behaviour pauses at once.
///
/// ## Items
/// Each item gets one body however many behaviours name it (identity is the object's); its
/// mass is density × area / 10,000 (a 100 × 100 item of density 1 has mass 1), its shape comes
/// from `DynamicItem.collisionBoundsType` (a rectangle of the bounds' size, the inscribed
/// ellipse, or a convex path) read when the body is created. The body is destroyed when no
/// behaviour names the item any more (the item keeps its last written position). Bodies are
/// kept in the order they were created and every loop runs in that order: nothing depends on
/// hashing order.
///
/// ## Bad input
/// A behaviour added twice, added to a second animator, or that is another behaviour's child;
/// removing a behaviour that is not a root of this animator; an item with a non-finite centre
/// or size, or a centre beyond ±1e9 points; a non-finite or non-positive step rate: each is
/// rejected with a diagnostic on the ``engine`` (`Diagnostic.Kind.illegalStateTransition` or
/// `Diagnostic.Kind.invalidArgument`) and changes nothing. No item is ever written a NaN.
///
/// Reported, with the outcome stated:
/// - An item in two animators (or moved by your own code without
///   ``updateItem(usingCurrentState:)``): when the animator is about to write the item and finds
///   its `DynamicItem.center` is not what it last wrote, it reports an
///   `Diagnostic.Kind.invalidArgument` diagnostic, once per item and animator, and writes its
///   simulation over it (UIKit's animator does not read an item back either). Keep each item in
///   one animator; the last writer of a tick wins.
/// - An item whose bounds have a side below 0.001 points (a zero-size item), unless a
///   collision path gives its shape: a diagnostic each time its shape is read (when its body is
///   made, and at ``updateItem(usingCurrentState:)``); it is simulated with sides of 0.001 points.
/// - Anchors, snap points, field positions, boundary vertices and attachment offsets beyond
///   ±1e9 points are rejected by their behaviours as non-finite ones are (see each behaviour).
///
/// ## Snapshots
/// ``snapshot()`` copies the simulation and ``restore(_:)`` puts it back: the steps after a
/// restore repeat those after the snapshot bit for bit (see ``DynamicAnimatorSnapshot``).
///
/// ## Lifetime
/// Keep a reference to the animator as you would in UIKit. While it runs the engine keeps it
/// alive; dropped and paused, it frees its behaviours (clearing their back references).
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

    /// The solver's effort per step (default 8): each step runs this / 4 substeps, rounded up,
    /// each with one sweep that pushes overlapping items apart softly and one that relaxes
    /// (Box2D v3's soft step). Values below 1 are rejected with a diagnostic.
    public var velocityIterations: Int {
        get { world.velocityIterations }
        set {
            guard newValue >= 1 else {
                engine.report(.invalidArgument, "DynamicAnimator.velocityIterations must be at least 1; unchanged")
                return
            }
            world.velocityIterations = newValue
        }
    }

    /// Position-correction iterations per step for rigid attachments (default 3; contacts need
    /// none). Negative values are rejected with a diagnostic.
    public var positionIterations: Int {
        get { world.positionIterations }
        set {
            guard newValue >= 0 else {
                engine.report(.invalidArgument, "DynamicAnimator.positionIterations must be at least 0; unchanged")
                return
            }
            world.positionIterations = newValue
        }
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
        get { delegateWatch?.isAlive == true ? delegateTarget : nil }
        set {
            delegateTarget = newValue
            delegateWatch = newValue.map { LifetimeWatch(lifetime: $0.lifetime, of: $0) }
        }
    }
    // Read only while `delegateWatch` says it lives: a zeroing reference to an existential.
    private unowned(unsafe) var delegateTarget: (any DynamicAnimatorDelegate)?
    private var delegateWatch: LifetimeWatch?

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

    /// Items in the order their bodies were created, and lookups by identity and by body.
    var records: [ItemRecord] = []
    private var recordByItem: [ObjectIdentifier: ItemRecord] = [:]
    /// Bumped whenever a body is created or destroyed (for behaviours that cache body handles).
    var bodyGeneration = 0
    private var recordByBody: [BodyID: ItemRecord] = [:]

    /// Every behaviour in tree order (rebuilt when the tree changes).
    private var flattenedStorage: [DynamicBehavior]?
    /// Item behaviours in the order they were added (the last one wins per property).
    var itemBehaviors: [DynamicItemBehavior] = []
    /// Collision behaviours by mask bit: slot i uses bit 1 << i.
    var collisionSlots: [CollisionBehavior?] = []

    /// An animator whose reference bounds are `referenceBounds` (UIKit's reference view), on
    /// `engine`'s clock, stepping `stepRate` times per simulated second (default 120; a
    /// non-finite value or one outside 1…10,000 is rejected with a diagnostic and 120 is used).
    /// Non-finite or negative-size bounds are rejected with a diagnostic (the animator then has
    /// no reference bounds).
    public init(referenceBounds: Rect, engine: AnimationEngine, stepRate: Double = 120) {
        self.engine = engine
        self.animationID = engine.makeAnimationID()
        let valid = referenceBounds.origin.isFiniteValue && referenceBounds.size.width.isFinite
            && referenceBounds.size.height.isFinite && referenceBounds.size.width >= 0 && referenceBounds.size.height >= 0
        if !valid {
            engine.report(.invalidArgument, "DynamicAnimator: reference bounds must be finite with a non-negative size; the animator has none")
        }
        self.referenceBounds = valid ? referenceBounds : nil
        self.world = PhysicsWorld(stepRate: DynamicAnimator.validStepRate(stepRate, engine: engine))
    }

    /// An animator without reference bounds (UIKit's `init()`), for items that are not laid out
    /// in a view: collision behaviours cannot use ``CollisionBehavior/translatesReferenceBoundsIntoBoundary``.
    public init(engine: AnimationEngine, stepRate: Double = 120) {
        self.engine = engine
        self.animationID = engine.makeAnimationID()
        self.referenceBounds = nil
        self.world = PhysicsWorld(stepRate: DynamicAnimator.validStepRate(stepRate, engine: engine))
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
        for record in records {
            let p = world.position(of: record.body)
            let angle = world.angle(of: record.body)
            let r = DynamicAnimator.extents(halfSize: record.halfSize, angle: angle)
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
        guard let record = recordByItem[identity(of: item)] else {
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
        if let shape = shapeOf(item) {
            if shape.geometry != record.shape {
                world.setShape(shape.geometry, of: record.body)
                applyGroupMass(of: item, to: record.body)
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
        for record in records {
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
        for record in records { list.append(contentsOf: record.item.inspectableProperties) }
        return list
    }

    /// Takes the steps due at `time` and writes the items that moved (see "Time"). Called by the
    /// engine at every tick while the animator runs.
    public func advance(to time: Double) {
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
        writeItems()
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
        world.step()
        totalSteps += 1
        for behavior in flat where behavior.animatorReference === self {
            behavior.action?()
        }
        dispatchContacts()
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

    /// Writes every item whose simulated centre or rotation changed since the last write.
    func writeItems() {
        // A snapshot keeps the records alive (an item's setter may change the behaviours), so
        // the loop reads them unretained instead of retaining and releasing each one.
        let snapshot = records
        snapshot.withUnsafeBufferPointer { snapshot in
        for k in snapshot.indices {
            unowned(unsafe) let record = snapshot[k]
            let pose = world.pose(of: record.body)
            var center = pose.position
            // atan2 only when the stored rotation pair changed (most bodies of a pile barely turn).
            var angle: Double
            if pose.rotation == record.readRotation {
                angle = record.readAngle
            } else {
                angle = Elementary.atan2(pose.rotation.s, pose.rotation.c)
                record.readRotation = pose.rotation
                record.readAngle = angle
            }
            guard center.isFiniteValue, angle.isFinite else {
                record.readRotation = Rotation(c: .nan, s: .nan)
                // The solver was driven beyond its range: put the body back where the item is.
                engine.report(.invalidArgument, "DynamicAnimator: an item's simulated state overflowed; it was reset to its last position at rest")
                center = record.writtenCenter
                angle = record.writtenAngle
                world.setPosition(center, angle: angle, of: record.body)
                world.setVelocity(.zero, of: record.body)
                world.setAngularVelocity(0, of: record.body)
                continue
            }
            if center != record.writtenCenter {
                if !record.wasMovedOutside, record.item.center != record.writtenCenter {
                    // Another animator, or a write without `updateItem(usingCurrentState:)`.
                    record.wasMovedOutside = true
                    engine.report(.invalidArgument, "DynamicAnimator: an item was moved outside this animator since it last wrote it (is it in a second animator? After moving an item yourself, call updateItem(usingCurrentState:)); the animator's simulation is written over it")
                }
                record.item.center = center
                record.writtenCenter = center
            }
            if angle != record.writtenAngle {
                record.item.transform = AffineTransform(rotationAngle: angle)
                record.writtenAngle = angle
            }
        }
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
            writeItems()
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
        func visit(_ behavior: DynamicBehavior) {
            flat.append(behavior)
            for child in behavior.childBehaviors { visit(child) }
        }
        for behavior in behaviors { visit(behavior) }
        flattenedStorage = flat
        return flat
    }

    /// Puts `behavior` and its descendants in this animator: bodies for their items, then their
    /// joints, boundaries and materials; resumes.
    func attachTree(_ behavior: DynamicBehavior) {
        behavior.willMove(to: self)
        behavior.animatorReference = self
        for (kind, message) in behavior.pendingDiagnostics { engine.report(kind, message) }
        behavior.pendingDiagnostics.removeAll()
        flattenedStorage = nil
        for item in behavior.referencedItems {
            retainBody(for: item)
            wake(item)
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
            wake(item)
            releaseBody(for: item)
        }
        behavior.animatorReference = nil
        flattenedStorage = nil
        setNeedsStepping()
    }

    // MARK: Bodies

    func record(for item: any DynamicItem) -> ItemRecord? { recordByItem[identity(of: item)] }
    func body(for item: any DynamicItem) -> BodyID? { recordByItem[identity(of: item)]?.body }
    func record(for body: BodyID) -> ItemRecord? { recordByBody[body] }

    /// One more reference to `item`'s body, creating the body from the item's current state if
    /// it has none. An item with a non-finite centre or size gets no body (diagnostic); the
    /// behaviours then skip it.
    func retainBody(for item: any DynamicItem) {
        if let record = recordByItem[identity(of: item)] {
            record.references += 1
            return
        }
        let center = item.center
        guard center.isUsableCoordinate else {
            engine.report(.invalidArgument, "DynamicAnimator: an item's centre is not finite; it is not simulated")
            return
        }
        guard let shape = shapeOf(item) else { return }
        let rotation = item.transform.rotation
        let angle = rotation.isFinite ? rotation : 0
        var material = BodyMaterial()
        material.density = 1
        let body = world.createBody(shape: shape.geometry, position: center, angle: angle, material: material)
        applyGroupMass(of: item, to: body)
        let record = ItemRecord(item: item, body: body, center: center, angle: angle,
                                shape: shape.geometry, halfSize: shape.halfSize)
        record.material = material
        records.append(record)
        bodyGeneration &+= 1
        recordByItem[identity(of: item)] = record
        recordByBody[body] = record
        refreshMaterial(of: record)
        refreshCollisionMasks(of: record)
    }

    /// A group's body takes its mass and inertia from its members, not from its hull; a group
    /// that left members out says so.
    private func applyGroupMass(of item: any DynamicItem, to body: BodyID) {
        guard let group = item as? DynamicItemGroup else { return }
        if group.ignoredItemCount > 0 {
            engine.report(.invalidArgument, "DynamicItemGroup: \(group.ignoredItemCount) of its items had a non-finite or out-of-range centre or size when the group was made; they are not part of it")
        }
        world.setMassShape(area: group.area, secondMoment: group.secondMoment, of: body)
    }

    /// One reference fewer; the body is destroyed with the last one.
    func releaseBody(for item: any DynamicItem) {
        guard let record = recordByItem[identity(of: item)] else { return }
        record.references -= 1
        guard record.references <= 0 else { return }
        world.destroyBody(record.body)
        recordByItem[identity(of: item)] = nil
        recordByBody[record.body] = nil
        records.removeAll { $0 === record }
        bodyGeneration &+= 1
    }

    /// Wakes `item`'s body, if it has one.
    func wake(_ item: any DynamicItem) {
        if let body = body(for: item) { world.wake(body) }
    }

    /// Half the width and height of the axis-aligned box around a `halfSize` box turned by `angle`.
    static func extents(halfSize: Vector, angle: Double) -> Vector {
        if angle == 0 { return halfSize }
        let c = rotate(Vector(dx: 1, dy: 0), by: angle)
        let ac = c.x.magnitude, as_ = c.y.magnitude
        return Vector(dx: ac * halfSize.x + as_ * halfSize.y, dy: as_ * halfSize.x + ac * halfSize.y)
    }

    // MARK: Materials and masks

    /// Recomputes every body's material and charge from the item behaviours, in the order they
    /// were added: for each property, the last behaviour that set it wins.
    func refreshMaterials() {
        for record in records { refreshMaterial(of: record) }
    }

    private func refreshMaterial(of record: ItemRecord) {
        var material = BodyMaterial()
        var charge = 0.0
        for behavior in itemBehaviors where behavior.contains(record.item) {
            behavior.apply(to: &material, charge: &charge)
        }
        record.charge = charge
        if material != record.material {
            record.material = material
            world.setMaterial(material, of: record.body)
        }
    }

    /// Recomputes every body's collision masks from the collision behaviours.
    func refreshCollisionMasks() {
        for record in records { refreshCollisionMasks(of: record) }
    }

    private func refreshCollisionMasks(of record: ItemRecord) {
        var items: UInt64 = 0
        var boundaries: UInt64 = 0
        for (slot, behavior) in collisionSlots.enumerated() {
            guard let behavior, behavior.contains(record.item) else { continue }
            let bit: UInt64 = 1 << UInt64(slot)
            if behavior.collisionMode.contains(.items) { items |= bit }
            if behavior.collisionMode.contains(.boundaries) { boundaries |= bit }
        }
        if items != record.itemsMask || boundaries != record.boundariesMask {
            record.itemsMask = items
            record.boundariesMask = boundaries
            world.setCollisionMasks(items: items, boundaries: boundaries, of: record.body)
            world.wake(record.body)
        }
    }

    func registerItemBehavior(_ behavior: DynamicItemBehavior) {
        itemBehaviors.append(behavior)
        refreshMaterials()
    }

    func unregisterItemBehavior(_ behavior: DynamicItemBehavior) {
        itemBehaviors.removeAll { $0 === behavior }
        refreshMaterials()
    }

    /// A mask slot for `behavior` (the lowest free of 64), or nil with a diagnostic.
    func allocateCollisionSlot(for behavior: CollisionBehavior) -> Int? {
        if let free = collisionSlots.firstIndex(where: { $0 == nil }) {
            collisionSlots[free] = behavior
            return free
        }
        guard collisionSlots.count < 64 else {
            engine.report(.invalidArgument, "DynamicAnimator: at most 64 collision behaviours per animator; this one collides with nothing")
            return nil
        }
        collisionSlots.append(behavior)
        return collisionSlots.count - 1
    }

    func freeCollisionSlot(_ slot: Int) {
        guard slot < collisionSlots.count else { return }
        collisionSlots[slot] = nil
        while let last = collisionSlots.last, last == nil { collisionSlots.removeLast() }
        refreshCollisionMasks()
    }

    // MARK: Contacts

    private func dispatchContacts() {
        let events = world.contactEvents
        guard !events.isEmpty else { return }
        for event in events {
            guard let record = recordByBody[event.body] else { continue }
            switch event.partner {
            case .body(let other):
                guard let otherRecord = recordByBody[other] else { continue }
                for case let behavior? in collisionSlots {
                    guard behavior.collisionMode.contains(.items), behavior.contains(record.item),
                          behavior.contains(otherRecord.item), let delegate = behavior.collisionDelegate else { continue }
                    switch event.phase {
                    case .began: delegate.collisionBehavior(behavior, beganContactFor: record.item, with: otherRecord.item, at: event.point)
                    case .ended: delegate.collisionBehavior(behavior, endedContactFor: record.item, with: otherRecord.item)
                    }
                }
            case .boundary(let boundary):
                for case let behavior? in collisionSlots {
                    guard let identifier = behavior.identifier(of: boundary) else { continue }
                    guard behavior.collisionMode.contains(.boundaries), behavior.contains(record.item),
                          let delegate = behavior.collisionDelegate else { continue }
                    switch event.phase {
                    case .began: delegate.collisionBehavior(behavior, beganContactFor: record.item, withBoundaryIdentifier: identifier.name, at: event.point)
                    case .ended: delegate.collisionBehavior(behavior, endedContactFor: record.item, withBoundaryIdentifier: identifier.name)
                    }
                }
            }
        }
    }
}

/// An item's identity, the key of the animator's lookups (never iterated).
@inline(__always) func identity(of item: any DynamicItem) -> ObjectIdentifier {
    ObjectIdentifier(item as AnyObject)
}
