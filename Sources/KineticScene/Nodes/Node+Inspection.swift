// Finding a node's animated property by the label inspectors show for it.
import Kinetic

extension Node {
    /// The node's animatable properties, as inspectors see them (`$center`, `$bounds`,
    /// `$transform`, `$alpha`, `$cornerRadius`, `$backgroundColor`, `$blurRadius`, `$textColor`, `$shadowColor`, `$shadowOpacity`, `$shadowRadius`,
    /// `$shadowOffset`).
    public var animatableProperties: [any InspectableProperty] {
        [$center, $bounds, $transform, $alpha, $cornerRadius, $backgroundColor, $blurRadius, $textColor,
         $shadowColor, $shadowOpacity, $shadowRadius, $shadowOffset]
    }

    /// The first animatable property in the subtree (depth first, self included) whose label
    /// is `label` (`"drawer.center"`: see `AnimatedProperty.label`), or nil.
    public func animatableProperty(labelled label: String) -> (any InspectableProperty)? {
        for property in animatableProperties where property.label == label { return property }
        for child in children {
            if let found = child.animatableProperty(labelled: label) { return found }
        }
        return nil
    }
}
