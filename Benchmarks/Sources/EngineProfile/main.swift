// A small driver for callgrind (which crashes inside the benchmark harness): one of the engine's
// frames with many physics animations in flight, ticked N times after the set-up, so that an
// instruction count sees only the frames.
//
//     swift build -c release --product EngineProfile
//     valgrind --tool=callgrind --toggle-collect='*measuredFrames*' .build/release/EngineProfile springs 60
//
// SCENE:
// - `springs`: `SpringFixture`'s 10,000 `SpringAnimation<Point>`s, each tick followed by a read of
//   every presentation (the stress demo's frame without its drawing; EngineBenchmarks' springs).
// - `mixed`: the values a scene's nodes animate: 2,000 springs on each of `Double`, `Point`,
//   `Rect`, `AffineTransform` and `Color`, 2,000 decays on `Double`, and each tick a new model value
//   set on 2,000 more `Point` properties, outside any animation, as a drag does.
// - `lifecycle`: short animations coming and going: each tick creates 500 properties on each of
//   `Double`, `Point`, `Rect`, `AffineTransform` and `Color`, animates them to new values with one
//   `PropertyAnimator` of one frame, and drops them; the tick finishes the animator of the frame
//   before (a property's creation, an animated set and the commit of its tracks).

import EngineScenes
import Glibc
import Kinetic

let usage = "usage: EngineProfile springs|mixed|lifecycle [frames, default 60]"
let arguments = Array(CommandLine.arguments.dropFirst())
guard let scene = arguments.first, ["springs", "mixed", "lifecycle"].contains(scene) else {
    print(usage)
    exit(2)
}
let frames = arguments.count > 1 ? Int(arguments[1]) ?? 60 : 60

/// The `mixed` scene: springs on every value type a node animates, decays, and dragged properties.
final class MixedScene {
    let engine = AnimationEngine()
    var time = 1.0
    var doubles: [AnimatedProperty<Double>] = []
    var points: [AnimatedProperty<Point>] = []
    var rects: [AnimatedProperty<Rect>] = []
    var transforms: [AnimatedProperty<AffineTransform>] = []
    var colors: [AnimatedProperty<Color>] = []
    var dragged: [AnimatedProperty<Point>] = []
    var animations: [AnyObject] = []

    init(each count: Int) {
        let spring = SpringTimingParameters(dampingRatio: 0.01, response: 0.8)
        func springing<Value: AnimatableValue>(_ value: Value, towards target: Value) -> AnimatedProperty<Value> {
            let property = AnimatedProperty(value, engine: engine)
            let animation = SpringAnimation(property: property, spring: spring, target: target)
            animation.restingDistance = 0
            animation.restingSpeed = 0
            animation.start()
            animations.append(animation)
            return property
        }
        for i in 0..<count {
            let x = Double(i % 100), y = Double(i / 100)
            doubles.append(springing(x, towards: x + 50))
            points.append(springing(Point(x: x, y: y), towards: Point(x: x + 30, y: y - 20)))
            rects.append(springing(Rect(x: x, y: y, width: 10, height: 10), towards: Rect(x: x, y: y, width: 40, height: 25)))
            transforms.append(springing(AffineTransform.identity, towards: AffineTransform(scaleX: 1.5, y: 0.5)))
            colors.append(springing(Color(red: 0, green: 0, blue: 0, alpha: 1), towards: Color(red: 1, green: 0.5, blue: 0.25, alpha: 1)))
            let coasting = AnimatedProperty(x, engine: engine)
            let decay = DecayAnimation(property: coasting, velocity: 1000 + x, decelerationRate: .normal, restingSpeed: 0)
            decay.start()
            animations.append(decay)
            doubles.append(coasting)
            dragged.append(AnimatedProperty(Point(x: x, y: y), engine: engine))
        }
        engine.tick(at: time)
    }

    func frame() -> Double {
        time += 1.0 / 60
        for (i, property) in dragged.enumerated() { property.value = Point(x: Double(i) + time, y: time) }
        engine.tick(at: time)
        var sum = 0.0
        for property in doubles { sum += property.presentation.velocity }
        for property in points { sum += property.presentationValue.x }
        for property in rects { sum += property.presentationValue.size.width }
        for property in transforms { sum += property.presentationValue.scaleX }
        for property in colors { sum += property.presentationValue.red }
        for property in dragged { sum += property.presentationValue.y }
        return sum
    }
}

/// The `lifecycle` scene: properties created, animated for one frame and committed, every frame.
final class LifecycleScene {
    let engine = AnimationEngine()
    var time = 1.0
    let each: Int
    var previous: [AnyObject] = []

    init(each count: Int) {
        each = count
        engine.tick(at: time)
    }

    func frame() -> Double {
        time += 1.0 / 60
        var sum = 0.0
        var made: [AnyObject] = []
        made.reserveCapacity(5 * each)
        let animator = PropertyAnimator(duration: 1.0 / 120, curve: .easeOut, engine: engine)
        for i in 0..<each {
            let x = Double(i)
            let double = AnimatedProperty(x, engine: engine)
            let point = AnimatedProperty(Point(x: x, y: 1), engine: engine)
            let rect = AnimatedProperty(Rect(x: x, y: 0, width: 10, height: 10), engine: engine)
            let transform = AnimatedProperty(AffineTransform.identity, engine: engine)
            let color = AnimatedProperty(Color(red: 0, green: 0, blue: 0, alpha: 1), engine: engine)
            animator.addAnimations {
                double.value = x + 10
                point.value = Point(x: x + 10, y: 2)
                rect.value = Rect(x: x, y: 0, width: 20, height: 5)
                transform.value = AffineTransform(scaleX: 2, y: 2)
                color.value = Color(red: 1, green: 1, blue: 1, alpha: 1)
            }
            made += [double, point, rect, transform, color]
        }
        animator.startAnimation()
        engine.tick(at: time)
        for case let property as AnimatedProperty<Point> in previous { sum += property.presentationValue.x }
        previous = made
        return sum
    }
}

/// The frames a profiler counts (its name is what `--toggle-collect` matches).
@inline(never)
func measuredFrames(_ frames: Int, _ frame: () -> Double) -> Double {
    var sum = 0.0
    for _ in 0..<frames { sum += frame() }
    return sum
}

var sum = 0.0
switch scene {
case "springs":
    let fixture = SpringFixture(count: 10_000)
    sum = measuredFrames(frames) { fixture.tick(); return fixture.readAll() }
case "lifecycle":
    let lifecycle = LifecycleScene(each: 500)
    sum = measuredFrames(frames) { lifecycle.frame() }
default:
    let mixed = MixedScene(each: 2_000)
    sum = measuredFrames(frames) { mixed.frame() }
}
print(scene, frames, "frames; checksum", sum)
