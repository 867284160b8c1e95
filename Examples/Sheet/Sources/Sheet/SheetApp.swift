// The app: the scenes this package offers to `kinetic web serve` and `kinetic render`.
import Kinetic
import KineticHost

@main
struct SheetApp: KineticApp {
    static var scenes: [SceneEntry] {
        [
            SceneEntry(name: "sheet", title: "The sheet",
                       description: "A bottom sheet with three detents (large, medium, collapsed). Drag it and let go: it springs to the detent nearest to where your flick would coast, starting with your release velocity. Grab it mid-flight to catch it where it is.") { engine in
                SheetScene(engine: engine)
            },
        ]
    }
}
