/// Rubber-banding: how far a value dragged past its bounds is shown, as a scroll view resists
/// being pulled beyond its content.
///
/// Inside `bounds` the value is returned unchanged. Past a bound by an offset `x > 0`, the value
/// is shown past it by
///
///     f(x) = (1 − 1 / (x · c / d + 1)) · d        (c = `constant`, d = `dimension`)
///
/// the formula widely used to reproduce `UIScrollView`, where `d` is the scroll view's size along
/// the axis and `c = 0.55`. Its properties, which the tests check:
/// - continuous at the bounds: `f(0) = 0`;
/// - slope `c` just past a bound (`f′(0) = c`), falling as `c / (1 + x·c/d)²`: the content
///   follows the finger at 55 % of its speed as soon as it crosses the bound, then ever less.
///   The slope is 1 inside, so the curve is C¹ at the bound only for `constant == 1`;
/// - strictly increasing, and bounded: the shown value approaches `bound ± d` (one dimension
///   past the bound) as the drag goes to infinity, never reaching it (an infinite value returns
///   `bound ± d` exactly);
/// - at `x = d / c` (the finger one dimension / 0.55 past the bound) the value is shown half a
///   dimension past it.
///
/// ## Bad input
/// - `dimension` zero, negative, NaN or infinite, or `constant` zero, negative, NaN or infinite:
///   no give at all, the value is clamped to `bounds` (the limit of a vanishing dimension or
///   constant; an infinite one would have no resistance and no meaning).
/// - `value` NaN: `bounds.lowerBound` (a NaN has no nearest bound).
@inlinable
public func rubberBand(_ value: Double, bounds: ClosedRange<Double>, dimension: Double,
                       constant: Double = 0.55) -> Double
{
    _rubberBand(value, lower: bounds.lowerBound, upper: bounds.upperBound,
                dimension: dimension, constant: constant)
}

/// Rubber-bands a point into a rectangle, each axis independently with
/// ``rubberBand(_:bounds:dimension:constant:)``: `x` into `bounds.minX...bounds.maxX` with
/// `dimensions.width`, `y` into `bounds.minY...bounds.maxY` with `dimensions.height`. For a
/// scroll view, `point` is the content offset, `bounds` the rectangle of allowed offsets and
/// `dimensions` the scroll view's size.
///
/// Bad input follows the scalar function per axis. In addition an axis whose ``Rect/minX`` or
/// ``Rect/maxX`` (``Rect/minY``, ``Rect/maxY``) is NaN, as from a NaN origin coordinate or an
/// origin of `−∞` with a size of `+∞`, is left unconstrained: that coordinate is returned
/// unchanged.
@inlinable
public func rubberBand(_ point: Point, bounds: Rect, dimensions: Size, constant: Double = 0.55) -> Point {
    Point(
        x: _rubberBand(point.x, lower: bounds.minX, upper: bounds.maxX,
                       dimension: dimensions.width, constant: constant, unconstrainedIfNaN: true),
        y: _rubberBand(point.y, lower: bounds.minY, upper: bounds.maxY,
                       dimension: dimensions.height, constant: constant, unconstrainedIfNaN: true)
    )
}

/// The scalar rubber band on raw bounds `lower ≤ upper` (see the public function).
@usableFromInline
func _rubberBand(_ value: Double, lower: Double, upper: Double, dimension: Double, constant: Double,
                 unconstrainedIfNaN: Bool = false) -> Double
{
    guard lower <= upper else { return unconstrainedIfNaN ? value : lower }   // NaN bounds
    if value.isNaN { return lower }
    if value >= lower && value <= upper { return value }
    guard dimension.isFinite, dimension > 0, constant.isFinite, constant > 0 else {
        return value < lower ? lower : upper
    }
    if value > upper {
        return upper + _rubberBandOffset(value - upper, dimension: dimension, constant: constant)
    }
    return lower - _rubberBandOffset(lower - value, dimension: dimension, constant: constant)
}

/// `f(x) = d · u / (1 + u)` with `u = x·c/d`: the same as `(1 − 1/(u + 1))·d` without the
/// cancellation for small `x`, and `d` for an infinite `x` (or one whose `u` overflows).
@usableFromInline
func _rubberBandOffset(_ offset: Double, dimension: Double, constant: Double) -> Double {
    let u = offset * constant / dimension
    guard u.isFinite else { return dimension }
    return dimension * (u / (1 + u))
}
