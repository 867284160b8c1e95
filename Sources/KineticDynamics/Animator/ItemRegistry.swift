// The dynamic animator's books of its items: one body per item, found by item or by body, the
// materials and collision masks its behaviours give it, and writing the simulation back to it.
import Kinetic

/// The items a ``DynamicAnimator`` simulates, each with its body in the animator's world (an
/// `ItemRecord`), in the order the bodies were created; every loop runs in that order.
///
/// Behaviours reach it through `DynamicAnimator.registry`: they retain and release their items'
/// bodies, look bodies up, and register the item and collision behaviours whose materials and
/// collision masks the bodies take. After the steps of a tick the animator asks it to write the
/// items that moved (`writeItems()`) and to tell the collision delegates about the contacts.
final class ItemRegistry {
    let world: PhysicsWorld
    /// Receives the diagnostics.
    let engine: AnimationEngine

    /// Items in the order their bodies were created, and lookups by identity and by body.
    private(set) var records: [ItemRecord] = []
    private var recordByItem: [ObjectIdentifier: ItemRecord] = [:]
    private var recordByBody: [BodyID: ItemRecord] = [:]
    /// Bumped whenever a body is created or destroyed (for behaviours that cache body handles).
    var bodyGeneration = 0

    /// Item behaviours in the order they were added (the last one wins per property).
    var itemBehaviors: [DynamicItemBehavior] = []
    /// Collision behaviours by mask bit: slot i uses bit 1 << i.
    var collisionSlots: [CollisionBehavior?] = []

    init(world: PhysicsWorld, engine: AnimationEngine) {
        self.world = world
        self.engine = engine
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
    func applyGroupMass(of item: any DynamicItem, to body: BodyID) {
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

    /// `refreshMaterials` for one item (after it joined or left an item behaviour), if it has a body.
    func refreshMaterial(of item: any DynamicItem) {
        if let record = record(for: item) { refreshMaterial(of: record) }
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

    /// `refreshCollisionMasks` for one item (after it joined or left a collision behaviour), if it
    /// has a body.
    func refreshCollisionMasks(of item: any DynamicItem) {
        if let record = record(for: item) { refreshCollisionMasks(of: record) }
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

    // MARK: Writing the items

    /// Writes every item whose simulated centre or rotation changed since the last write.
    func writeItems() {
        // A snapshot keeps the records alive (an item's setter may change the behaviours), so
        // the loop reads them unretained instead of retaining and releasing each one.
        let snapshot = records
        snapshot.withUnsafeBufferPointer { snapshot in
            // First the angles of the rotations that changed since the last read (most bodies of
            // a pile barely turn), four at a time: an atan2 is a chain of dependent square roots
            // and divisions, and the four-lane one runs four chains in the time of one, with the
            // scalar's bits (`Elementary.atan2`). This loop calls no item, so it reads the poses
            // by pointer; the writes, whose setters may change the world, come after.
            world.withPoses { pose in
                var ys = SIMD4<Double>(), xs = SIMD4<Double>(repeating: 1)
                var slots = SIMD4<Int64>(), count = 0
                @inline(__always) func takeAngles() {
                    let angles = Elementary.atan2(ys, xs)
                    for lane in 0..<count {
                        unowned(unsafe) let record = snapshot[Int(slots[lane])]
                        record.readAngle = angles[lane]
                    }
                    count = 0
                }
                for k in snapshot.indices {
                    unowned(unsafe) let record = snapshot[k]
                    let rotation = pose(record.body).rotation
                    guard rotation != record.readRotation else { continue }
                    record.readRotation = rotation
                    ys[count] = rotation.s; xs[count] = rotation.c; slots[count] = Int64(k)
                    count += 1
                    if count == 4 { takeAngles() }
                }
                if count > 0 { takeAngles() }
            }
            for k in snapshot.indices {
                unowned(unsafe) let record = snapshot[k]
                let pose = world.pose(of: record.body)
                var center = pose.position
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
                let moves = center != record.writtenCenter, turns = angle != record.writtenAngle
                guard moves || turns else { continue }
                // One reference for both writes: reading `record.item` for each call retains and
                // releases it each time. The record is updated before the item's setters run: a
                // write to the record after a call into the item retained the record around it.
                let item = record.item
                if moves, !record.wasMovedOutside, item.center != record.writtenCenter {
                    // Another animator, or a write without `updateItem(usingCurrentState:)`.
                    record.wasMovedOutside = true
                    engine.report(.invalidArgument, "DynamicAnimator: an item was moved outside this animator since it last wrote it (is it in a second animator? After moving an item yourself, call updateItem(usingCurrentState:)); the animator's simulation is written over it")
                }
                if moves { record.writtenCenter = center }
                if turns { record.writtenAngle = angle }
                if moves { item.center = center }
                if turns { item.transform = AffineTransform(rotationAngle: angle) }
            }
        }
    }

    // MARK: Contacts

    /// Whether a collision behaviour has a delegate to tell of contacts: the world records its
    /// contact events only then.
    var wantsContactEvents: Bool { collisionSlots.contains { $0?.collisionDelegate != nil } }

    /// Tells the collision behaviours' delegates about the contacts that began and ended in the
    /// last step, in the world's order.
    func dispatchContacts() {
        let events = world.contactEvents
        guard !events.isEmpty else { return }
        for event in events {
            guard let record = recordByBody[event.body] else { continue }
            switch event.partner {
            case .body(let other):
                guard let otherRecord = recordByBody[other] else { continue }
                // The bodies' item masks have bit `slot` for the collision behaviours that have
                // them and collide with items (`refreshCollisionMasks`).
                let both = record.itemsMask & otherRecord.itemsMask
                for (slot, behavior) in collisionSlots.enumerated() {
                    guard let behavior, let delegate = behavior.collisionDelegate, both & (1 << UInt64(slot)) != 0 else { continue }
                    switch event.phase {
                    case .began: delegate.collisionBehavior(behavior, beganContactFor: record.item, with: otherRecord.item, at: event.point)
                    case .ended: delegate.collisionBehavior(behavior, endedContactFor: record.item, with: otherRecord.item)
                    }
                }
            case .boundary(let boundary):
                for (slot, behavior) in collisionSlots.enumerated() {
                    guard let behavior, let delegate = behavior.collisionDelegate,
                          record.boundariesMask & (1 << UInt64(slot)) != 0,
                          let identifier = behavior.identifier(of: boundary) else { continue }
                    switch event.phase {
                    case .began: delegate.collisionBehavior(behavior, beganContactFor: record.item, withBoundaryIdentifier: identifier.name, at: event.point)
                    case .ended: delegate.collisionBehavior(behavior, endedContactFor: record.item, withBoundaryIdentifier: identifier.name)
                    }
                }
            }
        }
    }
}

/// An item's identity, the key of the registry's lookups (never iterated).
@inline(__always) func identity(of item: any DynamicItem) -> ObjectIdentifier {
    ObjectIdentifier(item as AnyObject)
}
