import Kinetic
import KineticDemos
import KineticHost

/// The scenes `kinetic render` runs: the demos app's (``DemoCatalog/entries``: every demo of
/// `KineticDemos`, each a `HostedScene` listed by its `SceneEntry`).
enum RenderScenes {
    static var all: [SceneEntry] { DemoCatalog.entries }

    static func named(_ name: String) -> SceneEntry? { all.first { $0.name == name } }
}
