// Random closed-box episodes with nothing driving them: the total kinetic energy never grows.
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Kinetic
@testable import KineticDynamics
import KineticTestSupport

/// Items of mixed sizes and shapes thrown about a closed box (the reference bounds as the
/// collision boundary) with elasticity at most 1, any friction, and no gravity, push, field,
/// attachment or snap: their total kinetic energy, translational and rotational, may only fall.
/// At every frame it must stay within 1 % of its initial value (issue 42, item 12: before, 900
/// episodes of 4 items reached 1.086× at elasticity 0.985, friction 0.002; here the first 200
/// episodes reached 34.5× and 32 of them passed 1.01, where restitution, one point after the
/// other, sent spinning bodies off walls faster than they came).
///
/// The energy uses masses and inertias of its own, in closed form from the item's size (mass is
/// density × area / 10,000, as `DynamicItemBehavior` documents), checked first against the
/// solver's.
///
/// `KINETIC_CLOSED_BOX_ENERGY_EPISODES` sets the number of episodes (default 200; the bar is
/// 10,000) and `KINETIC_CLOSED_BOX_ENERGY_SEED` the first seed (episode k uses seed + k).
@Suite struct ClosedBoxEnergyFuzzTests {
    static let box = Rect(x: 0, y: 0, width: 320, height: 480)

    static func environmentInteger(_ name: String) -> Int? {
        guard let raw = getenv(name) else { return nil }
        return Int(String(cString: raw))
    }

    /// Mass and moment of inertia about the centre, in closed form, of the body an item of
    /// `size` and `shape` becomes at density 1: a rectangle, m = wh/10⁴ and I = m(w² + h²)/12; a
    /// circle (square ellipse bounds), m = πr²/10⁴ and I = m·r²/2; another ellipse, the 16-gon
    /// through it (the affine image of the regular 16-gon of circumradius 1, θ = 2π/16: area
    /// 8·sin θ·ab, polar moment ab(a² + b²)·16·sin θ·(2 + cos θ)/24, a, b the half sides).
    static func massAndInertia(_ size: Size, _ shape: DynamicItemCollisionBoundsType) -> (mass: Double, inertia: Double) {
        let w = size.width, h = size.height
        switch shape {
        case .ellipse where w == h:
            let r = w / 2, m = Double.pi * r * r / 10_000
            return (m, m * r * r / 2)
        case .ellipse:
            let a = w / 2, b = h / 2, theta = 2 * Double.pi / 16
            let area = 8 * sin(theta) * a * b
            let polar = a * b * (a * a + b * b) * 16 * sin(theta) * (2 + cos(theta)) / 24
            return (area / 10_000, polar / 10_000)
        default:
            let m = w * h / 10_000
            return (m, m * (w * w + h * h) / 12)
        }
    }

    struct Episode {
        var worst = 1.0
        var worstFrame = 0
        var elasticity = 0.0, friction = 0.0
        var count = 0
        var mismatch: String?
        var diagnostics: [Diagnostic] = []
    }

    /// One episode: the largest ratio of the energy at a frame (60 Hz, `seconds` long) to the
    /// energy before the first.
    static func run(seed: UInt64, seconds: Double = 2) -> Episode {
        var random = SeededGenerator(seed: seed)
        func uniform(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * random.unit() }
        let h = DynamicsHarness(bounds: box)
        let items = randomItems(in: box, count: 2 + random.int(5), large: 40...140, small: 8...40, using: &random)
        let shapes = items.map { massAndInertia($0.bounds.size, $0.collisionBoundsType) }
        var episode = Episode()
        episode.count = items.count
        let material = DynamicItemBehavior(items: items)
        // Elasticity: 1 in a quarter of the episodes, just below 1 in another quarter, else any.
        switch random.int(4) {
        case 0: material.elasticity = 1
        case 1: material.elasticity = uniform(0.9, 1)
        default: material.elasticity = uniform(0, 1)
        }
        // Friction: nearly none in half the episodes, else any.
        material.friction = random.bool() ? uniform(0, 0.01) : uniform(0, 1)
        episode.elasticity = material.elasticity
        episode.friction = material.friction
        h.animator.addBehavior(material)
        let walls = CollisionBehavior(items: items)
        walls.translatesReferenceBoundsIntoBoundary = true
        h.animator.addBehavior(walls)
        for item in items {
            material.addLinearVelocity(Vector(dx: uniform(-800, 800), dy: uniform(-800, 800)), for: item)
            material.addAngularVelocity(uniform(-10, 10), for: item)
        }
        // The closed forms against the solver's own masses and inertias.
        for (item, shape) in zip(items, shapes) {
            guard let body = h.animator.registry.body(for: item) else { episode.mismatch = "no body"; return episode }
            let m = h.animator.world.mass(of: body), i = h.animator.world.inertia(of: body)
            if relativeError(m, shape.mass) > 1e-9 || relativeError(i, shape.inertia) > 1e-9 {
                episode.mismatch = "\(item.bounds.size) \(item.collisionBoundsType): solver (\(m), \(i)), closed form \(shape)"
                return episode
            }
        }
        func energy() -> Double {
            var total = 0.0
            for (item, shape) in zip(items, shapes) {
                let v = material.linearVelocity(for: item), w = material.angularVelocity(for: item)
                total += 0.5 * shape.mass * (v.dx * v.dx + v.dy * v.dy) + 0.5 * shape.inertia * w * w
            }
            return total
        }
        let initial = energy()
        let frames = Int(seconds * 60)
        for k in 1...frames {
            h.engine.tick(at: Double(k) / 60)
            let ratio = energy() / initial
            if ratio > episode.worst { episode.worst = ratio; episode.worstFrame = k }
        }
        episode.diagnostics = h.diagnostics
        return episode
    }

    /// Seeds 273 and 5352, beyond the default episodes: in each, an item bounces off a wall with
    /// another close behind it, and the next step's warm start must not repeat the bounce's
    /// impulse (`PinchedBounceTests`).
    @Test(arguments: [UInt64(273), 5352])
    func aPinchedBounceGivesNoEnergy(seed: UInt64) {
        let e = Self.run(seed: seed)
        #expect(e.mismatch == nil && e.diagnostics.isEmpty)
        #expect(e.elasticity == 1)
        #expect(e.worst <= 1.01, "seed \(seed): \(e.worst) at frame \(e.worstFrame)")
    }

    @Test func energyNeverGrowsInAClosedBox() {
        let episodes = Self.environmentInteger("KINETIC_CLOSED_BOX_ENERGY_EPISODES") ?? 200
        let first = UInt64(Self.environmentInteger("KINETIC_CLOSED_BOX_ENERGY_SEED") ?? 1)
        var worst = (ratio: 1.0, seed: first, episode: Episode())
        var over: [String] = []
        for k in 0..<UInt64(episodes) {
            let seed = first + k
            let e = Self.run(seed: seed)
            #expect(e.mismatch == nil, "seed \(seed): \(e.mismatch ?? "")")
            #expect(e.diagnostics.isEmpty, "seed \(seed): \(e.diagnostics)")
            if e.worst > worst.ratio { worst = (e.worst, seed, e) }
            if e.worst > 1.01 {
                over.append("seed \(seed): \(e.worst) at frame \(e.worstFrame) (\(e.count) items, elasticity \(e.elasticity), friction \(e.friction))")
            }
        }
        print("closed-box energy: worst ratio \(worst.ratio) over \(episodes) episodes (seed \(worst.seed), frame \(worst.episode.worstFrame), \(worst.episode.count) items, elasticity \(worst.episode.elasticity), friction \(worst.episode.friction)); \(over.count) above 1.01")
        #expect(over.isEmpty, "\(over.count) of \(episodes) episodes above 1.01: \(over.prefix(10))")
    }
}
