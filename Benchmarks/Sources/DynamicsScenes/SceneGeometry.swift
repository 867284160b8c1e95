// Where the bodies of the two dynamics benchmark scenes start: the numbers `Box2D/scenes.py` uses too.
//
// Points, y downwards, a 1000 × 1000 pt box. Box2D's side maps 1 m = 100 pt, so every figure here
// is also exactly Box2D's in centimetres.

import Kinetic

/// The geometry shared with `Box2D/scenes.py` (keep the two in step).
public enum SceneGeometry {
    /// The reference bounds, whose edges are the boundary both scenes collide with.
    public static let bounds = 1000.0
    /// Fixed step: 120 steps per second on both sides.
    public static let stepRate = 120.0
    public static let velocityIterations = 8
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

    /// The pyramid's box centres, bottom row first: row r has 20 − r boxes (210 in all), the
    /// bottom row on the floor, each row resting on the one below.
    public static func pyramidBoxes() -> [Point] {
        var boxes: [Point] = []
        for row in 0..<pyramidRows {
            let count = pyramidRows - row
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
    public static func circleCentres() -> [Point] {
        var random = LCG(seed: 2026)
        var centres: [Point] = []
        for i in 0..<circleCount {
            let (row, column) = i.quotientAndRemainder(dividingBy: circlesPerRow)
            let x = bounds / 2 + (Double(column) - Double(circlesPerRow - 1) / 2) * circlePitch
                + (2 * random.unit() - 1) * circleJitter
            let y = 30 + Double(row) * circlePitch + (2 * random.unit() - 1) * circleJitter
            centres.append(Point(x: x, y: y))
        }
        return centres
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
