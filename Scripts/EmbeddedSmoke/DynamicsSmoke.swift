// KineticDynamics checks for the Embedded smoke test (same module as KineticSmoke.swift): a ball
// dropped on the reference-bounds floor, and a spring pane, stepped by DynamicAnimator.
//
// Expected values by hand: a free fall under gravity magnitude 1 (1000 pt/s²) has the velocity
// 1000·t exactly at every step boundary (250 pt/s at t = 0.25 s, before the ball reaches the
// floor: it falls 31.25 pt of the 480 available); a ball of diameter 40 dropped in 320 × 640
// bounds with no bounce comes to rest on the floor at y = 640 − 20 = 620 (within the solver's
// contact slop, 0.5 pt), the animator then pauses; an instantaneous push of magnitude 1 on a
// 100 × 100 item of density 1 gives it 100 pt/s; a box kicked off-centre tumbles inside the
// bounds. The raw positions are printed too
// ("dynamics: …" lines): embedded-check requires them to be bit-identical on wasm and the host,
// since a step uses only +, −, ×, ÷ and √.

import Kinetic
import KineticDynamics

func dynamicsChecks() -> [(StaticString, Double, Double)] {
    let engine = AnimationEngine()
    let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 320, height: 640), engine: engine)
    let ball = BasicDynamicItem(center: Point(x: 160, y: 140), size: Size(width: 40, height: 40),
                                collisionBoundsType: .ellipse)
    let probe = DynamicItemBehavior(items: [ball])
    let walls = CollisionBehavior(items: [ball])
    walls.translatesReferenceBoundsIntoBoundary = true
    animator.addBehavior(GravityBehavior(items: [ball]))
    animator.addBehavior(walls)
    animator.addBehavior(probe)
    var k = 0
    while k < 30 { k += 1; engine.tick(at: Double(k) / 120) }
    let speedAtQuarter = probe.linearVelocity(for: ball).y
    let yAtQuarter = ball.center.y
    while k < 120 * 4 { k += 1; engine.tick(at: Double(k) / 120) }
    let resting = ball.center.y
    let paused = animator.isRunning ? 0.0 : 1.0

    let box = BasicDynamicItem(center: Point(x: 100, y: 100), size: Size(width: 100, height: 100))
    let kickProbe = DynamicItemBehavior(items: [box])
    let kick = PushBehavior(items: [box], mode: .instantaneous)
    kick.magnitude = 1
    animator.addBehavior(kickProbe)
    animator.addBehavior(kick)
    engine.tick(at: 4 + 1.0 / 120)
    let kicked = kickProbe.linearVelocity(for: box).x

    // A tumbling box: an off-centre kick, gravity, friction and bounces on the floor and walls,
    // so contacts, rotation and sleep all run. Its centre is printed (not its rotation, which
    // goes through libm's atan2 for output and may differ by an ulp between libms).
    let tumbler = BasicDynamicItem(center: Point(x: 60, y: 100), size: Size(width: 60, height: 30))
    let tumblerMaterial = DynamicItemBehavior(items: [tumbler])
    tumblerMaterial.elasticity = 0.4
    tumblerMaterial.friction = 0.5
    let tumblerKick = PushBehavior(items: [tumbler], mode: .instantaneous)
    tumblerKick.pushDirection = Vector(dx: 4, dy: -2)
    tumblerKick.setTargetOffsetFromCenter(Vector(dx: 25, dy: 10), for: tumbler)
    walls.addItem(tumbler)
    animator.addBehavior(tumblerMaterial)
    animator.addBehavior(tumblerKick)
    animator.addBehavior(GravityBehavior(items: [tumbler]))
    k = 0
    while k < 240 { k += 1; engine.tick(at: 4 + 1.0 / 120 + Double(k) / 120) }

    print("dynamics: ball y at 0.25 s \(yAtQuarter), at rest \(resting), box x \(box.center.x)")
    print("dynamics: tumbler at (\(tumbler.center.x), \(tumbler.center.y)) after 2 s")
    return [
        ("dynamics: free-fall speed at 0.25 s (1000·t)", speedAtQuarter, 250),
        ("dynamics: ball at rest on the floor (|y − 620| < 0.5)", (resting - 620).magnitude < 0.5 ? 1 : 0, 1),
        ("dynamics: animator paused at rest", paused, 1),
        ("dynamics: instantaneous push 1 on a unit mass (Δv)", kicked, 100),
        ("dynamics: the tumbler stayed inside the bounds", tumbler.center.x > 0 && tumbler.center.x < 320
            && tumbler.center.y > 0 && tumbler.center.y <= 640 ? 1 : 0, 1),
    ]
}
