// A property wrapper that gives a type an animatable stored property in one line.

/// An ``AnimatedProperty`` behind a plain property: reading the property gives the model value,
/// assigning it sets the model value (animated inside an animation block, as any
/// ``AnimatedProperty/value``), and the projected value (`$name`) is the ``AnimatedProperty``
/// itself, for its presentation value, its velocity or a physics animation on it.
///
/// ```swift
/// final class Card {
///     @Animated var center: Point
///     init(engine: AnimationEngine) { _center = Animated(.zero, engine: engine) }
/// }
/// card.center.y += 100                 // the model value; animated inside an animator's block
/// card.$center.presentationValue       // what is on screen now
/// ```
///
/// KineticScene's `Node` declares its animatable properties (`center`, `bounds`, `alpha`…) this
/// way, so `node.$center` is the animated property behind `node.center`.
@propertyWrapper
public struct Animated<Value: AnimatableValue> {
    /// The animated property the wrapped value reads and writes.
    public let projectedValue: AnimatedProperty<Value>

    /// Wraps `property`.
    public init(_ property: AnimatedProperty<Value>) {
        projectedValue = property
    }

    /// A new property at rest at `value` on `engine` (a value that is not finite is reported
    /// and replaced by zero, as ``AnimatedProperty/init(_:engine:)`` does).
    public init(_ value: Value, engine: AnimationEngine) {
        projectedValue = AnimatedProperty(value, engine: engine)
    }

    /// The model value (see ``AnimatedProperty/value``).
    public var wrappedValue: Value {
        get { projectedValue.value }
        nonmutating set { projectedValue.value = newValue }
    }
}
