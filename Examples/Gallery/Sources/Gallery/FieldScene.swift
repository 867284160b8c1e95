// A thousand of the page's elements adopted at once: the page-adoption stress case.
import Kinetic
import KineticHost
import KineticScene

/// The cells of `web/field.html`, `cell-0` … `cell-999`, adopted as they are: the page's CSS
/// grid places them, and each time the page changes the grid (its button toggles a class), every
/// cell flies from where it is drawn to its new place on `PageLayout`'s spring, a second toggle
/// mid-flight turning all of them with their velocities. `Benchmarks/page-frame-cost` times it.
final class FieldScene: HostedScene {
    /// How many cells the page has.
    static let cellCount = 1000

    let scene: Scene
    let layout: PageLayout
    var page: PageLayout? { layout }

    init(engine: AnimationEngine) {
        scene = Scene(size: Size(width: 1, height: 1), engine: engine)
        layout = PageLayout(scene: scene)
        for i in 0..<FieldScene.cellCount { layout.adopt("cell-\(i)") }
    }

    /// The first and the last cell's centre.
    var channels: [SceneChannel] {
        guard let first = layout.elements.first?.node.$center, let last = layout.elements.last?.node.$center else { return [] }
        return [
            SceneChannel(name: "cell-0.center.x") { (first.value.x, first.presentationValue.x, first.velocity.x) },
            SceneChannel(name: "cell-999.center.y") { (last.value.y, last.presentationValue.y, last.velocity.y) },
        ]
    }
}
