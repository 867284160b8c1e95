// The contacts as the solver sweeps them: bundles of up to four contacts of one graph colour,
// lane by lane. A colour's contacts share no moving body, so the four are solved side by side in
// the lanes of `SIMD4<Double>` (AVX2 or SSE2 natively, simd128 or scalar code in WebAssembly)
// and give the bits they would one after another. Each lane runs the same operations in the same
// order (Swift does not fuse a·b + c), and a bundle is four lanes wide on every platform, so the
// results do not depend on the machine's vector width; `ContactBundleTests` checks that bundles of
// one lane give the same bits as bundles of four. The overflow colour's contacts, which may share
// bodies, are bundles of one.

import Kinetic

/// Up to four contacts of one colour, lane by lane (Box2D v3's b2ContactConstraintSIMD, written
/// for Kinetic): what the substeps' sweeps read. Lanes past `laneCount` name the ground, with no
/// points: the sweeps write its velocities back as they read them (it has no inverse mass, and the
/// lanes carry no impulse), and nothing else is written back from them.
struct ContactBundle {
    // In the order of what reads them, in 64-byte lines (a bundle is 11): the points (four lines
    // each: the narrowed lever arms, then the impulses, what the warm start reads first), the
    // normal and inertias (one), the bodies and the lanes' second points (one), then friction and
    // the bookkeeping (one), which only the relax sweep, `prepare` and the write-back read. The
    // warm start reads 6 of the 11 lines, the biased sweep 10.
    //
    // The geometry fixed for the step is stored narrowed (`NarrowLanes`: 16 bytes for four lanes
    // instead of 32), so a bundle carries 176 bytes per contact instead of 224. The sweeps stream
    // the bundles through the caches twelve times a step and their misses follow the bytes. The
    // narrowing rounds a lever arm or a normal by at most 2⁻²⁴ of itself (6e-6 pt on a 100-pt
    // arm). `prepare` computes the masses and the base separation from the narrowed values, so the
    // sweeps' constraints are exactly consistent with them.
    var p0 = PointLanes()
    var p1 = PointLanes()
    /// The world normal from A to B, fixed for the step, narrowed.
    var narrowNormalX = NarrowLanes(), narrowNormalY = NarrowLanes()
    /// The inverse inertias, narrowed (the inverse masses come with the velocities,
    /// `VelocityLanes`: a lane touching a static body has a side without).
    var narrowInvInertiaA = NarrowLanes(), narrowInvInertiaB = NarrowLanes()
    /// The bodies of each lane.
    var a = SIMD4<Int32>(repeating: 0)
    var b = SIMD4<Int32>(repeating: 0)
    /// −1 in the lanes with a second point, 0 in the others (`twoPoints`), and whether any lane
    /// has one: 17 bytes in the bodies' line, where a mask of four `Int64` would take 32.
    var secondPoints = SIMD4<Int32>(repeating: 0)
    var anyTwoPoints = false
    /// Friction coefficients (a lane has friction where it is above 0).
    var friction = Lanes()
    /// Lane i is the contact of slot `firstSlot + i` of the step's active contacts.
    var firstSlot: Int32 = 0
    var laneCount: Int32 = 0
    /// Whether any lane has friction or restitution (so a sweep can skip what no lane needs
    /// without reducing a mask).
    var anyFriction = false
    var anyRestitution = false
    /// Pads the bundle to 704 bytes, 11 cache lines, so that in a `CacheAlignedBuffer` no lane
    /// crosses a line (`CacheAlignedBufferTests` checks the stride and the lines).
    private var padding: (Int64, Int64) = (0, 0)

    /// The normal and inverse inertias widened, as the sweeps compute with them.
    var normalX: Lanes { @inline(__always) get { Lanes(narrowNormalX) } }
    var normalY: Lanes { @inline(__always) get { Lanes(narrowNormalY) } }
    var invInertiaA: Lanes { @inline(__always) get { Lanes(narrowInvInertiaA) } }
    var invInertiaB: Lanes { @inline(__always) get { Lanes(narrowInvInertiaB) } }

    /// The lanes with a second point, stored as `secondPoints`.
    var twoPoints: LaneMask {
        @inline(__always) get { SIMD4<Int64>(truncatingIfNeeded: secondPoints) .< SIMD4<Int64>(repeating: 0) }
        @inline(__always) set {
            secondPoints = SIMD4<Int32>(truncatingIfNeeded: SIMD4<Int64>(repeating: 0).replacing(with: -1, where: newValue))
        }
    }
}
