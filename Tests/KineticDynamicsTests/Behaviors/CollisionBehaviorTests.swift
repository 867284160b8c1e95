// Collisions: an elastic ball keeps its height, a head-on collision conserves momentum, the delegate hears contacts.
import Testing
import Kinetic
import KineticDynamics

/// Records every delegate call as a line of text.
final class ContactLog: CollisionBehaviorDelegate {
    let lifetime = Lifetime()
    var lines: [String] = []
    let names: [ObjectIdentifier: String]
    init(_ names: [(AnyObject, String)]) {
        var n: [ObjectIdentifier: String] = [:]
        for (object, name) in names { n[ObjectIdentifier(object)] = name }
        self.names = n
    }
    private func name(_ item: any DynamicItem) -> String { names[ObjectIdentifier(item as AnyObject)] ?? "?" }
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: any DynamicItem, with item2: any DynamicItem, at point: Point) {
        lines.append("began \(name(item1))-\(name(item2))")
    }
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: any DynamicItem, with item2: any DynamicItem) {
        lines.append("ended \(name(item1))-\(name(item2))")
    }
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: any DynamicItem, withBoundaryIdentifier identifier: String?, at point: Point) {
        lines.append("began \(name(item)) \(identifier ?? "bounds")")
    }
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: any DynamicItem, withBoundaryIdentifier identifier: String?) {
        lines.append("ended \(name(item)) \(identifier ?? "bounds")")
    }
}

@Suite struct CollisionBehaviorTests {
    @Test func anElasticBallKeepsNinetyNinePercentOfItsHeightOverTenBounces() {
        let h = DynamicsHarness(bounds: Rect(x: 0, y: 0, width: 320, height: 640))
        let item = ball(at: Point(x: 160, y: 420), diameter: 40)
        let material = DynamicItemBehavior(items: [item])
        material.elasticity = 1
        material.friction = 0
        let walls = CollisionBehavior(items: [item])
        walls.translatesReferenceBoundsIntoBoundary = true
        h.animator.addBehavior(material)
        h.animator.addBehavior(GravityBehavior(items: [item]))
        h.animator.addBehavior(walls)
        let dropHeight = 620 - 420.0          // floor contact at y = 640 − 20; a bounce lasts 2·√(2·200/1000) ≈ 1.26 s
        var apexes: [Double] = []
        var previous = item.center.y, falling = true
        h.run(until: 16) { _ in
            let y = item.center.y
            if !falling && y > previous { apexes.append(620 - previous); falling = true }
            if falling && y < previous { falling = false }
            previous = y
        }
        #expect(apexes.count >= 10, "apexes: \(apexes)")
        for (i, apex) in apexes.prefix(10).enumerated() {
            #expect(apex >= 0.99 * dropHeight, "bounce \(i + 1) reached \(apex) of \(dropHeight)")
        }
    }

    /// Newton's restitution under gravity: a ball of elasticity e dropped from H rises to e²·H,
    /// then e⁴·H… (each apex e² of the one before). Before: the bounce reflected the approach
    /// speed the ball had when the contact step began and then started from wherever that step
    /// found it (up to one step's travel above the floor), so the ratios were 0.2545, 0.2676,
    /// 0.2887 at the default 120 Hz step instead of 0.25. After: 0.25000, 0.24992, 0.25004 (the
    /// rest is where the samples fall around each apex).
    @Test(arguments: [120.0, 60.0, 240.0])
    func aHalfElasticBallRisesToAQuarterOfItsHeightEachBounce(stepRate: Double) {
        let dropHeight = 400.0, floorY = 1000.0, radius = 20.0
        let h = DynamicsHarness(bounds: Rect(x: 0, y: 0, width: 320, height: floorY), stepRate: stepRate)
        let item = ball(at: Point(x: 160, y: floorY - radius - dropHeight), diameter: 2 * radius)
        let material = DynamicItemBehavior(items: [item])
        material.elasticity = 0.5
        material.friction = 0
        let walls = CollisionBehavior(items: [item])
        walls.translatesReferenceBoundsIntoBoundary = true
        h.animator.addBehavior(material)
        h.animator.addBehavior(GravityBehavior(items: [item]))
        h.animator.addBehavior(walls)
        // The heights of the turning points, sampled at every step (at an apex the ball moves
        // by at most g·(h/2)²/2 ≈ 0.009 pt between samples).
        var apexes: [Double] = []
        var previous = item.center.y, rising = false
        h.run(until: 2.5, rate: stepRate) { _ in
            let y = item.center.y
            if rising && y > previous { apexes.append(floorY - radius - previous) }
            if y != previous { rising = y < previous }          // a still sample keeps the direction
            previous = y
        }
        #expect(apexes.count >= 3, "apexes: \(apexes)")
        var ratios: [Double] = []
        var before = dropHeight
        for apex in apexes.prefix(3) { ratios.append(apex / before); before = apex }
        for (i, ratio) in ratios.enumerated() {
            #expect((ratio - 0.25).magnitude < 0.01, "\(stepRate) Hz, bounce \(i + 1): apex ratio \(ratio) (all: \(ratios))")
        }
    }

    @Test func aHeadOnCollisionConservesMomentum() {
        let h = DynamicsHarness(bounds: Rect(x: 0, y: 0, width: 2000, height: 2000))
        let a = square(at: Point(x: 500, y: 1000), side: 100)
        let b = square(at: Point(x: 800, y: 1000), side: 50)
        let material = DynamicItemBehavior(items: [a, b])
        material.elasticity = 0.6
        let heavy = DynamicItemBehavior(items: [b])
        heavy.density = 2                      // mass 0.5 (a has mass 1)
        h.animator.addBehavior(material)
        h.animator.addBehavior(heavy)
        h.animator.addBehavior(CollisionBehavior(items: [a, b]))
        material.addLinearVelocity(Vector(dx: 300, dy: 0), for: a)
        material.addLinearVelocity(Vector(dx: -400, dy: 0), for: b)
        let before = 1 * 300 + 0.5 * -400.0
        h.run(until: 1)
        let va = material.linearVelocity(for: a), vb = material.linearVelocity(for: b)
        let after = 1 * va.x + 0.5 * vb.x
        #expect(vb.x > va.x, "they separated")
        #expect((after - before).magnitude < 1e-9 * 300, "momentum \(before) → \(after)")
        #expect((1 * va.y + 0.5 * vb.y).magnitude < 1e-9 * 300)
    }

    /// Discs, so the contact has one point (a face-to-face contact of two squares restitutes its
    /// two points one after the other, as Box2D does, and is less exact).
    @Test func elasticitySetsTheSeparationSpeed() {
        let h = DynamicsHarness(bounds: Rect(x: 0, y: 0, width: 2000, height: 2000))
        let a = ball(at: Point(x: 500, y: 1000), diameter: 100)
        let b = ball(at: Point(x: 800, y: 1000), diameter: 60)
        let material = DynamicItemBehavior(items: [a, b])
        material.elasticity = 0.6
        h.animator.addBehavior(material)
        h.animator.addBehavior(CollisionBehavior(items: [a, b]))
        material.addLinearVelocity(Vector(dx: 300, dy: 0), for: a)
        material.addLinearVelocity(Vector(dx: -400, dy: 0), for: b)
        h.run(until: 1)
        let separation = material.linearVelocity(for: b).x - material.linearVelocity(for: a).x
        // Newton's law of restitution: the separation speed is e × the approach speed (700).
        #expect(relativeError(separation, 0.6 * 700) < 0.01, "separation \(separation), e·700 = 420")
    }

    @Test func theDelegateHearsContactsBeginAndEnd() {
        let h = DynamicsHarness(bounds: Rect(x: 0, y: 0, width: 320, height: 640))
        let item = ball(at: Point(x: 160, y: 300), diameter: 40)
        let other = ball(at: Point(x: 160, y: 420), diameter: 40)
        let material = DynamicItemBehavior(items: [item])
        material.elasticity = 0.8
        let anchor = DynamicItemBehavior(items: [other])
        anchor.isAnchored = true
        let collision = CollisionBehavior(items: [item, other])
        collision.addBoundary(withIdentifier: "shelf", from: Point(x: 0, y: 200), to: Point(x: 320, y: 200))
        let log = ContactLog([(item, "ball"), (other, "post")])
        collision.collisionDelegate = log
        h.animator.addBehavior(material)
        h.animator.addBehavior(anchor)
        h.animator.addBehavior(collision)
        h.animator.addBehavior(GravityBehavior(items: [item]))
        h.run(until: 0.6)
        #expect(log.lines.first == "began ball-post" || log.lines.first == "began post-ball", "\(log.lines)")
        #expect(log.lines.contains { $0.hasPrefix("ended ") && $0.contains("ball") && $0.contains("post") }, "\(log.lines)")
        // Thrown up, the ball meets the shelf boundary by its identifier.
        material.addLinearVelocity(Vector(dx: 0, dy: -1500), for: item)
        h.run(until: 1.2)
        #expect(log.lines.contains("began ball shelf"), "\(log.lines)")
        #expect(collision.boundaryIdentifiers == ["shelf"])
        #expect(collision.boundary(withIdentifier: "shelf") == [Point(x: 0, y: 200), Point(x: 320, y: 200)])
    }

    /// The world records contact events only while a delegate listens; a delegate given while a
    /// ball already rests on the floor hears no "began" for it (it began before), and hears it end.
    @Test func aDelegateGivenMidContactHearsItEndButNotBegin() {
        let h = DynamicsHarness(bounds: Rect(x: 0, y: 0, width: 320, height: 640))
        let item = ball(at: Point(x: 160, y: 500), diameter: 40)
        let collision = CollisionBehavior(items: [item])
        collision.setTranslatesReferenceBoundsIntoBoundary(with: EdgeInsets(top: 0, left: 0, bottom: 40, right: 0))
        let material = DynamicItemBehavior(items: [item])
        material.allowsRotation = false
        for behavior in [collision, GravityBehavior(items: [item]), material] { h.animator.addBehavior(behavior) }
        h.run(until: 1)
        #expect((item.center.y - 580).magnitude < 1, "resting on the floor, got \(item.center.y)")
        let log = ContactLog([(item, "ball")])
        collision.collisionDelegate = log
        h.run(until: 1.5)
        #expect(log.lines.isEmpty, "\(log.lines)")
        material.addLinearVelocity(Vector(dx: 0, dy: -800), for: item)
        h.run(until: 1.6)
        #expect(log.lines == ["ended ball bounds"], "\(log.lines)")
        h.run(until: 3.5)      // up 0.8 s and down again under 1,000 pt/s²
        #expect(log.lines.prefix(2) == ["ended ball bounds", "began ball bounds"], "\(log.lines)")
    }

    /// Each collision behaviour's delegate hears the contacts of pairs that are both its items,
    /// and its boundaries' contacts with its items, including items added one at a time later.
    @Test func eachDelegateHearsOnlyItsOwnItemsContacts() {
        let h = DynamicsHarness(bounds: Rect(x: 0, y: 0, width: 320, height: 640))
        let a = ball(at: Point(x: 160, y: 500), diameter: 40)
        let b = ball(at: Point(x: 160, y: 420), diameter: 40)
        let post = ball(at: Point(x: 160, y: 580), diameter: 40)
        let anchored = DynamicItemBehavior(items: [post])
        anchored.isAnchored = true
        let material = DynamicItemBehavior()
        material.elasticity = 0
        let first = CollisionBehavior(items: [post])       // a, b and the post; the floor as "floor"
        first.addBoundary(withIdentifier: "floor", from: Point(x: 0, y: 600), to: Point(x: 320, y: 600))
        let second = CollisionBehavior()                    // a and b only
        let firstLog = ContactLog([(a, "a"), (b, "b"), (post, "post")])
        let secondLog = ContactLog([(a, "a"), (b, "b"), (post, "post")])
        first.collisionDelegate = firstLog
        second.collisionDelegate = secondLog
        let gravity = GravityBehavior()
        for behavior in [anchored, material, first, second, gravity] { h.animator.addBehavior(behavior) }
        for item in [a, b] {
            first.addItem(item)
            second.addItem(item)
            gravity.addItem(item)
            material.addItem(item)
        }
        h.run(until: 1)
        func pairs(_ log: ContactLog) -> Set<String> {
            Set(log.lines.filter { $0.hasPrefix("began ") }.map { line in
                let names = line.dropFirst(6).split(separator: "-").map(String.init).sorted()
                return names.joined(separator: "-")
            })
        }
        #expect(pairs(firstLog) == ["a-b", "a-post"], "\(firstLog.lines)")
        #expect(pairs(secondLog) == ["a-b"], "\(secondLog.lines)")
        // Out of the second behaviour, a's contacts are the first's alone: b, thrown up, comes
        // back down on a, and only the first hears it.
        second.removeItem(a)
        material.addLinearVelocity(Vector(dx: 0, dy: -600), for: b)
        let firstBefore = firstLog.lines.count, secondBefore = secondLog.lines.count
        h.run(until: 2.5)
        #expect(firstLog.lines.dropFirst(firstBefore).contains { $0 == "began a-b" || $0 == "began b-a" }, "\(firstLog.lines)")
        #expect(!secondLog.lines.dropFirst(secondBefore).contains { $0.hasPrefix("began ") }, "\(secondLog.lines)")
    }

    @Test func theReferenceBoundsBoundaryHasANilIdentifier() {
        let h = DynamicsHarness(bounds: Rect(x: 0, y: 0, width: 320, height: 640))
        let item = ball(at: Point(x: 160, y: 500), diameter: 40)
        let collision = CollisionBehavior(items: [item])
        collision.setTranslatesReferenceBoundsIntoBoundary(with: EdgeInsets(top: 0, left: 0, bottom: 40, right: 0))
        let log = ContactLog([(item, "ball")])
        collision.collisionDelegate = log
        h.animator.addBehavior(collision)
        h.animator.addBehavior(GravityBehavior(items: [item]))
        h.run(until: 1)
        #expect(log.lines.first == "began ball bounds")
        #expect((item.center.y - 580).magnitude < 1, "rests on the inset floor at 600 − 20, got \(item.center.y)")
    }

    @Test func itemsOfDifferentCollisionBehavioursPassThroughEachOther() {
        let h = DynamicsHarness(bounds: Rect(x: 0, y: 0, width: 2000, height: 2000))
        let a = square(at: Point(x: 500, y: 1000), side: 50)
        let b = square(at: Point(x: 700, y: 1000), side: 50)
        let probe = DynamicItemBehavior(items: [a, b])
        h.animator.addBehavior(probe)
        h.animator.addBehavior(CollisionBehavior(items: [a]))
        h.animator.addBehavior(CollisionBehavior(items: [b]))
        probe.addLinearVelocity(Vector(dx: 400, dy: 0), for: a)
        h.run(until: 1)
        #expect(probe.linearVelocity(for: a).x == 400)
        #expect(a.center.x > 850)
    }

    @Test func itemsAddedToABehaviourInAnAnimatorCollideAtOnce() {
        let h = DynamicsHarness(bounds: Rect(x: 0, y: 0, width: 320, height: 640))
        let walls = CollisionBehavior()
        walls.translatesReferenceBoundsIntoBoundary = true
        let gravity = GravityBehavior()
        let material = DynamicItemBehavior()
        h.animator.addBehavior(walls)
        h.animator.addBehavior(gravity)
        h.animator.addBehavior(material)
        let item = ball(at: Point(x: 160, y: 500), diameter: 40)
        walls.addItem(item)
        gravity.addItem(item)
        material.addItem(item)
        material.elasticity = 0
        h.run(until: 1.5)
        #expect((item.center.y - 620).magnitude < 0.5, "rests on the floor: \(item.center.y)")
        walls.removeItem(item)
        #expect(h.animator.isRunning, "no longer held by the floor")
        h.run(until: 1.7)
        #expect(item.center.y > 625, "falls through once out of the collision behaviour")
    }

    @Test func theSixtyFifthCollisionBehaviourIsReported() {
        let h = DynamicsHarness()
        let item = square(at: Point(x: 160, y: 300))
        for _ in 0..<64 { h.animator.addBehavior(CollisionBehavior(items: [item])) }
        #expect(h.diagnostics.isEmpty)
        h.animator.addBehavior(CollisionBehavior(items: [item]))
        #expect(h.diagnostics.count == 1)
    }

    @Test func referenceBoundsWithoutReferenceBoundsIsReported() {
        let engine = AnimationEngine()
        let animator = DynamicAnimator(engine: engine)
        let collision = CollisionBehavior(items: [square(at: .zero)])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        #expect(engine.diagnostics.count == 1)
    }
}
