// POP's resting thresholds for the kinds of property it animates.

/// The thresholds POP gives its built-in properties (`kPOPThreshold…` in
/// `pop/POPAnimatableProperty.mm`), for ``POPSpringAnimation/restingThreshold`` and
/// ``POPDecayAnimation/restingThreshold``: a spring rests when it is within half the threshold
/// of its target (moving slower than 5·√threshold per second), a decay when it moves slower
/// than 5·threshold per second.
///
///     let spring = POPSpringAnimation(property: pane.center)
///     spring.restingThreshold = POPThreshold.point        // as POP's kPOPViewCenter
public enum POPThreshold {
    /// Positions, sizes, frames, insets, content offsets (`kPOPThresholdPoint`): 1 point.
    public static let point = 1.0
    /// Opacity and alpha (`kPOPThresholdOpacity`): 0.01.
    public static let opacity = 0.01
    /// Colour components (`kPOPThresholdColor`): 0.01.
    public static let color = 0.01
    /// Scale factors (`kPOPThresholdScale`): 0.005.
    public static let scale = 0.005
    /// Rotations in radians (`kPOPThresholdRotation`): 0.01.
    public static let rotation = 0.01
    /// Corner and shadow radii (`kPOPThresholdRadius`): 0.01.
    public static let radius = 0.01
}
