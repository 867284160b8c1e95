// What Kinetic takes from a microcontroller's heap, measured on the target itself: Scripts/mcu-check
// links this module (KineticMemoryProbe, importing Kinetic and KineticScene) into a second image
// per target, runs it under qemu and prints its lines. Each figure is picolibc's heap in use
// (mallinfo's uordblks: blocks with their allocator headers) after creating `count` objects minus
// before, divided by `count`, so an array's growth is spread over its elements as it would be in
// an app. Embedded Swift only; not part of the native smoke.

import Kinetic
import KineticScene

@_extern(c, "kinetic_heap_in_use") func heapInUse() -> Int

@_cdecl("kinetic_memory_probe")
public func kinetic_memory_probe() -> Int32 {
    let count = 64
    func per(_ before: Int, _ after: Int) -> Int { (after - before + count / 2) / count }

    let start = heapInUse()
    let engine = AnimationEngine()
    let engineBytes = heapInUse() - start

    // Animated properties: a Double each, then a Point each.
    var doubles: [AnimatedProperty<Double>] = []
    doubles.reserveCapacity(count)
    var h = heapInUse()
    for _ in 0..<count { doubles.append(AnimatedProperty(0.0, engine: engine)) }
    let propertyBytes = per(h, heapInUse())

    // A running PropertyAnimator animating one Double property (its track included), ticked.
    var animators: [PropertyAnimator] = []
    animators.reserveCapacity(count)
    h = heapInUse()
    for i in 0..<count {
        let property = doubles[i]
        let animator = PropertyAnimator(duration: 0.5, curve: .easeInOut, engine: engine) { property.value = 100 }
        animator.startAnimation()
        animators.append(animator)
    }
    engine.tick(at: 0.1)
    let animatorBytes = per(h, heapInUse())

    // A running SpringAnimation on a Point property (property included), ticked.
    var springs: [SpringAnimation<Point>] = []
    springs.reserveCapacity(count)
    h = heapInUse()
    for _ in 0..<count {
        let spring = SpringAnimation(property: AnimatedProperty(Point.zero, engine: engine),
                                     spring: SpringTimingParameters(mass: 1, stiffness: 200, damping: 20),
                                     target: Point(x: 100, y: 40), velocity: Point(x: 300, y: 0))
        spring.start()
        springs.append(spring)
    }
    engine.tick(at: 0.2)
    let springBytes = per(h, heapInUse())

    // A VelocityTracker<Point> with the default 20 samples, filled.
    h = heapInUse()
    var tracker = VelocityTracker<Point>()
    for i in 0..<30 { tracker.addSample(Point(x: Double(i) * 4, y: 0), at: Double(i) / 120) }
    let trackerBytes = heapInUse() - h
    let releaseVelocity = tracker.velocity(at: 29.0 / 120)

    // Nodes: a filled rectangle each, children of the scene's root.
    let scene = Scene(size: Size(width: 320, height: 240), engine: engine)
    h = heapInUse()
    for i in 0..<count {
        let node = Node(frame: Rect(x: Double(i % 8) * 40, y: Double(i / 8) * 30, width: 36, height: 26), engine: engine)
        node.backgroundColor = Color(rgb: 0x3366CC)
        scene.root.addChild(node)
    }
    let nodeBytes = per(h, heapInUse())

    // The render list of those 64 nodes (one rect command each), while it is held.
    h = heapInUse()
    let list = scene.renderList()
    let listBytes = heapInUse() - h

    print("memory: engine \(engineBytes) B; per AnimatedProperty<Double> \(propertyBytes) B; per running PropertyAnimator with its track \(animatorBytes) B; per running SpringAnimation<Point> with its property \(springBytes) B")
    print("memory: VelocityTracker<Point> (20 samples) \(trackerBytes) B; per Node \(nodeBytes) B; render list of \(list.commands.count) rects \(listBytes) B (\(listBytes / Swift.max(list.commands.count, 1)) B per command)")
    print("memory: heap in use at the end \(heapInUse() - start) B (release velocity \(Int(releaseVelocity.x)) pt/s)")
    _ = (animators.count, springs.count)
    return 0
}
