// The world's bodies as stored: one slot per body index, in the arrays the solver loops over, and
// the operations that only read or fill those slots (shapes, mass, boxes, the getters).

import Kinetic

/// The bodies' storage. Slot `i` of `motions` and `records` is body `i` (0 is the ground: a static
/// body at the origin that boundaries and world joints attach to); `shapes` keeps the shape as
/// given and `vertexPool` and `normalPool` the prepared one, body `i`'s `vertexCount` entries from
/// `records[i].vertexStart`, packed (a box's four vertices are one cache line, and the bodies'
/// boxes are updated in one forward pass through the pool). `ids` hands out the slots of
/// destroyed bodies again.
///
/// Nothing here wakes a body or touches a contact: that is the world's part of every change.
struct BodyStore {
    var motions = StableArray<Motion>()
    var records = StableArray<BodyRecord>()
    var shapes: [ShapeGeometry] = []
    var vertexPool: [Vec2] = []
    var normalPool: [Vec2] = []
    var ids = IDPool()

    /// The store with the ground alone.
    init() {
        motions.append(Motion(position: .zero, rotation: .identity, velocity: .zero, angularVelocity: 0, invMass: 0, invInertia: 0))
        var ground = BodyRecord()
        ground.isAwake = false
        ground.material.isAnchored = true
        records.append(ground)
        shapes.append(.circle(radius: 0))
        // One unused entry, so that the pools always have an address.
        vertexPool.append(.zero)
        normalPool.append(.zero)
    }

    /// The slot of a live body, or nil for the ground, a destroyed body or an unknown handle.
    @inline(__always) func index(_ body: BodyID) -> Int? {
        let i = Int(body.raw)
        return i > 0 && i < records.count && records[i].isAlive ? i : nil
    }

    /// Fills a slot (a destroyed body's if one is free, else a new one) with an awake body at rest
    /// and returns it. A non-finite position or angle reads as 0; the material is `sanitized`.
    mutating func create(shape: ShapeGeometry, position: Point, angle: Double, material: BodyMaterial) -> Int {
        let i: Int
        if let free = ids.reuse() {
            i = Int(free)
        } else {
            i = records.count
            motions.append(motions[0])
            records.append(BodyRecord())
            shapes.append(.circle(radius: 1))
        }
        let p = position.x.isFinite && position.y.isFinite ? Vec2(position) : .zero
        motions[i] = Motion(position: p, rotation: Rotation(angle: angle.isFinite ? angle : 0), velocity: .zero,
                            angularVelocity: 0, invMass: 0, invInertia: 0)
        // A reused slot keeps its range of the vertex pool.
        let vertexStart = records[i].vertexStart, vertexCapacity = records[i].vertexCapacity
        records[i] = BodyRecord()
        records[i].vertexStart = vertexStart
        records[i].vertexCapacity = vertexCapacity
        records[i].isAlive = true
        records[i].material = Self.sanitized(material)
        installShape(shape, at: i)
        updateMass(i)
        updateBox(i)
        return i
    }

    /// Empties slot `i`; its handle is reused only after the current step (see `IDPool`).
    mutating func destroy(_ i: Int) {
        records[i].isAlive = false
        records[i].isAwake = false
        motions[i] = motions[0]
        ids.releaseAfterStep(Int32(i))
    }

    /// Density ≥ 0.001 (non-finite: 1), restitution 0…1, friction and dampings ≥ 0 (non-finite: 0).
    static func sanitized(_ m: BodyMaterial) -> BodyMaterial {
        var m = m
        m.density = m.density.isFinite ? max(m.density, 0.001) : 1
        m.restitution = m.restitution.isFinite ? min(max(m.restitution, 0), 1) : 0
        m.friction = m.friction.isFinite ? max(m.friction, 0) : 0
        m.linearDamping = m.linearDamping.isFinite ? max(m.linearDamping, 0) : 0
        m.angularDamping = m.angularDamping.isFinite ? max(m.angularDamping, 0) : 0
        return m
    }

    /// Stores the prepared shape of body `i` (its vertices in its range of the pool, which moves
    /// to the pool's end when the shape has more vertices than the range holds).
    mutating func installShape(_ geometry: ShapeGeometry, at i: Int) {
        shapes[i] = geometry
        let shape: ConvexShape
        if let s = ConvexShape.make(geometry) {
            shape = s
        } else {
            var extent = 0.5
            switch geometry {
            case .circle(let r): if r.isFinite, r > 0.5 { extent = r }
            case .polygon(let points):
                for p in points where p.x.isFinite && p.y.isFinite { extent = max(extent, Vec2(p).length) }
            }
            shape = ConvexShape.make(.circle(radius: extent))!
        }
        records[i].isCircle = shape.isCircle
        records[i].radius = shape.radius
        records[i].vertexCount = shape.vertices.count
        records[i].boundingRadius = shape.boundingRadius
        var inner = shape.isCircle ? shape.radius : Double.infinity
        for k in shape.vertices.indices { inner = min(inner, dot(shape.normals[k], shape.vertices[k])) }
        records[i].innerRadius = max(inner, 0)
        records[i].area = shape.area
        records[i].secondMoment = shape.secondMoment
        let count = shape.vertices.count
        if count > Int(records[i].vertexCapacity) {
            records[i].vertexStart = Int32(vertexPool.count)
            records[i].vertexCapacity = Int32(count)
            vertexPool.append(contentsOf: repeatElement(.zero, count: count))
            normalPool.append(contentsOf: repeatElement(.zero, count: count))
        }
        let base = Int(records[i].vertexStart)
        for k in 0..<count {
            vertexPool[base + k] = shape.vertices[k]
            normalPool[base + k] = shape.normals[k]
        }
    }

    /// Sets body `i`'s material, `sanitized`, and its mass; an anchored body stops. Returns
    /// whether the body became or stopped being anchored.
    mutating func setMaterial(_ material: BodyMaterial, at i: Int) -> Bool {
        let wasAnchored = records[i].material.isAnchored
        records[i].material = Self.sanitized(material)
        updateMass(i)
        if records[i].material.isAnchored {
            motions[i].velocity = .zero; motions[i].angularVelocity = 0
        }
        return records[i].material.isAnchored != wasAnchored
    }

    /// Mass and inertia from the density, area and second moment (at least 1e-9); their inverses
    /// are 0 for an anchored body, and the inverse inertia for one that may not rotate.
    mutating func updateMass(_ i: Int) {
        let m = records[i].material
        let mass = max(m.density * records[i].area / 10_000, 1e-9)
        let inertia = max(m.density * records[i].secondMoment / 10_000, 1e-9)
        records[i].mass = mass
        records[i].inertia = inertia
        if m.isAnchored {
            motions[i].invMass = 0
            motions[i].invInertia = 0
        } else {
            motions[i].invMass = 1 / mass
            motions[i].invInertia = m.allowsRotation ? 1 / inertia : 0
            if !m.allowsRotation { motions[i].angularVelocity = 0 }
        }
    }

    /// The resting broadphase box: tight box plus the speculative margin.
    mutating func updateBox(_ i: Int) {
        var box = withBuffers { $0.tightBox(i) }
        let g = PhysicsWorld.speculativeMargin
        box.minX -= g; box.minY -= g; box.maxX += g; box.maxY += g
        records[i].aabb = box
        records[i].reach = 0
    }

    /// Fills a new contact's bodies, radii and materials from its key.
    func setUpPair(_ c: inout Contact) {
        let lo = Int32(truncatingIfNeeded: c.key >> 32)
        let hiBits = UInt32(truncatingIfNeeded: c.key)
        if hiBits & 0x8000_0000 != 0 {
            c.segment = Int32(hiBits & 0x7FFF_FFFF)
            c.a = 0
            c.b = lo
            c.radiusA = 0
            c.radiusB = records[Int(lo)].radius
            c.friction = records[Int(lo)].material.friction
            c.restitution = records[Int(lo)].material.restitution
        } else {
            let hi = Int32(hiBits)
            // A polygon is always A against a circle.
            if records[Int(lo)].isCircle && !records[Int(hi)].isCircle { c.a = hi; c.b = lo } else { c.a = lo; c.b = hi }
            c.segment = -1
            c.radiusA = records[Int(c.a)].radius
            c.radiusB = records[Int(c.b)].radius
            let ma = records[Int(c.a)].material, mb = records[Int(c.b)].material
            c.friction = (ma.friction * mb.friction).squareRoot()
            c.restitution = max(ma.restitution, mb.restitution)
        }
    }

    /// Runs `body` with the arrays the step's loops read and write as raw pointers, taken in one
    /// access to the store (so that nested loops over several arrays are not overlapping accesses
    /// to it). Valid only inside the call; the arrays are never empty (the ground has a slot).
    mutating func withBuffers<R>(_ body: (BodyBuffers) -> R) -> R {
        motions.withUnsafeMutableBufferPointer { motions in
        records.withUnsafeMutableBufferPointer { records in
        vertexPool.withUnsafeBufferPointer { vertices in
        normalPool.withUnsafeBufferPointer { normals in
            body(BodyBuffers(motions: motions.baseAddress!, bodies: records.baseAddress!,
                             vertices: vertices.baseAddress!, normals: normals.baseAddress!))
        }
        }
        }
        }
    }
}

extension BodyStore {
    /// A live body's position (unknown handles: the origin).
    func position(of body: BodyID) -> Point {
        guard let i = index(body) else { return .zero }
        return motions[i].position.point
    }

    /// The rotation in radians, in −π…π (`Elementary.atan2` of the stored rotation, the same bits
    /// everywhere; for output only). Unknown handles: 0.
    func angle(of body: BodyID) -> Double {
        guard let i = index(body) else { return 0 }
        return Elementary.atan2(motions[i].rotation.s, motions[i].rotation.c)
    }

    /// The position and the stored (cos, sin) rotation pair in one lookup (for the animator's
    /// write-back, which converts the pair to an angle only when it changed). Unknown handles
    /// read as the origin and the identity.
    func pose(of body: BodyID) -> (position: Point, rotation: Rotation) {
        guard let i = index(body) else { return (.zero, .identity) }
        return (motions[i].position.point, motions[i].rotation)
    }

    /// A live body's velocity (unknown handles: zero).
    func velocity(of body: BodyID) -> Vector {
        guard let i = index(body) else { return .zero }
        return motions[i].velocity.vector
    }

    /// A live body's angular velocity (unknown handles: 0).
    func angularVelocity(of body: BodyID) -> Double {
        guard let i = index(body) else { return 0 }
        return motions[i].angularVelocity
    }

    /// A live body's record (unknown handles: a default record, massless and asleep).
    func record(of body: BodyID) -> BodyRecord {
        guard let i = index(body) else { return BodyRecord(isAwake: false) }
        return records[i]
    }

    /// Fills `awake` with the awake dynamic bodies, in index order; returns whether a dynamic
    /// body sleeps.
    func listAwake(into awake: StepArray<Int32>) -> Bool {
        awake.removeAll()
        var sleeping = false
        for i in 1..<records.count where records[i].isAlive && !records[i].material.isAnchored {
            if records[i].isAwake { awake.append(Int32(i)) } else { sleeping = true }
        }
        return sleeping
    }

    /// Whether every dynamic body is asleep.
    var isAtRest: Bool {
        for i in 1..<records.count where records[i].isAlive && !records[i].material.isAnchored && records[i].isAwake {
            return false
        }
        return true
    }
}

extension BodyStore {
    /// `a` + `b`, clamped to ±`PhysicsWorld.maxInput` (±`maxInput` by the sign of `b` when the
    /// sum overflows): how applied forces, torques and accelerations accumulate.
    @inline(__always) static func clampedSum(_ a: Vec2, _ b: Vec2) -> Vec2 {
        Vec2(clampedSum(a.x, b.x), clampedSum(a.y, b.y))
    }

    @inline(__always) static func clampedSum(_ a: Double, _ b: Double) -> Double {
        let s = a + b
        guard s.isFinite else { return b > 0 ? PhysicsWorld.maxInput : -PhysicsWorld.maxInput }
        return min(max(s, -PhysicsWorld.maxInput), PhysicsWorld.maxInput)
    }

    /// Adds `a` to the acceleration of each awake dynamic body of `ids`, in order; unknown
    /// handles, sleeping and anchored bodies are skipped.
    mutating func addAcceleration(_ a: Vec2, toAwake ids: [BodyID]) {
        ids.withUnsafeBufferPointer { ids in
        records.withUnsafeMutableBufferPointer { bodies in
            for id in ids {
                let i = Int(id.raw)
                guard i > 0, i < bodies.count, bodies[i].isAlive, bodies[i].isAwake, !bodies[i].material.isAnchored else { continue }
                bodies[i].acceleration = Self.clampedSum(bodies[i].acceleration, a)
            }
        }
        }
    }

    /// Boxes of the `awake` bodies: the tight box swept by this step's motion, grown by the
    /// margin and the rotation's reach; `reach` feeds the speculative distance of their contacts.
    mutating func updateSweptBoxes(_ awake: UnsafeBufferPointer<Int32>, _ h: Double) {
        withBuffers { store in
            for index in awake {
                let i = Int(index)
                let m = store.motions[i]
                var box = store.tightBox(i)
                let dx = m.velocity.x * h, dy = m.velocity.y * h
                let turn = store.bodies[i].isCircle ? 0 : m.angularVelocity.magnitude * h * store.bodies[i].boundingRadius
                let grow = PhysicsWorld.speculativeMargin + turn
                box.minX += min(dx, 0) - grow; box.maxX += max(dx, 0) + grow
                box.minY += min(dy, 0) - grow; box.maxY += max(dy, 0) + grow
                store.bodies[i].aabb = box
                store.bodies[i].reach = m.velocity.length * h + turn
            }
        }
    }

    /// Each `awake` body's time at rest: 0 while it moves faster than the sleep tolerances (or
    /// sleeping is off), else `h` longer.
    mutating func updateSleepTimes(_ awake: UnsafeBufferPointer<Int32>, _ h: Double, allowsSleeping: Bool) {
        let linear2 = PhysicsWorld.linearSleepTolerance * PhysicsWorld.linearSleepTolerance
        let angular2 = PhysicsWorld.angularSleepTolerance * PhysicsWorld.angularSleepTolerance
        withBuffers { buffers in
            let motions = buffers.motions, bodies = buffers.bodies
            for index in awake {
                let i = Int(index)
                let m = motions[i]
                if !allowsSleeping || m.velocity.lengthSquared > linear2 || m.angularVelocity * m.angularVelocity > angular2 {
                    bodies[i].sleepTime = 0
                } else {
                    bodies[i].sleepTime += h
                }
            }
        }
    }

    /// Puts body `i` to sleep, at rest, in sleeping island `island`.
    mutating func putToSleep(_ i: Int, island: Int32) {
        records[i].isAwake = false
        records[i].sleepIsland = island
        motions[i].velocity = .zero
        motions[i].angularVelocity = 0
        updateBox(i)
    }

    /// The end of a step: the forces, torques and accelerations applied for it are cleared, and
    /// the slots of bodies destroyed during it become reusable.
    mutating func endStep() {
        records.withUnsafeMutableBufferPointer { bodies in
            for i in bodies.indices {
                bodies[i].force = .zero
                bodies[i].torque = 0
                bodies[i].acceleration = .zero
            }
        }
        ids.endStep()
    }
}
