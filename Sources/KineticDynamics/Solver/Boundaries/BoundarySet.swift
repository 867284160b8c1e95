// The static boundaries bodies collide with, apart from the world: chains of two-sided segments,
// each stored as a two-vertex polygon in world coordinates, in slots handed out by IDPools.

import Kinetic

/// The world's boundaries and their segments. Everything here persists across steps (a snapshot
/// of the world holds it); the step only reads it.
struct BoundarySet {
    /// The segments; segment s has its vertices and normals at 2s and 2s + 1 in `vertices` and
    /// `normals` (a removed segment's slot is dead until reused).
    private(set) var segments: [Segment] = []
    private(set) var vertices: [Vec2] = []
    private(set) var normals: [Vec2] = []
    private var segmentIDs = IDPool()
    /// Each boundary's segments, by boundary slot.
    private(set) var records: [BoundaryRecord] = []
    private var ids = IDPool()

    /// Whether `boundary` names a boundary that was added and not removed.
    func isAlive(_ boundary: Int) -> Bool {
        boundary >= 0 && boundary < records.count && records[boundary].isAlive
    }

    /// A chain of segments through `points` (closed if `isClosed`), colliding with bodies whose
    /// boundary mask shares a bit with `mask`; returns the boundary's slot. Non-finite points
    /// are skipped, as are segments shorter than 1e-6 pt; segments are two-sided.
    mutating func add(points: [Point], isClosed: Bool, mask: UInt64) -> Int32 {
        let b: Int
        if let free = ids.reuse() { b = Int(free) } else { b = records.count; records.append(BoundaryRecord()) }
        records[b] = BoundaryRecord()
        let finite = points.filter { $0.x.isFinite && $0.y.isFinite }.map { Vec2($0) }
        // Drop repeated points so every segment has length and its neighbours are real.
        var chain: [Vec2] = []
        for p in finite where chain.last.map({ ($0 - p).lengthSquared > 1e-12 }) ?? true { chain.append(p) }
        let closed = isClosed && chain.count >= 3
        if closed, let first = chain.first, let last = chain.last, (first - last).lengthSquared <= 1e-12 { chain.removeLast() }
        var ends: [(Vec2, Vec2, Vec2?, Vec2?)] = []
        let m = chain.count
        if m >= 2 {
            let count = closed ? m : m - 1
            for k in 0..<count {
                let previous: Vec2? = k > 0 ? chain[k - 1] : (closed ? chain[m - 1] : nil)
                let next: Vec2? = k + 2 < m ? chain[k + 2] : (closed ? chain[(k + 2) % m] : nil)
                ends.append((chain[k], chain[(k + 1) % m], previous, next))
            }
        }
        for (p, q, previous, next) in ends {
            let n = cross(q - p, 1).normalized
            if n == .zero { continue }
            let s: Int
            if let free = segmentIDs.reuse() {
                s = Int(free)
            } else {
                s = segments.count
                segments.append(Segment(boundary: 0, mask: 0))
                vertices.append(contentsOf: [.zero, .zero])
                normals.append(contentsOf: [.zero, .zero])
            }
            segments[s] = Segment(isAlive: true, boundary: Int32(b), mask: mask, previous: previous, next: next)
            vertices[2 * s] = p; vertices[2 * s + 1] = q
            normals[2 * s] = n; normals[2 * s + 1] = -n
            records[b].segments.append(Int32(s))
        }
        return Int32(b)
    }

    /// Removes the live boundary `boundary` and frees its segments' slots, in the order they were added.
    mutating func remove(_ boundary: Int) {
        for s in records[boundary].segments {
            segments[Int(s)].isAlive = false
            segmentIDs.release(s)
        }
        records[boundary] = BoundaryRecord(isAlive: false, segments: [])
        ids.release(Int32(boundary))
    }
}
