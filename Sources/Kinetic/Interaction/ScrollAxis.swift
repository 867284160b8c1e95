// One axis of a scroll view: the offsets it may rest at, and how a drag past them is shown (rubber band and its inverse).

/// One axis of a scroll view's geometry: the range of content offsets it may rest at and the
/// viewport length that sizes the rubber band (UIScrollView's `contentSize`, `bounds.size` and
/// `bounces` along one axis).
///
/// A drag moves a *raw* offset (the finger's), shown rubber-banded past the bounds
/// (``shownOffset(forRawOffset:)``); ``rawOffset(showing:)`` inverts that, so a scroll view caught
/// mid-bounce picks up the drag where the content is shown, without a jump, and
/// ``velocity(atRawOffset:rawVelocity:)`` is the shown velocity to hand to a
/// ``BoundedDecayAnimation`` at release, so that velocity is continuous too.
public struct ScrollAxis: Sendable, Equatable {
    /// The offsets the content may rest at: `0 ... max(0, content − viewport)`.
    public let bounds: ClosedRange<Double>
    /// The viewport's length along the axis (the rubber band's dimension).
    public let viewportLength: Double
    /// The rubber band's constant (UIScrollView's is reproduced by 0.55).
    public let constant: Double

    /// An axis whose content is `contentLength` long in a viewport `viewportLength` long.
    ///
    /// A NaN or infinite content or viewport length counts as 0; a content shorter than the
    /// viewport scrolls nowhere (bounds `0...0`, as UIScrollView with `alwaysBounceVertical`).
    /// A non-finite or non-positive rubber-band constant becomes 0.55.
    public init(contentLength: Double, viewportLength: Double, constant: Double = 0.55) {
        let content = contentLength.isFinite ? Swift.max(contentLength, 0) : 0
        let viewport = viewportLength.isFinite ? Swift.max(viewportLength, 0) : 0
        bounds = 0...Swift.max(content - viewport, 0)
        self.viewportLength = viewport
        self.constant = constant.isFinite && constant > 0 ? constant : 0.55
    }

    /// The offset shown for a raw (finger) offset: itself inside ``bounds``, rubber-banded
    /// outside with ``rubberBand(_:bounds:dimension:constant:)`` (never more than
    /// ``viewportLength`` past a bound).
    public func shownOffset(forRawOffset raw: Double) -> Double {
        rubberBand(raw, bounds: bounds, dimension: viewportLength, constant: constant)
    }

    /// The raw offset that shows `shown`: the inverse of ``shownOffset(forRawOffset:)``.
    ///
    /// Past a bound by `e` (less than the dimension `d`), the raw offset is past it by
    /// `(d/c)·e/(d − e)`. A shown offset at or beyond one viewport length past a bound (which the
    /// rubber band never shows) is treated as just inside that limit, 1e-9 of `d` short of it,
    /// so the result is finite; NaN gives the lower bound.
    public func rawOffset(showing shown: Double) -> Double {
        if shown.isNaN { return bounds.lowerBound }
        if shown >= bounds.lowerBound && shown <= bounds.upperBound { return shown }
        let d = viewportLength
        guard d > 0 else { return Swift.min(Swift.max(shown, bounds.lowerBound), bounds.upperBound) }
        let past = shown > bounds.upperBound ? shown - bounds.upperBound : bounds.lowerBound - shown
        let e = Swift.min(past, d * (1 - 1e-9))
        let raw = (d / constant) * (e / (d - e))
        return shown > bounds.upperBound ? bounds.upperBound + raw : bounds.lowerBound - raw
    }

    /// The velocity of the shown offset when the raw offset is `raw` and moves at `rawVelocity`
    /// (units per second): the rubber band's slope times `rawVelocity`, `c/(1 + x·c/d)²` at `x`
    /// past a bound and 1 inside.
    public func velocity(atRawOffset raw: Double, rawVelocity: Double) -> Double {
        guard raw.isFinite, rawVelocity.isFinite else { return 0 }
        let past = raw > bounds.upperBound ? raw - bounds.upperBound : (raw < bounds.lowerBound ? bounds.lowerBound - raw : 0)
        guard past > 0 else { return rawVelocity }
        guard viewportLength > 0 else { return 0 }
        let q = 1 + past * constant / viewportLength
        return rawVelocity * constant / (q * q)
    }

    /// Whether `offset` lies within ``bounds``.
    public func contains(_ offset: Double) -> Bool { bounds.contains(offset) }
}
