// The world's bookkeeping behind the public calls: shapes, mass, boxes, clamps, waking, joint set-up.

import Kinetic

extension PhysicsWorld {
    static func sanitized(_ m: BodyMaterial) -> BodyMaterial {
        var m = m
        m.density = m.density.isFinite ? max(m.density, 0.001) : 1
        m.restitution = m.restitution.isFinite ? min(max(m.restitution, 0), 1) : 0
        m.friction = m.friction.isFinite ? max(m.friction, 0) : 0
        m.linearDamping = m.linearDamping.isFinite ? max(m.linearDamping, 0) : 0
        m.angularDamping = m.angularDamping.isFinite ? max(m.angularDamping, 0) : 0
        return m
    }

    /// Stores the prepared shape of body `i` (vertices in the pool's 16 slots of the body).
    func installShape(_ geometry: ShapeGeometry, at i: Int) {
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
        bodies[i].isCircle = shape.isCircle
        bodies[i].radius = shape.radius
        bodies[i].vertexCount = shape.vertices.count
        bodies[i].boundingRadius = shape.boundingRadius
        var inner = shape.isCircle ? shape.radius : Double.infinity
        for k in shape.vertices.indices { inner = min(inner, dot(shape.normals[k], shape.vertices[k])) }
        bodies[i].innerRadius = max(inner, 0)
        bodies[i].area = shape.area
        bodies[i].secondMoment = shape.secondMoment
        let base = i * ConvexShape.maxVertices
        for k in 0..<shape.vertices.count {
            vertexPool[base + k] = shape.vertices[k]
            normalPool[base + k] = shape.normals[k]
        }
    }

    func updateMass(_ i: Int) {
        let m = bodies[i].material
        let mass = max(m.density * bodies[i].area / 10_000, 1e-9)
        let inertia = max(m.density * bodies[i].secondMoment / 10_000, 1e-9)
        bodies[i].mass = mass
        bodies[i].inertia = inertia
        if m.isAnchored {
            motions[i].invMass = 0
            motions[i].invInertia = 0
        } else {
            motions[i].invMass = 1 / mass
            motions[i].invInertia = m.allowsRotation ? 1 / inertia : 0
            if !m.allowsRotation { motions[i].angularVelocity = 0 }
        }
    }

    /// The tight box of body `i`'s shape at its pose.
    @inline(__always) func tightBox(_ i: Int) -> AABB {
        let m = motions[i]
        if bodies[i].isCircle {
            let r = bodies[i].radius
            return AABB(minX: m.position.x - r, minY: m.position.y - r, maxX: m.position.x + r, maxY: m.position.y + r)
        }
        let base = i * ConvexShape.maxVertices
        var box = AABB(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
        for k in 0..<bodies[i].vertexCount {
            let v = m.rotation.apply(vertexPool[base + k]) + m.position
            box.minX = min(box.minX, v.x); box.maxX = max(box.maxX, v.x)
            box.minY = min(box.minY, v.y); box.maxY = max(box.maxY, v.y)
        }
        return box
    }

    /// The resting broadphase box: tight box plus the speculative margin.
    func updateBox(_ i: Int) {
        var box = tightBox(i)
        let g = Self.speculativeMargin
        box.minX -= g; box.minY -= g; box.maxX += g; box.maxY += g
        bodies[i].aabb = box
        bodies[i].reach = 0
    }

    @inline(__always) func clampedVelocity(_ v: Vec2) -> Vec2 {
        guard v.isFinite else { return .zero }
        let limit = Self.maxTranslation * stepRate
        let big = max(v.x.magnitude, v.y.magnitude)
        if big <= limit * 0.7 { return v }
        let unit = Vec2(v.x / big, v.y / big)           // no overflow in the square
        let length = unit.length * big
        return length > limit ? unit * (limit / unit.length) : v
    }

    @inline(__always) func clampedSum(_ a: Vec2, _ b: Vec2) -> Vec2 {
        Vec2(clampedSum(a.x, b.x), clampedSum(a.y, b.y))
    }

    @inline(__always) func clampedSum(_ a: Double, _ b: Double) -> Double {
        let s = a + b
        guard s.isFinite else { return b > 0 ? Self.maxInput : -Self.maxInput }
        return min(max(s, -Self.maxInput), Self.maxInput)
    }

    /// Wakes body `i` and the island it sleeps in.
    func wakeBody(_ i: Int) {
        guard i > 0, i < bodies.count, bodies[i].isAlive, !bodies[i].material.isAnchored else { return }
        let island = bodies[i].sleepIsland
        if island >= 0 {
            sleepingIslands.removeIsland(island) { k in
                bodies[k].isAwake = true
                bodies[k].sleepTime = 0
                bodies[k].sleepIsland = -1
            }
        }
        bodies[i].isAwake = true
        bodies[i].sleepTime = 0
        bodies[i].sleepIsland = -1
    }

    /// Wakes every body in contact with body `i` (after it moved, changed or went away).
    func wakeContacts(of i: Int) {
        let me = Int32(i)
        for c in contacts.indices where contacts[c].a == me || contacts[c].b == me {
            wakeBody(Int(contacts[c].a))
            wakeBody(Int(contacts[c].b))
        }
    }

    func wakeJoint(_ j: Int) {
        wakeBody(Int(joints[j].a))
        wakeBody(Int(joints[j].b))
    }

    func makeJoint(_ definition: JointDefinition) -> Joint {
        var d = definition
        if !(d.localAnchorA.x.isFinite && d.localAnchorA.y.isFinite) { d.localAnchorA = .zero }
        if !(d.anchorB.x.isFinite && d.anchorB.y.isFinite) { d.anchorB = .zero }
        if !d.frictionTorque.isFinite || d.frictionTorque < 0 { d.frictionTorque = 0 }
        if !d.motorSpeed.isFinite { d.motorSpeed = 0 }
        if !d.maxMotorForce.isFinite || d.maxMotorForce < 0 { d.maxMotorForce = 0 }
        switch d.kind {
        case .distance(let length, let frequency, let ratio):
            d.kind = .distance(length: length.isFinite ? max(length, 0) : 0,
                               frequency: frequency.isFinite ? max(frequency, 0) : 0,
                               dampingRatio: ratio.isFinite ? max(ratio, 0) : 0)
        case .limit(let minimum, let maximum):
            let lo = minimum.isFinite ? max(minimum, 0) : 0
            let hi = maximum.isNaN ? lo : max(maximum, lo)
            d.kind = .limit(minimum: lo, maximum: hi)
        default:
            break
        }
        var a = Int32(d.bodyA.raw)
        var b: Int32 = 0
        var usable = index(d.bodyA) != nil
        if let bodyB = d.bodyB {
            b = bodyB.raw
            usable = usable && index(bodyB) != nil && bodyB != d.bodyA
        }
        if !usable { a = 0; b = 0 }
        var joint = Joint(definition: d, a: a, b: b, localA: Vec2(d.localAnchorA), localB: Vec2(d.anchorB.x, d.anchorB.y),
                          referenceRotation: motions[Int(a)].rotation.relative(to: motions[Int(b)].rotation))
        joint.isAlive = true
        switch d.kind {
        case .sliding(let axis, _):
            let u = Vec2(axis).normalized
            joint.localAxis = u == .zero ? Vec2(1, 0) : u
        case .snap(_, let angle):
            joint.targetRotation = Rotation(angle: angle.isFinite ? angle : 0)
        default:
            break
        }
        return joint
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
            c.radiusB = bodies[Int(lo)].radius
            c.friction = bodies[Int(lo)].material.friction
            c.restitution = bodies[Int(lo)].material.restitution
        } else {
            let hi = Int32(hiBits)
            // A polygon is always A against a circle.
            if bodies[Int(lo)].isCircle && !bodies[Int(hi)].isCircle { c.a = hi; c.b = lo } else { c.a = lo; c.b = hi }
            c.segment = -1
            c.radiusA = bodies[Int(c.a)].radius
            c.radiusB = bodies[Int(c.b)].radius
            let ma = bodies[Int(c.a)].material, mb = bodies[Int(c.b)].material
            c.friction = (ma.friction * mb.friction).squareRoot()
            c.restitution = max(ma.restitution, mb.restitution)
        }
    }
}

extension PhysicsWorld {
    /// `applyAcceleration(acceleration, to:)` for each awake dynamic body of `ids` (gravity's one
    /// call a step): the same sums in the same order, without a lookup and a call per body.
    /// Unknown handles, sleeping and anchored bodies are skipped; a non-finite acceleration is ignored.
    func applyAccelerationToAwake(_ acceleration: Vector, _ ids: [BodyID]) {
        guard acceleration.x.isFinite, acceleration.y.isFinite else { return }
        let a = Vec2(acceleration)
        ids.withUnsafeBufferPointer { ids in
        bodies.withUnsafeMutableBufferPointer { bodies in
            for id in ids {
                let i = Int(id.raw)
                guard i > 0, i < bodies.count, bodies[i].isAlive, bodies[i].isAwake, !bodies[i].material.isAnchored else { continue }
                bodies[i].acceleration = clampedSum(bodies[i].acceleration, a)
            }
        }
        }
    }
}

extension PhysicsWorld {
    /// The position and the stored (cos, sin) rotation pair in one lookup (for the animator's
    /// write-back, which converts the pair to an angle only when it changed). Unknown handles
    /// read as the origin and the identity.
    func pose(of body: BodyID) -> (position: Point, rotation: Rotation) {
        guard let i = index(body) else { return (.zero, .identity) }
        return (motions[i].position.point, motions[i].rotation)
    }
}
