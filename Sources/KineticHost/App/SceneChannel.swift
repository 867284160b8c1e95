// One recorded number of a hosted scene: a name and a closure sampling it now.
import Kinetic
import KineticScene

/// One recorded number of a scene: its model value, presentation value and velocity now.
///
/// Hosts record channels frame by frame (`render`'s CSV, the page's `window.kineticRecord`),
/// so a native run and a WebAssembly run of the same script can be compared value for value.
public struct SceneChannel {
    /// `NODE.PROPERTY` (`"drawer.translation.y"`); a CSV column prefix, so no commas.
    public let name: String
    /// Samples the channel at the engine's current time.
    public let sample: () -> (model: Double, presentation: Double, velocity: Double)

    public init(name: String, sample: @escaping () -> (model: Double, presentation: Double, velocity: Double)) {
        self.name = name
        self.sample = sample
    }

    /// The channels of a node's centre (`NAME.center.x`, `NAME.center.y`, in points) and
    /// alpha (`NAME.alpha`, 0…1).
    public static func node(_ node: Node) -> [SceneChannel] {
        point(node.name + ".center", node.$center) + [property(node.name + ".alpha", node.$alpha)]
    }

    /// The channels of a `Point` property's coordinates: `NAME.x` and `NAME.y`.
    public static func point(_ name: String, _ property: AnimatedProperty<Point>) -> [SceneChannel] {
        [coordinate(name + ".x", property) { $0.x }, coordinate(name + ".y", property) { $0.y }]
    }

    /// A channel of one coordinate of a `Point` property, read by `coordinate` (`{ $0.x }`)
    /// from its model value, presentation value and velocity.
    public static func coordinate(_ name: String, _ property: AnimatedProperty<Point>,
                                  _ coordinate: @escaping (Point) -> Double) -> SceneChannel {
        SceneChannel(name: name) {
            (coordinate(property.value), coordinate(property.presentationValue), coordinate(property.velocity))
        }
    }

    /// A channel of one `Double` property.
    public static func property(_ name: String, _ property: AnimatedProperty<Double>) -> SceneChannel {
        SceneChannel(name: name) { (property.value, property.presentationValue, property.velocity) }
    }
}
