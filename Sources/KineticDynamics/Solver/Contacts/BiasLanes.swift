import Kinetic

/// A sweep's soft-contact coefficients for the lanes of a bundle (the moving or the fixed ones).
struct BiasLanes {
    /// Whether the sweep pushes overlapping points apart (the biased sweep) or relaxes.
    let isOn: Bool
    let invH: Lanes, pushOut: Lanes
    /// massScale·biasRate (in the scalar order: their product times the separation), massScale
    /// and impulseScale of each lane's `Softness`.
    let coefficient: Lanes, massScale: Lanes, impulseScale: Lanes
}
