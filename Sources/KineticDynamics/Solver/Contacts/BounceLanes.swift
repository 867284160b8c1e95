import Kinetic

/// A bundle's restitution and its points' bounce figures.
struct BounceLanes {
    var restitution = Lanes()
    var p0 = BouncePointLanes()
    var p1 = BouncePointLanes()
}
