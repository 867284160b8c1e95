// DynamicItemGroup: several items as one rigid body, against closed forms for its mass, inertia and motion.
import Testing
import Kinetic
@testable import KineticDynamics

@Suite struct DynamicItemGroupTests {
    /// Two 40-point squares side by side and a 40-point disc below them.
    private func members() -> (BasicDynamicItem, BasicDynamicItem, BasicDynamicItem) {
        (square(at: Point(x: 100, y: 100), side: 40), square(at: Point(x: 160, y: 100), side: 40),
         ball(at: Point(x: 130, y: 160), diameter: 40))
    }

    private let squareArea = 1600.0
    private let discArea = Double.pi * 400

    @Test func theGroupsCentreIsTheMembersCentreOfMass() {
        let (a, b, c) = members()
        let group = DynamicItemGroup(items: [a, b, c, a])
        #expect(group.items.count == 3 && group.ignoredItemCount == 0)
        let total = 2 * squareArea + discArea
        #expect(group.center.x.isApproximatelyEqual(to: 130, tolerance: 1e-12))
        #expect(group.center.y.isApproximatelyEqual(to: (2 * squareArea * 100 + discArea * 160) / total, tolerance: 1e-9))
        // The box around the shapes: x 80…180, y 80…180 about the centre.
        #expect(group.bounds.size.width.isApproximatelyEqual(to: 100, tolerance: 1e-9))
    }

    /// Under gravity the group falls as one body, exactly ½·g·t², and every member with it.
    @Test func aGroupFallsAsOneBody() {
        let h = DynamicsHarness()
        let (a, b, c) = members()
        let starts = [a.center, b.center, c.center]
        let group = DynamicItemGroup(items: [a, b, c])
        let y0 = group.center.y
        h.animator.addBehavior(GravityBehavior(items: [group]))
        h.run(until: 0.5, rate: 60)
        #expect(group.center.y.isApproximatelyEqual(to: y0 + 0.5 * 1000 * 0.25, tolerance: 1e-9))
        for (item, start) in zip([a, b, c], starts) {
            #expect(item.center.x.isApproximatelyEqual(to: start.x, tolerance: 1e-9))
            #expect(item.center.y.isApproximatelyEqual(to: start.y + 125, tolerance: 1e-9))
            #expect(item.transform.rotation == 0)
        }
        #expect(h.diagnostics.isEmpty)
    }

    /// A push of magnitude 1 accelerates the group by 100 / (its members' mass together).
    @Test func theGroupsMassIsItsMembers() {
        let h = DynamicsHarness()
        let (a, b, c) = members()
        let group = DynamicItemGroup(items: [a, b, c])
        let push = PushBehavior(items: [group], mode: .continuous)
        push.pushDirection = Vector(dx: 1, dy: 0)
        let properties = DynamicItemBehavior(items: [group])
        h.animator.addBehavior(push)
        h.animator.addBehavior(properties)
        h.run(until: 1)
        let mass = (2 * squareArea + discArea) / 10_000
        #expect(relativeError(properties.linearVelocity(for: group).dx, 100 / mass) < 1e-9)
    }

    /// An off-centre impulse J at r turns the group at (r × J)/I, with I the members' own
    /// inertias plus m·d² each; spinning, the members keep their distances and turn with it.
    @Test func aSpunGroupKeepsItsMembersRelativePlaces() {
        let h = DynamicsHarness()
        let (a, b, c) = members()
        let group = DynamicItemGroup(items: [a, b, c])
        let centre = group.center
        let push = PushBehavior(items: [group], mode: .instantaneous)
        push.pushDirection = Vector(dx: 0, dy: 1)                  // J = 100 down
        push.setTargetOffsetFromCenter(Vector(dx: 50, dy: 0), for: group)
        let properties = DynamicItemBehavior(items: [group])
        h.animator.addBehavior(push)
        h.animator.addBehavior(properties)
        let distances = [a.center.distance(to: b.center), b.center.distance(to: c.center), a.center.distance(to: c.center)]
        h.run(until: 0.05)

        let ms = squareArea / 10_000, md = discArea / 10_000
        func d2(_ p: Point) -> Double { let dx = p.x - centre.x, dy = p.y - centre.y; return dx * dx + dy * dy }
        let inertia = 2 * ms * (40 * 40 + 40 * 40) / 12 + md * 20 * 20 / 2
            + ms * d2(Point(x: 100, y: 100)) + ms * d2(Point(x: 160, y: 100)) + md * d2(Point(x: 130, y: 160))
        let omega = 50 * 100 / inertia                             // r × J, clockwise on screen
        #expect(relativeError(properties.angularVelocity(for: group), omega) < 1e-9)

        h.run(until: 2)
        let now = [a.center.distance(to: b.center), b.center.distance(to: c.center), a.center.distance(to: c.center)]
        for (d, d0) in zip(now, distances) { #expect(d.isApproximatelyEqual(to: d0, tolerance: 1e-9)) }
        let angle = group.transform.rotation
        #expect(angle.magnitude > 1, "it turned")
        for item in [a, b, c] { #expect(item.transform.rotation.isApproximatelyEqual(to: angle, tolerance: 1e-12)) }
        // Each member sits at the group's centre plus its first offset turned by the angle.
        let (sin, cos) = Elementary.sinCos(angle)
        for (item, start) in zip([a, b, c], [Point(x: 100, y: 100), Point(x: 160, y: 100), Point(x: 130, y: 160)]) {
            let ox = start.x - centre.x, oy = start.y - centre.y
            #expect(item.center.x.isApproximatelyEqual(to: group.center.x + ox * cos - oy * sin, tolerance: 1e-9))
            #expect(item.center.y.isApproximatelyEqual(to: group.center.y + ox * sin + oy * cos, tolerance: 1e-9))
        }
    }

    /// A group on the floor of the reference bounds rests on its hull, and a member with a
    /// non-finite centre is left out with a diagnostic.
    @Test func aGroupCollidesAsItsHullAndLeavesBadMembersOut() {
        let h = DynamicsHarness()
        let (a, b, c) = members()
        let bad = square(at: Point(x: .nan, y: 0))
        let group = DynamicItemGroup(items: [a, b, c, bad])
        #expect(group.ignoredItemCount == 1)
        let collision = CollisionBehavior(items: [group])
        collision.translatesReferenceBoundsIntoBoundary = true
        h.animator.addBehavior(GravityBehavior(items: [group]))
        h.animator.addBehavior(collision)
        #expect(h.diagnostics.map(\.kind) == [.invalidArgument])
        h.run(until: 4)
        // The disc is lowest: it rests on the floor at y = 640 − 20.
        #expect(c.center.y.isApproximatelyEqual(to: 620, tolerance: 1))
        #expect(bad.center.x.isNaN)
    }
}
