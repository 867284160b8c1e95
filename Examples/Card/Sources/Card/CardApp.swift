// The app: the scenes this package offers to `kinetic web serve` and `kinetic render`.
import Kinetic
import KineticHost

@main
struct CardApp: KineticApp {
    static var scenes: [SceneEntry] {
        [
            SceneEntry(name: "card", title: "The card",
                       description: "Drag the card and throw it: it springs into the corner your flick points at, starting with your release velocity. Grab it mid-flight to catch it where it is; tap it to send it to the opposite corner without a jump.") { engine in
                CardScene(engine: engine)
            },
        ]
    }
}
