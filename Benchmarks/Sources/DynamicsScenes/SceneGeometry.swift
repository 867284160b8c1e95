// Where the bodies of the dynamics benchmark scenes start: the numbers `Box2D/scenes.py` and
// `Box2Dv3/driver.c` use too.
//
// Points, y downwards. Box2D's side maps 1 m = 100 pt, so every figure here is also exactly Box2D's
// in centimetres. `pyramid` and `circles` fill a 1000 × 1000 pt box; Box2D v3's own benchmark scenes
// (`large_pyramid`, `joint_grid`) keep its layout, with its origin at the point (0, 0) and its y
// flipped.

import Kinetic

/// The geometry shared with `Box2D/scenes.py` (keep the two in step).
public enum SceneGeometry {
    /// The reference bounds, whose edges are the boundary both scenes collide with.
    public static let bounds = 1000.0
    /// Fixed step: 120 steps per second on both sides of the Box2D 2.x comparison (a scene may be
    /// built at 60, Box2D v3's rate: `DynamicsScene.stepRate`).
    public static let stepRate = 120.0
    public static let positionIterations = 3
    /// Friction of every body (and of the boundary, on Box2D's side); restitution is 0, density 1.
    public static let friction = 0.6
    public static let density = 1.0
    /// Steps run before measuring: 10 s of simulated time, after which both piles are settled.
    public static let warmUpSteps = 1200

    public static let pyramidRows = 20
    public static let boxSide = 40.0
    /// Horizontal distance between neighbouring boxes' centres (4 pt gaps).
    public static let boxPitch = 44.0

    public static let circleCount = 1000
    public static let circleRadius = 10.0
    public static let circlesPerRow = 36
    public static let circlePitch = 27.0
    public static let circleJitter = 3.0

    /// The pyramid's box centres, bottom row first: row r has `rows` − r boxes (210 in all for
    /// 20 rows), the bottom row on the floor, each row resting on the one below.
    public static func pyramidBoxes(rows: Int = pyramidRows) -> [Point] {
        var boxes: [Point] = []
        for row in 0..<rows {
            let count = rows - row
            let y = bounds - boxSide / 2 - Double(row) * boxSide
            for j in 0..<count {
                let x = bounds / 2 + (Double(j) - Double(count - 1) / 2) * boxPitch
                boxes.append(Point(x: x, y: y))
            }
        }
        return boxes
    }

    /// The circles' starting centres, top row first: a 36-per-row grid with a 27 pt pitch, each
    /// centre moved by up to ±3 pt in x and y (no two circles overlap), from which they fall.
    public static func circleCentres(count: Int = circleCount) -> [Point] {
        var random = LCG(seed: 2026)
        var centres: [Point] = []
        for i in 0..<count {
            let (row, column) = i.quotientAndRemainder(dividingBy: circlesPerRow)
            let x = bounds / 2 + (Double(column) - Double(circlesPerRow - 1) / 2) * circlePitch
                + (2 * random.unit() - 1) * circleJitter
            let y = 30 + Double(row) * circlePitch + (2 * random.unit() - 1) * circleJitter
            centres.append(Point(x: x, y: y))
        }
        return centres
    }
}

extension SceneGeometry {
    /// Box2D v3's `CreateLargePyramid`: 100 boxes in the bottom row (5,050 in all).
    public static let largePyramidBase = 100
    /// The large pyramid's boxes: 1 m.
    public static let largeBoxSide = 100.0
    /// Box2D's ground under the large pyramid, a 200 × 2 m box whose top is y = 0 (as a closed
    /// boundary: its corners).
    public static let largePyramidGround = [
        Point(x: -10_000, y: 0), Point(x: 10_000, y: 0), Point(x: 10_000, y: 200), Point(x: -10_000, y: 200),
    ]

    /// The large pyramid's box centres as `CreateLargePyramid` places them, bottom row first: row
    /// i has `base` − i boxes side by side without gaps, resting on the row below.
    public static func largePyramidBoxes(base: Int = largePyramidBase) -> [Point] {
        let a = largeBoxSide / 2
        var boxes: [Point] = []
        for i in 0..<base {
            let y = -(2 * Double(i) + 1) * a
            for j in i..<base {
                boxes.append(Point(x: (Double(i) + 1) * a + 2 * Double(j - i) * a - a * Double(base), y: y))
            }
        }
        return boxes
    }

    /// Box2D v3's `CreateJointGrid`: 100 × 100 bodies.
    public static let jointGridSize = 100
    /// The joint grid's circles: radius 0.4 m, centres 1 m apart.
    public static let jointGridRadius = 40.0
    public static let jointGridPitch = 100.0

    /// The centre of the joint grid's body in column `k` and row `i` (row 0 at the top, rows going
    /// down), as `CreateJointGrid` places it at (k, −i) m.
    public static func jointGridCentre(column k: Int, row i: Int) -> Point {
        Point(x: Double(k) * jointGridPitch, y: Double(i) * jointGridPitch)
    }

    /// Whether the joint grid's body in column `k` and row `i` is fixed: the 7 middle bodies of the
    /// top row (Box2D's static bodies).
    public static func isJointGridFixed(column k: Int, row i: Int, size n: Int) -> Bool {
        i == 0 && k >= n / 2 - 3 && k <= n / 2 + 3
    }
}

/// Knuth's MMIX 64-bit LCG; `unit()` is the top 53 bits in [0, 1). The same sequence as
/// `LCG` in `Box2D/scenes.py`, so both sides start from the same bits.
struct LCG {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func unit() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) / 9_007_199_254_740_992
    }
}
