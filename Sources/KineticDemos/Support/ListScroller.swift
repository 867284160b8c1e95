// A list's scrolling under a vertical pan, as a scroll view's: drag with rubber-banding, then coast and bounce.
import Kinetic
import KineticScene

/// A list's scrolling under a vertical pan, shared by the demos with a scrolling list: the finger
/// drags the content offset (rubber-banding past the ends, `ScrollAxis`), and a release hands
/// the finger's velocity to a `BoundedDecayAnimation` that coasts and bounces at the ends. A touch
/// while it coasts or bounces picks the content up where it is shown.
final class ListScroller {
    let axis: ScrollAxis
    /// The content offset (0 shows the top of the content).
    let offset: AnimatedProperty<Double>
    /// The fling, while it runs.
    private(set) var fling: BoundedDecayAnimation?
    /// The raw (un-rubber-banded) offset where the finger's translation is 0.
    private var anchor = 0.0

    /// A list scrolled along `axis`, its offset starting at 0 on `engine`.
    init(axis: ScrollAxis, engine: AnimationEngine) {
        self.axis = axis
        self.offset = AnimatedProperty(0, engine: engine)
        offset.motionRole = .geometry      // a scroll position: it lands under reduced motion
    }

    /// Stops a fling where it is.
    func stop() {
        fling?.stop()
        fling = nil
    }

    /// Follows the pan: the content moves with the finger (dragging up scrolls the content up, so
    /// the offset grows); a release flings it.
    func handle(_ pan: PanGestureRecognizer) {
        let translation = pan.translation(in: nil).y
        let raw = anchor - translation
        switch pan.state {
        case .began:
            stop()
            anchor = axis.rawOffset(showing: offset.presentationValue) + translation
        case .changed:
            offset.value = axis.shownOffset(forRawOffset: raw)
        case .ended, .cancelled:
            offset.value = axis.shownOffset(forRawOffset: raw)
            let velocity = axis.velocity(atRawOffset: raw, rawVelocity: -pan.velocity(in: nil).y)
            let f = BoundedDecayAnimation(property: offset, velocity: velocity, bounds: axis.bounds)
            f.restingDistance = 0.01
            f.restingSpeed = 0.05
            fling = f
            f.start()
        default:
            break
        }
    }
}
