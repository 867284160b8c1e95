// The "Your first scene" article's code, run as written, so the article stays true to the API.
import Testing
import Kinetic
import KineticScene
import KineticTestSupport

@Suite("Your first scene (article)")
struct FirstSceneArticleTests {
    /// The article's scene, pan and event sequence, verbatim; then the thrown card against the
    /// closed form of the damped spring from the release position and velocity.
    @Test func aThrownCardSpringsHomeFromTheReleaseVelocityOnTheClosedForm() {
        let engine = AnimationEngine()
        let scene = Scene(size: Size(width: 375, height: 667), engine: engine)

        let card = Node(frame: Rect(x: 147.5, y: 260, width: 80, height: 80), name: "card", engine: engine)
        card.backgroundColor = Color(rgb: 0x5856D6)
        card.cornerRadius = 12
        scene.root.addChild(card)
        let home = card.center

        var spring: SpringAnimation<Point>?
        var dragStart = Point.zero

        let pan = PanGestureRecognizer { pan in
            switch pan.state {
            case .began:
                spring?.stop()
                dragStart = card.center - pan.translation(in: nil)
            case .changed:
                card.center = dragStart + pan.translation(in: nil)
            case .ended, .cancelled:
                let s = SpringAnimation(property: card.$center,
                                        spring: SpringTimingParameters(dampingRatio: 0.5, response: 0.6),
                                        target: home, velocity: pan.velocity(in: nil))
                s.start()
                spring = s
            default:
                break
            }
        }
        pan.minimumDistance = 0
        card.addGestureRecognizer(pan)

        scene.send(.down(1, Point(x: 187.5, y: 300), at: 0.2))
        for i in 1...12 {
            scene.send(.move(1, Point(x: 187.5 + 100 * Double(i) / 12, y: 300), at: 0.2 + Double(i) / 60))
        }
        for i in 1...6 {
            scene.send(.move(1, Point(x: 287.5, y: 300 - 50 * Double(i) / 6), at: 0.4 + Double(i) / 60))
        }
        scene.send(.up(1, Point(x: 287.5, y: 250), at: 0.5))

        // At the release the card is where the finger let go, moving with the pan's velocity
        // (up: it was thrown upwards).
        #expect(home == Point(x: 187.5, y: 300))
        #expect(card.presentation.center == Point(x: 287.5, y: 250))
        let v0 = card.$center.velocity
        #expect(v0.y < -400 && v0.x.magnitude < v0.y.magnitude, "release velocity \(v0)")

        var frames: [String] = []
        var worst = 0.0
        let p = SpringTimingParameters(dampingRatio: 0.5, response: 0.6)
        for frame in 0...150 {
            let t = Double(frame) / 60
            if t > engine.time { engine.tick(at: t) }
            frames.append(SVGRenderer.render(scene.renderList()))
            guard t > 0.5 else { continue }
            let x = springOffset(mass: p.mass, stiffness: p.stiffness, damping: p.damping, d0: 100, v0: v0.x, at: t - 0.5).x
            let y = springOffset(mass: p.mass, stiffness: p.stiffness, damping: p.damping, d0: -50, v0: v0.y, at: t - 0.5).x
            let c = card.presentation.center
            worst = max(worst, (c.x - (home.x + x)).magnitude, (c.y - (home.y + y)).magnitude)
        }
        #expect(worst < 1e-9, "largest distance from the closed form: \(worst) pt")
        #expect(frames.count == 151)
        #expect(engine.diagnostics.isEmpty)
    }
}
