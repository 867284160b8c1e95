import Kinetic

/// Nodes are dynamic items: a dynamic animator (KineticDynamics) moves a node by writing its
/// model ``Node/center`` and ``Node/transform``, so a dynamics-driven node renders, hit-tests
/// and can be grabbed like any other. Its ``Node/collisionBoundsType`` says how it collides.
extension Node: DynamicItem {
    /// `$center` and `$transform`, the properties a dynamic animator writes.
    public var inspectableProperties: [any InspectableProperty] { [$center, $transform] }
}
