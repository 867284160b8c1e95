// The app: its one scene animates the elements of web/index.html.
import Kinetic
import KineticHost

@main
struct GalleryApp: KineticApp {
    static var scenes: [SceneEntry] {
        [
            SceneEntry(name: "gallery", title: "Gallery",
                       description: "Tap a photo: it flies from the grid to the detail view. Pull the detail view down to send it home with your finger's speed, or catch it mid-flight and throw it back.") { engine in
                GalleryScene(engine: engine)
            },
            SceneEntry(name: "field", title: "A thousand elements",
                       description: "field.html: a thousand cells of a CSS grid; toggle the grid and every cell flies to its new place, interruptibly.") { engine in
                FieldScene(engine: engine)
            },
        ]
    }
}
