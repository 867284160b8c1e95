import Kinetic

/// One side's velocities of a bundle's contacts, held in registers while it is solved, with the
/// inverse masses read beside them (not written back).
///
/// Each lane is gathered with scalar loads and written back with scalar stores. Loading each
/// body's motion as one row of four doubles and transposing the rows in registers takes fewer
/// instructions on paper, but the optimiser then pushes the transposes through the lane-wise
/// arithmetic into half-scalar code, and a step runs more instructions.
struct VelocityLanes {
    var vx: Lanes, vy: Lanes, w: Lanes
    let invMass: Lanes

    @inline(__always) init(_ motions: UnsafeMutablePointer<Motion>, _ index: SIMD4<Int32>) {
        let m0 = motions + Int(index[0]), m1 = motions + Int(index[1])
        let m2 = motions + Int(index[2]), m3 = motions + Int(index[3])
        vx = Lanes(m0.pointee.velocity.x, m1.pointee.velocity.x, m2.pointee.velocity.x, m3.pointee.velocity.x)
        vy = Lanes(m0.pointee.velocity.y, m1.pointee.velocity.y, m2.pointee.velocity.y, m3.pointee.velocity.y)
        w = Lanes(m0.pointee.angularVelocity, m1.pointee.angularVelocity, m2.pointee.angularVelocity, m3.pointee.angularVelocity)
        invMass = Lanes(m0.pointee.invMass, m1.pointee.invMass, m2.pointee.invMass, m3.pointee.invMass)
    }

    /// Writes the four lanes back, in lane order. A bundle's lanes past its contacts name the
    /// ground and write its velocities back unchanged: storing them costs less than the branches
    /// that skipped them, which also made the optimiser compute the last two lanes apart.
    @inline(__always) func store(_ motions: UnsafeMutablePointer<Motion>, _ index: SIMD4<Int32>) {
        @inline(__always) func put(_ lane: Int) {
            let m = motions + Int(index[lane])
            m.pointee.velocity = Vec2(vx[lane], vy[lane])
            m.pointee.angularVelocity = w[lane]
        }
        put(0); put(1); put(2); put(3)
    }
}
