// Reading a Bézier path at a progress of its arc length: paced, as Core Animation's keyframe
// `calculationMode` `.paced` and CSS `offset-distance` read one.

extension BezierPath {
    /// The first contour's arc length, measured by 5-point Gauss–Legendre quadrature on 32 equal parameter
    /// intervals per segment: a relative error below 1e-12 for segments whose speed varies
    /// smoothly (any segment without a cusp), about 1e-6 at a cusp (a cubic whose speed
    /// vanishes inside it).
    public var length: Double { PacedPath(self).length }

    /// The point at `progress` of the first contour's arc length (0 at ``start``, 1 at
    /// ``end``): paced. Outside [0, 1] the path goes on straight along its end tangents (the
    /// way a spring's overshoot moves a point along it). NaN reads as 0.
    public func point(atProgress progress: Double) -> Point {
        PacedPath(self).point(atProgress: progress.isNaN ? 0 : progress)
    }

    /// The direction of motion at `progress`, in radians from the x axis (positive towards
    /// +y), continuous along the path (it keeps counting past ±π, so a circle ends at its start
    /// angle ± 2π). At a corner between two segments it turns at once.
    public func tangentAngle(atProgress progress: Double) -> Double {
        PacedPath(self).angle(atProgress: progress.isNaN ? 0 : progress).value
    }
}
