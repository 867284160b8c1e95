// Boundaries hold: after the solve, no body's core (the inner half of its shape) ends a step across
// a boundary segment it collides with, so nothing leaves a closed boundary.
import Kinetic

extension CollisionContext {
    /// The core of a body, as a fraction of its inner radius (the largest circle about its centre
    /// inside the shape): the part that never ends a step across a boundary's line.
    static let coreFraction = 0.5

    /// Two guards after the solve, for the squeezes that the iterations do not resolve (a small
    /// item between a wall and a larger item pressing it; in random closed-box episodes about 3 %
    /// ejected one through a wall at 1,000–4,000 pt/s):
    ///
    /// - Sweep: a body that moved more than a quarter of its inner radius this step has its core
    ///   circle swept from where the step began to where it ended, against the boundary segments
    ///   it collides with; where the core would newly cross a segment between its ends, the body
    ///   stops (keeping its velocity: the next step's contact bounces it). This catches a body that
    ///   a contact impulse throws at a wall it had no contact with (its contacts were found from
    ///   where its velocity pointed before the solve).
    /// - Depth: a body deeper in a boundary segment than its core allows (at least 3 slops) is
    ///   moved out along the segment's normal to that depth, measured on its shape at the end of
    ///   the step, on the side its contact remembers (see `Contact.side`). This catches a body
    ///   pressed into a wall a little more at every step.
    ///
    /// Only +, −, ×, ÷: deterministic like the rest of the step.
    ///
    /// `bundles` are the step's solved bundles over `active` (in its order): the depth guard
    /// finds the boundary contacts by their lanes' ground body, in that order, rather than
    /// reading every contact.
    func keepCoresInsideBoundaries(awake: UnsafeBufferPointer<Int32>, start: UnsafeBufferPointer<StartState>,
                                   contacts: UnsafePointer<Contact>, active: UnsafeBufferPointer<Int32>,
                                   bundles: UnsafeBufferPointer<ContactBundle>) {
        let motions = store.motions, bodies = store.bodies, vertices = store.vertices
        let segV = segmentVertices, segN = segmentNormals
        for index in awake {
            let i = Int(index)
            guard bodies[i].boundaryMask != 0 else { continue }
            let c0 = start[i].position, c1 = motions[i].position
            let d = c1 - c0
            let inner = bodies[i].innerRadius
            if d.lengthSquared <= 0.0625 * inner * inner { continue }
            let core = Self.coreFraction * inner
            let lo = Vec2(min(c0.x, c1.x) - core, min(c0.y, c1.y) - core)
            let hi = Vec2(max(c0.x, c1.x) + core, max(c0.y, c1.y) + core)
            var first = 1.0
            for s in segments.indices where segments[s].isAlive && segments[s].mask & bodies[i].boundaryMask != 0 {
                let v1 = segV[2 * s], v2 = segV[2 * s + 1]
                if max(v1.x, v2.x) < lo.x || min(v1.x, v2.x) > hi.x || max(v1.y, v2.y) < lo.y || min(v1.y, v2.y) > hi.y { continue }
                var n = segN[2 * s]
                var d0 = dot(c0 - v1, n)
                if d0 < 0 { n = -n; d0 = -d0 }
                d0 -= core
                let d1 = dot(c1 - v1, n) - core
                guard d0 >= 0, d1 < 0 else { continue }
                let t = d0 / (d0 - d1)
                if t >= first { continue }
                let along = dot(c0 + d * t - v1, v2 - v1)
                if along < 0 || along > (v2 - v1).lengthSquared { continue }
                first = t
            }
            if first < 1 { motions[i].position = c0 + d * first }
        }

        guard let firstBundle = bundles.baseAddress else { return }
        for index in bundles.indices {
            let bundle = firstBundle + index
            for lane in 0..<Int(bundle.pointee.laneCount) where bundle.pointee.a[lane] == 0 {     // a boundary's ground body
                let c = contacts + Int(active[Int(bundle.pointee.firstSlot) + lane])
                let s = Int(c.pointee.segment), side = c.pointee.side
                guard s >= 0, side != 0 else { continue }
                let i = Int(c.pointee.b)
                let v1 = segV[2 * s], v2 = segV[2 * s + 1]
                let n = side > 0 ? segN[2 * s] : -segN[2 * s]
                let span = (v2 - v1).lengthSquared
                let m = motions[i]
                var deepest = 0.0
                @inline(__always) func measure(_ p: Vec2, _ radius: Double) {
                    let along = dot(p - v1, v2 - v1)
                    if along < 0 || along > span { return }
                    deepest = min(deepest, dot(p - v1, n) - radius)
                }
                if bodies[i].isCircle {
                    measure(m.position, bodies[i].radius)
                } else {
                    let base = Int(bodies[i].vertexStart)
                    for v in 0..<bodies[i].vertexCount { measure(m.rotation.apply(vertices[base + v]) + m.position, 0) }
                }
                let limit = max(3 * ContactSolver.linearSlop, Self.coreFraction * bodies[i].innerRadius)
                if deepest < -limit { motions[i].position += n * (-limit - deepest) }
            }
        }
    }
}
