// The demos app: every demo of KineticDemos as an app's scenes, natively a runner, in the browser the playground.
import KineticDemos
import KineticHost

/// The playground: `DemoCatalog.entries` as a `KineticApp`. `swift run KineticPlayground list`
/// lists them and `… render SCENE --script FILE --out DIR` renders one headlessly;
/// `Scripts/build-web` builds the same target as the browser playground's WebAssembly module.
@main
struct PlaygroundApp: KineticApp {
    static var scenes: [SceneEntry] { DemoCatalog.entries }
}
