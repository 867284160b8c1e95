// The stress demo's state: one spring per dot, the dots' homes, and the grid a sweep searches.
import Kinetic
import KineticScene

/// A field of dots, each an `AnimatedProperty<Point>` at rest at its home with a
/// `SpringAnimation` pulling it back there, and the `DotBatch` they are drawn from; a pointer's
/// path throws the dots it passes (``sweep(from:to:speed:)``).
///
/// It owns no node and no closure: the pan recognizer's action captures it (and reaches the
/// field node through the recognizer), so nothing in the scene points back at the demo.
public final class SpringDots {
    /// Where each dot rests (node coordinates, points).
    public let homes: [Point]
    /// Each dot's position: model value its home, presentation where it is drawn.
    public let properties: [AnimatedProperty<Point>]
    /// Each dot's spring home (running while the dot moves).
    public let springs: [SpringAnimation<Point>]
    /// What the field node draws: positions and colours written by ``update()``.
    public let batch: DotBatch
    /// The dots whose spring runs, in the order they were thrown.
    public private(set) var moving: [Int] = []
    /// How far from the pointer's path a dot is thrown, in points.
    public let reach: Double
    /// Kick speed per unit of pointer speed.
    public let gain: Double
    /// The fastest kick, in points per second.
    public let maximumKick: Double
    /// ω₀ of the spring (rad/s): a dot's amplitude is √(d² + (v/ω₀)²).
    private let naturalFrequency: Double
    /// The amplitude, in points, per palette step above rest (see ``update()``).
    public let amplitudePerColor: Double

    private var isMoving: [Bool]
    private var grid: DotGrid
    private var gridIsStale = true
    /// Where the pointer was at the last sweep (node coordinates).
    var lastPointer = Point.zero
    /// The time of that sweep (seconds, the engine's clock).
    var lastPointerTime = 0.0

    /// Dots at `homes` on `engine`, each drawn with radius `dotRadius`, springing home on
    /// `spring` and settling within `restingDistance` points (speed under `restingSpeed`
    /// points per second). The palette's first colour is the dots' colour at rest; the others
    /// mark growing amplitudes.
    public init(homes: [Point], bounds: Rect, dotRadius: Double, palette: [Color], spring: SpringTimingParameters,
                restingDistance: Double, restingSpeed: Double, reach: Double, gain: Double, maximumKick: Double,
                amplitudePerColor: Double, engine: AnimationEngine) {
        self.homes = homes
        self.reach = reach
        self.gain = gain
        self.maximumKick = maximumKick
        self.amplitudePerColor = amplitudePerColor
        naturalFrequency = (spring.stiffness / spring.mass).squareRoot()
        batch = DotBatch(count: homes.count, radius: dotRadius, palette: palette, engine: engine)
        var properties: [AnimatedProperty<Point>] = []
        var springs: [SpringAnimation<Point>] = []
        properties.reserveCapacity(homes.count)
        springs.reserveCapacity(homes.count)
        for (i, home) in homes.enumerated() {
            let property = AnimatedProperty(home, engine: engine)
            let animation = SpringAnimation(property: property, spring: spring, target: home)
            animation.restingDistance = restingDistance
            animation.restingSpeed = restingSpeed
            properties.append(property)
            springs.append(animation)
            batch.setPosition(home, at: i)
        }
        self.properties = properties
        self.springs = springs
        isMoving = Array(repeating: false, count: homes.count)
        grid = DotGrid(covering: bounds, cellSize: reach)
    }

    /// Adds `velocity` (points per second) to dot `index`'s motion now; starts its spring if it
    /// was at rest. A non-finite velocity or a bad index does nothing.
    public func kick(_ index: Int, velocity: Point) {
        guard index >= 0, index < springs.count, velocity.x.isFinite, velocity.y.isFinite else { return }
        let spring = springs[index]
        if spring.isRunning {
            spring.velocity = properties[index].velocity + velocity
        } else {
            spring.velocity = velocity
            spring.start()
        }
        if !isMoving[index] {
            isMoving[index] = true
            moving.append(index)
        }
    }

    /// Throws the dots the pointer passes moving from `a` to `b` at `speed` points per second;
    /// returns how many were thrown. Nothing for a path of no length or a non-finite argument.
    ///
    /// It throws every dot that the path from `a` to `b` passes within ``reach`` points of, at
    /// the point of closest approach (the projection of the dot on the segment strictly after
    /// `a` and up to `b`, so a dot is thrown once per pass however finely the path is cut into
    /// moves). The throw adds to the dot's velocity (points per second)
    ///
    ///     kick = (away + ½·along) · min(gain · speed, maximumKick) · (1 − distance / reach)
    ///
    /// where `away` is the unit vector from the closest point of the path to the dot (the path's
    /// left normal for a dot on it) and `along` the path's unit direction: the dots part in front
    /// of the pointer and are dragged a little along with it. A dot already flying gets the kick
    /// added to its velocity at that instant (the spring is rebased, nothing jumps); a dot at
    /// rest starts its spring with it.
    ///
    /// Dots are found through a `DotGrid` of the positions drawn at the last ``update()``,
    /// rebuilt at most once per frame, so a move costs the few hundred dots around the path, not
    /// all.
    @discardableResult
    public func sweep(from a: Point, to b: Point, speed: Double) -> Int {
        let ab = b - a
        let length2 = ab.x * ab.x + ab.y * ab.y
        guard length2 > 0, length2.isFinite, a.x.isFinite, a.y.isFinite, speed.isFinite else { return 0 }
        if gridIsStale {
            grid.rebuild(batch.positions)
            gridIsStale = false
        }
        let length = length2.squareRoot()
        let along = Point(x: ab.x / length, y: ab.y / length)
        let strength = Swift.min(Swift.max(speed, 0) * gain, maximumKick)
        let reach = self.reach
        let box = Rect(x: Swift.min(a.x, b.x) - reach, y: Swift.min(a.y, b.y) - reach,
                       width: ab.x.magnitude + 2 * reach, height: ab.y.magnitude + 2 * reach)
        var thrown: [(Int, Point)] = []
        let positions = batch.positions
        grid.forEachCandidate(in: box) { i in
            let p = positions[i]
            let ap = p - a
            let u = (ap.x * ab.x + ap.y * ab.y) / length2
            guard u > 0, u <= 1 else { return }
            let offset = ap - ab * u
            let d2 = offset.x * offset.x + offset.y * offset.y
            guard d2 < reach * reach else { return }
            let d = d2.squareRoot()
            let away = d > 1e-9 ? Point(x: offset.x / d, y: offset.y / d) : Point(x: along.y, y: -along.x)
            let s = strength * (1 - d / reach)
            thrown.append((i, Point(x: (away.x + 0.5 * along.x) * s, y: (away.y + 0.5 * along.y) * s)))
        }
        for (i, v) in thrown { kick(i, velocity: v) }
        return thrown.count
    }

    /// Writes the moving dots' presentation positions into ``batch``, coloured by amplitude
    /// `√(d² + (v/ω₀)²)` (`d` the distance from home, `v` the speed): palette index
    /// `min(1 + ⌊amplitude / amplitudePerColor⌋, last)`, or 0 below half a point. Dots that have
    /// settled go back to their home and colour 0 and leave ``moving``. Costs the moving dots
    /// only.
    public func update() {
        guard !moving.isEmpty else { return }
        let last = batch.palette.count - 1
        let omega = naturalFrequency > 0 ? naturalFrequency : 1
        // The loop works on local arrays (moved out, not copied): a class's stored arrays pay a
        // dynamic exclusivity check per access, which for ten thousand dots cost a millisecond.
        var moving = self.moving, isMoving = self.isMoving
        self.moving = []
        self.isMoving = []
        defer {
            self.moving = moving
            self.isMoving = isMoving
        }
        let springs = self.springs, properties = self.properties, homes = self.homes
        let amplitudePerColor = self.amplitudePerColor
        var kept = 0
        batch.updateDots { dots in
            for k in 0..<moving.count {
                let i = moving[k]
                if springs[i].isRunning {
                    let now = properties[i].presentation
                    let d = now.value - homes[i]
                    let w = now.velocity * (1 / omega)
                    let amplitude = (d.x * d.x + d.y * d.y + w.x * w.x + w.y * w.y).squareRoot()
                    let color = !(amplitude >= 0.5) ? 0 : 1 + Int(Swift.min(amplitude / amplitudePerColor, Double(last - 1)))
                    dots.set(i, position: now.value, colorIndex: color)
                    moving[kept] = i
                    kept += 1
                } else {
                    dots.set(i, position: homes[i], colorIndex: 0)
                    isMoving[i] = false
                }
            }
        }
        moving.removeLast(moving.count - kept)
        gridIsStale = true
    }
}
