import Kinetic

/// Four doubles, one per lane of a bundle.
typealias Lanes = SIMD4<Double>
typealias LaneMask = SIMDMask<SIMD4<Int64>>

/// `Swift.max` lane by lane (`y >= x ? y : x`: the lane NaN and ±0 give as the scalar `max`).
@inline(__always) func laneMax(_ x: Lanes, _ y: Lanes) -> Lanes { x.replacing(with: y, where: y .>= x) }
/// `Swift.min` lane by lane (`y < x ? y : x`).
@inline(__always) func laneMin(_ x: Lanes, _ y: Lanes) -> Lanes { x.replacing(with: y, where: y .< x) }

/// Four floats, one per lane: the step's fixed geometry of a bundle (the lever arms, the normal,
/// the inverse inertias), kept at single precision and widened to `Lanes` where a sweep reads it.
/// Everything the sweeps accumulate (impulses, separations, velocities) and the effective masses
/// stay in `Double`; see `ContactBundle`.
typealias NarrowLanes = SIMD4<Float>
