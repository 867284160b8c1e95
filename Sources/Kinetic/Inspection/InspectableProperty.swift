// An animated property seen without its value type, and the labels inspectors show for it.

/// An ``AnimatedProperty`` of any value type, as inspectors and recorders read it.
public protocol InspectableProperty: AnyObject {
    /// The engine whose time the values are read at.
    var engine: AnimationEngine { get }
    /// The property's name for an inspector (`"drawer.center"`), or empty.
    var label: String { get }
    /// How many components its value has (1 for `Double`, 2 for `Point`, 4 for `Rect`…).
    var valueComponentCount: Int { get }
    /// The label and the model, presentation and velocity components now.
    func inspection() -> PropertyInspection
    /// Writes the model, presentation and velocity components now into `buffer` from `start`:
    /// ``valueComponentCount`` values each, in that order. The caller provides the room.
    /// Allocates nothing.
    func writeComponents(into buffer: UnsafeMutableBufferPointer<Double>, at start: Int)
}

/// An object that names the animated properties it owns (KineticScene's `Node`): a property
/// labelled with ``AnimatedProperty/setLabel(_:owner:)`` reads as `"<prefix>.<name>"`.
public protocol AnimatedPropertyOwner: AnyObject {
    /// The first part of its properties' labels (a node's name); empty for none.
    var propertyLabelPrefix: String { get }
}

extension AnimatedProperty: InspectableProperty {
    /// The name inspectors show: `"<owner prefix>.<name>"` (`"drawer.center"`), the name alone
    /// without an owner or with an empty prefix, or empty if the property was never labelled.
    /// Built when read (the owner may be renamed at any time).
    public var label: String {
        let name = labelName.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
        guard let owner = labelOwner else { return name }
        let prefix = owner.propertyLabelPrefix
        if prefix.isEmpty || name.isEmpty { return prefix.isEmpty ? name : prefix }
        return prefix + "." + name
    }

    /// Names the property `name` within `owner` (see ``label``): a static string and an
    /// unowned pointer, so it costs no allocation and is safe to call at every creation.
    ///
    /// The property does not keep `owner` alive (an owner usually owns its properties): an
    /// owner that can be freed while the property lives on must call
    /// `setLabel(name, owner: nil)` first, as `Node` does in its `deinit`.
    public func setLabel(_ name: StaticString, owner: (any AnimatedPropertyOwner)? = nil) {
        labelName = name
        labelOwner = owner
    }

    /// The components of `Value` (``AnimatableValue/componentCount``).
    public var valueComponentCount: Int { modelValue.componentCount }

    /// The label and the model, presentation and velocity components now: exactly
    /// ``value``, ``presentationValue`` and ``velocity``.
    public func inspection() -> PropertyInspection {
        PropertyInspection(name: label, model: modelValue.components,
                           presentation: presentationValue.components, velocity: velocity.components)
    }

    /// Writes ``value``, ``presentationValue`` and ``velocity`` component by component into
    /// `buffer` from `start` (3 × ``valueComponentCount`` values). Allocates nothing.
    public func writeComponents(into buffer: UnsafeMutableBufferPointer<Double>, at start: Int) {
        var i = start
        modelValue.forEachComponent { buffer[i] = $0; i += 1 }
        presentationValue.forEachComponent { buffer[i] = $0; i += 1 }
        velocity.forEachComponent { buffer[i] = $0; i += 1 }
    }
}
