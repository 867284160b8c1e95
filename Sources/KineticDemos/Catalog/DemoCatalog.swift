import Kinetic

/// Every demo, in the order of DESIGN.md, by name (the pane also under `pane-dynamics` and
/// `pane-pop`: the same demo opened on another of its three engines, so scripts can pick one).
public enum DemoCatalog {
    /// The demos' catalog entries, in order.
    public static var all: [DemoInfo] {
        [BasicsDemo.info, ScrubbingDemo.info, DrawerDemo.info, PaneDemo.info, PaneDemo.dynamicsInfo, PaneDemo.popInfo,
         PhotoDemo.info, CommentsDemo.info, Spring2DDemo.info, RotationDemo.info, DynamicsDemo.info, PyramidDemo.info, ScrollDemo.info]
    }

    /// Every demo as a scene an app offers (KineticHost's `SceneEntry`), in the order of
    /// ``all``, then the `navigation` scene: what the playground app and `kinetic render` run.
    public static var entries: [SceneEntry] {
        all.map { info in
            SceneEntry(name: info.name, title: info.title, description: info.description) { engine in make(info.name, engine: engine)! }
        } + [NavigationDemo.entry]
    }

    /// A fresh demo on `engine`, or nil for an unknown name.
    public static func make(_ name: String, engine: AnimationEngine) -> Demo? {
        switch name {
        case BasicsDemo.info.name: return BasicsDemo(engine: engine).makeDemo()
        case ScrubbingDemo.info.name: return ScrubbingDemo(engine: engine).makeDemo()
        case DrawerDemo.info.name: return DrawerDemo(engine: engine).makeDemo()
        case PaneDemo.info.name: return PaneDemo(engine: engine).makeDemo()
        case PaneDemo.dynamicsInfo.name: return PaneDemo(engine: engine, mode: .dynamics).makeDemo()
        case PaneDemo.popInfo.name: return PaneDemo(engine: engine, mode: .pop).makeDemo()
        case PhotoDemo.info.name: return PhotoDemo(engine: engine).makeDemo()
        case CommentsDemo.info.name: return CommentsDemo(engine: engine).makeDemo()
        case Spring2DDemo.info.name: return Spring2DDemo(engine: engine).makeDemo()
        case RotationDemo.info.name: return RotationDemo(engine: engine).makeDemo()
        case ScrollDemo.info.name: return ScrollDemo(engine: engine).makeDemo()
        case DynamicsDemo.info.name: return DynamicsDemo(engine: engine).makeDemo()
        case PyramidDemo.info.name: return PyramidDemo(engine: engine).makeDemo()
        default: return nil
        }
    }
}
