// The demos app's scenes: every demo as a `SceneEntry`, in the order the source material shows them.
import Kinetic
import KineticHost
import KineticScene

/// Every demo, in the order the source material shows them, as the scenes an app offers (the pane also under
/// `pane-dynamics` and `pane-pop`: the same demo opened on another of its three engines, so
/// scripts can pick one).
///
/// Each demo is a `HostedScene` listed by its own `SceneEntry`, exactly as a user's scene is:
/// the playground app (`KineticPlayground`) and `kinetic render` host ``entries`` and nothing
/// else.
public enum DemoCatalog {
    /// The screen size every demo is laid out for (375 × 667 points, an iPhone 8 screen; the
    /// navigation demo alone is 400 × 800).
    public static let screenSize = Size(width: 375, height: 667)

    /// A scene of ``screenSize`` on `engine`, its root filled with `background`: where every
    /// demo on the phone screen starts.
    static func screen(on engine: AnimationEngine, background: Color) -> Scene {
        let scene = Scene(size: screenSize, engine: engine)
        scene.root.backgroundColor = background
        return scene
    }

    /// Every demo's entry, in order: basics, scrubbing, drawer, pane, pane-dynamics, pane-pop,
    /// photo, comments, spring2d, rotation, dynamics, pyramid, scroll, stress, navigation, menu,
    /// grid, list.
    public static var entries: [SceneEntry] {
        [BasicsDemo.entry, ScrubbingDemo.entry, DrawerDemo.entry,
         PaneDemo.entry(for: .spring), PaneDemo.entry(for: .dynamics), PaneDemo.entry(for: .pop),
         PhotoDemo.entry, CommentsDemo.entry, Spring2DDemo.entry, RotationDemo.entry, DynamicsDemo.entry,
         PyramidDemo.entry, ScrollDemo.entry, StressDemo.entry, NavigationDemo.entry,
         MenuDemo.entry, GridDemo.entry, ListDemo.entry]
    }
}
