import Kinetic
import KineticHost
import KineticScene

/// The comments panel of the 2017 session ("Advanced Animations with UIKit"), with the
/// session's `runningAnimators` pattern: one transition from collapsed to expanded (or back)
/// made of several animators with their own timing, all started, paused, scrubbed, reversed
/// and continued together.
///
/// | animator | timing | animates |
/// |---|---|---|
/// | frame | critically damped spring (`dampingRatio: 1`) | the panel's frame |
/// | blur | cubic (0.75, 0.1, 0.9, 0.25) in, (0.1, 0.75, 0.25, 0.9) out; `scrubsLinearly = false` | the blur behind the panel |
/// | label transform | critically damped spring | the two "Comments" labels' transforms (scale + translation morph) |
/// | label alpha in / out | ease-in / ease-out; `scrubsLinearly = false` | the labels' cross-fade |
/// | corner | linear | the panel's corner radius, 0 ↔ 12 |
/// | button | linear, keyframes | the Post button: in over the second half, out over the first |
///
/// A tap on the header starts the transition, or reverses every running animator. A pan on the
/// header starts it if needed, pauses all and scrubs `fractionComplete` by the finger's
/// vertical travel; on release they continue (reversed first if the finger was moving back).
public final class CommentsDemo: LifetimeOwner, HostedScene {
    /// The catalog entry: `comments`.
    public static var entry: SceneEntry {
        SceneEntry(name: "comments", title: "The comments panel", description: "The 2017 session's comments panel: six animators with their own timing run one transition. The panel's frame rides a critically damped spring; the blur behind it uses the session's custom curves, slow in (0.75, 0.1, 0.9, 0.25) and quick out (0.1, 0.75, 0.25, 0.9), scrubbed non-linearly; the small and large \"Comments\" labels morph by scale and translation on a spring while they cross-fade on ease-in and ease-out; the corner radius goes 0 to 12 linearly; the Post button runs on keyframes. Tap the header to expand or collapse, tap again mid-flight to reverse everything, or drag the header to scrub all six together and let go to continue. The graph shows the blur's progress over time: note the asymmetric curves.", hint: "Tap the header, tap again mid-flight to reverse, or drag it to scrub.") { CommentsDemo(engine: $0) }
    }

    /// The panel's states.
    public enum PanelState: Sendable, Equatable { case collapsed, expanded }

    /// The transition's duration (seconds).
    public static let duration = 1.0
    /// The panel's frames.
    public static let collapsedFrame = Rect(x: 0, y: DemoCatalog.screenSize.height - 64, width: DemoCatalog.screenSize.width, height: 64)
    public static let expandedFrame = Rect(x: 0, y: 200, width: DemoCatalog.screenSize.width, height: DemoCatalog.screenSize.height - 200)
    /// The blur's radius when expanded (points).
    public static let maxBlur = 16.0
    /// The session's blur curves.
    public static let blurIn = CubicTimingParameters(0.75, 0.1, 0.9, 0.25)
    public static let blurOut = CubicTimingParameters(0.1, 0.75, 0.25, 0.9)

    /// The token of the demo's zeroing references (its closures' way back to it).
    public let lifetime = Lifetime()
    /// The scene.
    public let scene: Scene
    /// The state the panel is in when nothing runs (the session's `state`).
    public private(set) var state: PanelState = .collapsed
    /// The animators of the running transition (the session's `runningAnimators`).
    public private(set) var runningAnimators: [PropertyAnimator] = []
    /// The panel, the blur behind it, the two labels and the button.
    public let panel: Node, blur: Node, collapsedLabel: Node, expandedLabel: Node, postButton: Node
    /// The numbers hosts record, in column order.
    public private(set) var channels: [SceneChannel] = []
    /// Each animator's own `fractionComplete` when the pan caught it: the animators run different
    /// curves, so each reads its own progress, and writing it back moves nothing.
    private var progressWhenInterrupted: [Double] = []
    private let graph: LiveGraph

    /// Builds the demo on `engine`.
    public init(engine: AnimationEngine) {
        let size = DemoCatalog.screenSize
        let scene = Scene(size: size, engine: engine)
        self.scene = scene
        let root = scene.root
        // Sam's photo: a sneaker on a sky.
        root.backgroundColor = Color(rgb: 0x87CEEB)
        root.addChild(Widgets.box("sun", Rect(x: 260, y: 60, width: 80, height: 80), Palette.yellow, radius: 40, engine: engine))
        root.addChild(Widgets.box("ground", Rect(x: 0, y: 420, width: size.width, height: 247), Color(rgb: 0x6B8E23), engine: engine))
        root.addChild(Widgets.box("shoe.sole", Rect(x: 50, y: 370, width: 270, height: 30), .white, radius: 15, engine: engine))
        root.addChild(Widgets.box("shoe.upper", Rect(x: 70, y: 290, width: 200, height: 90), Palette.red, radius: 40, engine: engine))
        root.addChild(Widgets.box("shoe.laces", Rect(x: 110, y: 300, width: 90, height: 14), .white, radius: 7, engine: engine))
        root.addChild(Widgets.label("caption", "Sam's Photo", Rect(x: 0, y: 20, width: size.width, height: 30), size: 20, color: .white, engine: engine))

        graph = LiveGraph(name: "graph", frame: Rect(x: 16, y: 56, width: 200, height: 120), range: 0...1, window: 4, slots: 60,
                          series: [.init(color: Palette.indigo, style: .solid)], title: "blur progress over time", engine: engine)

        blur = Node(frame: Rect(origin: .zero, size: size), name: "blur", engine: engine)
        blur.backgroundColor = Color(white: 0, alpha: 0)
        blur.isUserInteractionEnabled = false
        root.addChild(blur)
        // The graph measures the blur: above it, so the blur never blurs its own instrument.
        root.addChild(graph.node)

        panel = Widgets.box("panel", CommentsDemo.collapsedFrame, .white, engine: engine)
        panel.maskedCorners = .top
        panel.clipsToBounds = true
        root.addChild(panel)
        collapsedLabel = Widgets.label("label.collapsed", "Comments", Rect(x: 0, y: 0, width: size.width, height: 64), size: 17,
                                       color: Palette.blue, engine: engine)
        expandedLabel = Widgets.label("label.expanded", "Comments", Rect(x: 0, y: 12, width: size.width, height: 52), size: 30,
                                      engine: engine)
        panel.addChild(collapsedLabel)
        panel.addChild(expandedLabel)
        postButton = Widgets.box("post", Rect(x: size.width - 84, y: 22, width: 68, height: 32), Palette.blue, radius: 16, engine: engine)
        postButton.text = "Post"
        postButton.fontSize = 15
        postButton.textColor = .white
        panel.addChild(postButton)
        let comments = ["This is a fresh photo. Nice kicks.", "Your ideal sneaker.", "Hard wearing sole and upper.", "Most shoes only offer one."]
        for (i, text) in comments.enumerated() {
            let row = Widgets.box("comment\(i)", Rect(x: 16, y: 80 + Double(i) * 64, width: size.width - 32, height: 52),
                                  Palette.background, radius: 10, engine: engine)
            row.addChild(Widgets.label("comment\(i).text", text, Rect(x: 0, y: 0, width: size.width - 32, height: 52), size: 14, engine: engine))
            panel.addChild(row)
        }
        engine.performWithoutAnimation {
            // Collapsed: the large label sits shrunk onto the small one, invisible; the button hidden.
            expandedLabel.alpha = 0
            expandedLabel.transform = CommentsDemo.morph(from: expandedLabel, to: collapsedLabel)
            postButton.alpha = 0
        }

        // A header node on top of the panel's first 64 points takes the tap and the pan.
        let header = Node(frame: Rect(x: 0, y: 0, width: size.width - 90, height: 64), name: "header", engine: engine)
        panel.addChild(header)
        // The recognizers live in the scene this object owns: they reach it through a zeroing
        // reference, so the scene never keeps it alive.
        let me = zeroingReference
        header.addGestureRecognizer(TapGestureRecognizer { _ in
            guard let self = me.object else { return }
            self.animateOrReverseRunningTransition(state: self.nextState, duration: CommentsDemo.duration)
        })
        header.addGestureRecognizer(PanGestureRecognizer { pan in me.object?.handlePan(pan) })

        let c = panel.$center
        channels = [
            SceneChannel.coordinate("panel.center.y", c) { $0.y },
            SceneChannel.property("blur.radius", blur.$blurRadius),
            SceneChannel.property("panel.cornerRadius", panel.$cornerRadius),
            SceneChannel.property("label.collapsed.alpha", collapsedLabel.$alpha),
            SceneChannel.property("label.expanded.alpha", expandedLabel.$alpha),
            SceneChannel.property("post.alpha", postButton.$alpha),
            SceneChannel(name: "label.expanded.scale") { [expandedLabel] in
                let t = expandedLabel.$transform
                return (t.value.scaleX, t.presentationValue.scaleX, t.velocity.scaleX)
            },
        ]
    }

    /// Traces the blur's progress (its radius over ``maxBlur``) on the live graph.
    public func didAdvance(to time: Double) {
        graph.record(time: time, values: [blur.$blurRadius.presentationValue / CommentsDemo.maxBlur])
    }

    /// The state a new transition goes to.
    public var nextState: PanelState { state == .expanded ? .collapsed : .expanded }

    /// The transform that puts `label` exactly over `target` (same centre, scaled to its font
    /// size): the session's "scale = w/W … translation" for the view morph.
    static func morph(from label: Node, to target: Node) -> AffineTransform {
        let s = target.fontSize / label.fontSize
        let dx = target.center.x - label.center.x, dy = target.center.y - label.center.y
        return AffineTransform(scaleX: s, y: s).concatenating(AffineTransform(translationX: dx, y: dy))
    }

    /// Creates and starts the transition's animators unless some are running (the session's
    /// `animateTransitionIfNeeded(state:duration:)`).
    func animateTransitionIfNeeded(state target: PanelState, duration: Double) {
        guard runningAnimators.isEmpty else { return }
        let expanding = target == .expanded
        // The engine holds running animators and this object holds the engine: the animation
        // blocks (run and dropped at the start) capture the nodes they move, and the completion
        // reaches back here through a zeroing reference, so a panel dropped mid-flight is freed.
        let me = zeroingReference
        let panel = panel, blur = blur, postButton = postButton, engine = engine
        let frameAnimator = PropertyAnimator(duration: duration, dampingRatio: 1, engine: engine) {
            panel.frame = expanding ? CommentsDemo.expandedFrame : CommentsDemo.collapsedFrame
        }
        frameAnimator.addCompletion { position in
            guard let self = me.object else { return }
            if position == .end { self.state = target }
            self.runningAnimators.removeAll()
        }

        let blurAnimator = PropertyAnimator(duration: duration,
                                            timingParameters: .cubic(expanding ? CommentsDemo.blurIn : CommentsDemo.blurOut),
                                            engine: engine) {
            blur.blurRadius = expanding ? CommentsDemo.maxBlur : 0
            blur.backgroundColor = Color(white: 0, alpha: expanding ? 0.35 : 0)
        }
        blurAnimator.scrubsLinearly = false

        let inLabel = expanding ? expandedLabel : collapsedLabel
        let outLabel = expanding ? collapsedLabel : expandedLabel
        let outTransform = CommentsDemo.morph(from: outLabel, to: inLabel)
        let transformAnimator = PropertyAnimator(duration: duration, dampingRatio: 1, engine: engine) {
            inLabel.transform = .identity
            outLabel.transform = outTransform
        }
        let inLabelAnimator = PropertyAnimator(duration: duration, curve: .easeIn, engine: engine) { inLabel.alpha = 1 }
        inLabelAnimator.scrubsLinearly = false
        let outLabelAnimator = PropertyAnimator(duration: duration, curve: .easeOut, engine: engine) { outLabel.alpha = 0 }
        outLabelAnimator.scrubsLinearly = false

        let cornerAnimator = PropertyAnimator(duration: duration, curve: .linear, engine: engine) {
            panel.cornerRadius = expanding ? 12 : 0
        }

        let buttonAnimator = PropertyAnimator(duration: duration, curve: .linear, engine: engine) {
            if expanding {
                // Start with a delay and finish with the rest of the animations.
                engine.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { postButton.alpha = 1 }
            } else {
                // Start immediately and finish in half the time.
                engine.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { postButton.alpha = 0 }
            }
        }

        runningAnimators = [frameAnimator, blurAnimator, transformAnimator, inLabelAnimator, outLabelAnimator,
                            cornerAnimator, buttonAnimator]
        for a in runningAnimators { a.startAnimation() }
    }

    /// Starts the transition, or reverses every running animator (the session's
    /// `animateOrReverseRunningTransition(state:duration:)`).
    func animateOrReverseRunningTransition(state target: PanelState, duration: Double) {
        if runningAnimators.isEmpty {
            animateTransitionIfNeeded(state: target, duration: duration)
        } else {
            for a in runningAnimators { a.isReversed.toggle() }
        }
    }

    func handlePan(_ pan: PanGestureRecognizer) {
        let distance = CommentsDemo.collapsedFrame.minY - CommentsDemo.expandedFrame.minY
        switch pan.state {
        case .began:
            // startInteractiveTransition(state:duration:)
            animateTransitionIfNeeded(state: nextState, duration: CommentsDemo.duration)
            for a in runningAnimators { a.pauseAnimation() }
            progressWhenInterrupted = runningAnimators.map { $0.fractionComplete }
        case .changed:
            // updateInteractiveTransition(fractionComplete:)
            let ty = pan.translation(in: nil).y
            let delta = (nextState == .expanded ? -ty : ty) / distance
            for (a, start) in zip(runningAnimators, progressWhenInterrupted) {
                a.fractionComplete = Swift.min(Swift.max(start + delta, 0), 1)
            }
        case .ended, .cancelled:
            // continueInteractiveTransition(cancel:): reverse if the finger was moving back.
            guard let first = runningAnimators.first else { return }
            let vy = pan.velocity(in: nil).y
            let headingToExpanded = (nextState == .expanded) != first.isReversed
            let wantsExpanded = vy == 0 ? headingToExpanded : vy < 0
            if wantsExpanded != headingToExpanded {
                for a in runningAnimators { a.isReversed.toggle() }
            }
            for a in runningAnimators { a.continueAnimation(withTimingParameters: nil, durationFactor: 0) }
        default:
            break
        }
    }
}
