// A dynamic animator's whole simulation at one instant, and putting it back (undo, an inspector's seek).
import Kinetic

/// A copy of a ``DynamicAnimator``'s simulation at one instant, taken by
/// ``DynamicAnimator/snapshot()`` and put back by ``DynamicAnimator/restore(_:)``: the steps
/// after a restore repeat those after the snapshot bit for bit.
///
/// A value: keep as many as you like. It keeps the behaviours and items it names alive, not the
/// animator. What it holds, and what it does not cover (action closures, delegates, your own
/// subclasses' properties), are in <doc:DynamicAnimatorInDepth#Snapshots>.
public struct DynamicAnimatorSnapshot {
    /// ``DynamicAnimator/elapsedTime`` when the snapshot was taken: seconds simulated.
    public let elapsedTime: Double
    /// The engine's time when the snapshot was taken.
    public let engineTime: Double

    let animator: ObjectIdentifier
    let world: PhysicsWorld.State
    let roots: [DynamicBehavior]
    let flattened: [DynamicBehavior]
    let behaviorStates: [(() -> Void)?]
    let registry: ItemRegistry.State
    let isRunning: Bool
    let runStart: Double
    let stepsThisRun: Int
    let totalSteps: Int
}

extension DynamicAnimator {
    /// A copy of the simulation as it is now (see ``DynamicAnimatorSnapshot`` for what it
    /// covers). Taking one changes nothing and costs a few retains per array: the world copies
    /// an array when it next writes it. Inside a step (an ``DynamicBehavior/action`` or a
    /// collision delegate's callback) the step is half done: nil, with an
    /// `Diagnostic.Kind.illegalStateTransition` diagnostic.
    public func snapshot() -> DynamicAnimatorSnapshot? {
        if isStepping {
            engine.report(.illegalStateTransition, "DynamicAnimator.snapshot: called inside a step (an action or a collision callback); no snapshot")
            return nil
        }
        let flat = flattenedBehaviors
        return DynamicAnimatorSnapshot(
            elapsedTime: elapsedTime, engineTime: engine.time, animator: ObjectIdentifier(self), world: world.state,
            roots: behaviors, flattened: flat, behaviorStates: flat.map { $0.savedState() },
            registry: registry.state, isRunning: isRunning,
            runStart: runStart, stepsThisRun: stepsThisRun, totalSteps: totalSteps)
    }

    /// Puts the simulation back as it was when `snapshot` was taken, so that the steps after it
    /// repeat the steps after the snapshot bit for bit (the same item centres, transforms and
    /// velocities), whatever happened in between.
    ///
    /// The animator must have the same configuration as then: the same root behaviours with the
    /// same trees, in the same order, and the same items with the same bodies (an item taken out
    /// of every behaviour and put back has a new body). Otherwise, or for a snapshot of another
    /// animator, the call reports an `Diagnostic.Kind.invalidArgument` diagnostic and changes
    /// nothing. Parameters changed since (an anchor, a magnitude, an item added to a behaviour
    /// whose body existed) are put back.
    ///
    /// Every item's `DynamicItem.center` and `DynamicItem.transform` are written at once (like
    /// ``updateItem(usingCurrentState:)``, an explicit move). The clock takes the snapshot's
    /// phase: at an engine time `t₀ + d` after a restore at `t₀`, the animator has taken the
    /// steps it had taken `d` after the snapshot. It runs or pauses as it did then (with the
    /// delegate's and `onResume`/`onPause` calls if that changes). Inside a step the restore is
    /// deferred to the step's end, as behaviour changes are.
    public func restore(_ snapshot: DynamicAnimatorSnapshot) {
        if isStepping { deferUntilAfterStep { [self] in self.restore(snapshot) }; return }
        guard snapshot.animator == ObjectIdentifier(self), DynamicAnimator.same(snapshot.roots, behaviors),
              DynamicAnimator.same(snapshot.flattened, flattenedBehaviors),
              DynamicAnimator.same(snapshot.registry.records, registry.records) else {
            engine.report(.invalidArgument, "DynamicAnimator.restore: the snapshot is of another animator, or the behaviours or items changed since it was taken; nothing changed")
            return
        }
        world.restore(snapshot.world)
        registry.restore(snapshot.registry)
        for restoreBehavior in snapshot.behaviorStates { restoreBehavior?() }
        totalSteps = snapshot.totalSteps
        registry.writeItems()

        if snapshot.isRunning {
            if !isRunning { setNeedsStepping() }
            // The same phase: at the snapshot's own engine time exactly its start.
            let now = engine.time
            runStart = now == snapshot.engineTime ? snapshot.runStart : now - (snapshot.engineTime - snapshot.runStart)
            stepsThisRun = snapshot.stepsThisRun
            runGeneration &+= 1
        } else if isRunning {
            pause(notify: true)
        }
    }

    private static func same<T: AnyObject>(_ a: [T], _ b: [T]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0 === $1 }
    }
}

extension ItemRegistry {
    /// The registry's part of a snapshot: its records with what each keeps beside the world (the
    /// rest is rewritten on restore), and the item and collision behaviours it knew.
    struct State {
        let records: [ItemRecord]
        let recordStates: [RecordState]
        let itemBehaviors: [DynamicItemBehavior]
        let collisionSlots: [CollisionBehavior?]
    }

    struct RecordState {
        var references: Int
        var shape: ShapeGeometry
        var halfSize: Vector
        var material: BodyMaterial
        var charge: Double
        var itemsMask: UInt64
        var boundariesMask: UInt64
    }

    var state: State {
        State(records: records, recordStates: records.map {
            RecordState(references: $0.references, shape: $0.shape, halfSize: $0.halfSize, material: $0.material,
                        charge: $0.charge, itemsMask: $0.itemsMask, boundariesMask: $0.boundariesMask)
        }, itemBehaviors: itemBehaviors, collisionSlots: collisionSlots)
    }

    /// Puts back each record's books (the records must be `saved.records`, in order) and the
    /// item and collision behaviours; the items are written afresh at the next `writeItems()`.
    func restore(_ saved: State) {
        for (record, saved) in zip(records, saved.recordStates) {
            record.references = saved.references
            record.shape = saved.shape
            record.halfSize = saved.halfSize
            record.material = saved.material
            record.charge = saved.charge
            record.itemsMask = saved.itemsMask
            record.boundariesMask = saved.boundariesMask
            // Written afresh: the item shows whatever it showed before the restore.
            record.writtenCenter = record.item.center
            record.writtenAngle = .nan
            record.readRotation = Rotation(c: .nan, s: .nan)
        }
        itemBehaviors = saved.itemBehaviors
        collisionSlots = saved.collisionSlots
        bodyGeneration &+= 1              // behaviours' cached body lists are rebuilt
    }
}
