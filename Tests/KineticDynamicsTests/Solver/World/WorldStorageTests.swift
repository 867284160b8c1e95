// The world's snapshot is a value: the step, which keeps pointers into the world's bodies, contacts
// and joints for its duration, writes none of a snapshot's; and a dropped world is freed.
import Testing
import Kinetic
@testable import KineticDynamics

@Suite struct WorldStorageTests {
    /// A snapshot of the world taken before a step holds the bodies, contacts and joints as they
    /// were: the step, which writes them through pointers it keeps for its duration, does not
    /// reach the snapshot's copies.
    @Test func aWorldSnapshotIsUnchangedByTheNextStep() {
        let world = PhysicsWorld()
        world.allowsSleeping = false
        let floor = world.addBody(PhysicsWorld.box(width: 400, height: 20), at: Point(x: 0, y: 210),
                                  material: BodyMaterial(isAnchored: true))
        let box = world.addBody(PhysicsWorld.box(width: 40, height: 40), at: Point(x: 0, y: 181))
        let ball = world.addBody(.circle(radius: 10), at: Point(x: 60, y: 100))
        _ = world.addJoint(JointDefinition(kind: .pin(angleRange: nil), bodyA: ball, bodyB: nil, anchorB: Point(x: 60, y: 60)))
        for body in [floor, box] { world.setCollisionMasks(items: 1, boundaries: 0, of: body) }
        func advance() {
            world.applyAcceleration(Vector(dx: 0, dy: 1000), to: box)
            world.applyAcceleration(Vector(dx: 300, dy: 1000), to: ball)
            world.step()
        }
        for _ in 0..<10 { advance() }
        let state = world.state
        func bits(_ s: PhysicsWorld.State) -> [UInt64] {
            s.bodies.motions.flatMap { [$0.position.x.bitPattern, $0.position.y.bitPattern, $0.velocity.x.bitPattern,
                                        $0.velocity.y.bitPattern, $0.angularVelocity.bitPattern] }
                + s.contacts.flatMap { [$0.p0.normalImpulse.bitPattern, $0.p0.tangentImpulse.bitPattern] }
                + s.joints.indices.flatMap { [s.joints[$0].linearImpulse.x.bitPattern, s.joints[$0].linearImpulse.y.bitPattern] }
        }
        let before = bits(state)
        #expect(state.contacts.contains { $0.p0.normalImpulse > 0 })
        #expect(state.joints[0].linearImpulse != .zero)
        advance()
        #expect(bits(world.state) != before)
        #expect(bits(state) == before)
    }

    /// The world's stores are values without references back to it: a world dropped after
    /// stepping is freed.
    @Test func aDroppedWorldIsFreed() {
        weak var dropped: PhysicsWorld?
        do {
            let world = PhysicsWorld()
            let floor = world.addBody(PhysicsWorld.box(width: 400, height: 20), at: Point(x: 0, y: 210),
                                      material: BodyMaterial(isAnchored: true))
            let box = world.addBody(PhysicsWorld.box(width: 40, height: 40), at: Point(x: 0, y: 181))
            for body in [floor, box] { world.setCollisionMasks(items: 1, boundaries: 0, of: body) }
            for _ in 0..<5 { world.step() }
            dropped = world
        }
        #expect(dropped == nil)
    }
}
