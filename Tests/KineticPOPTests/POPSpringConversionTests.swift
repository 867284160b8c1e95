import Testing
import Kinetic
@testable import KineticPOP

/// POP's (bounciness, speed) → (tension, friction, mass) conversion against POP's own figures.
///
/// Every expected figure was computed independently of this code, in exact rational arithmetic
/// (Python `fractions`), from the formula of `+[POPSpringAnimation convertBounciness:speed:…]`
/// in facebook/pop `pop/POPAnimationExtras.mm` (constants 20, 1.7, 0…0.8, 0.5…200, 0.01),
/// `POPBouncy3NoBounce` and `POPQuadraticOutInterpolation` in `pop/POPMath.mm`, and the QC → POP
/// unit macros of `pop/POPAnimationPrivate.h`; printed to 25 digits and rounded here.
@Suite("POP spring conversion")
struct POPSpringConversionTests {
    /// (bounciness, speed, tension, friction), exact to the digits given.
    static let popFigures: [(Double, Double, Double, Double)] = [
        // POP's defaults (POPSpringAnimationInternal.h: springBounciness 4, springSpeed 12).
        (4, 12, 342.1005882352941176, 30.48697964824425153),
        // The objc.io pane (seeds/objcio-interactive-animations.txt: springSpeed 15, springBounciness 6).
        (6, 15, 405.8232352941176471, 29.97872615670545645),
        // Both at the bottom of POP's documented 0…20 range: QC tension 0.5, the first cubic piece.
        (0, 0, 87.21, 5.7770125),
        // Both at the top: QC tension 117.85, the third cubic piece, the bounciest spring.
        (20, 20, 512.0276470588235294, 13.35648842118352852),
        // The middle: QC tension 59.18.
        (10, 10, 299.6188235294117647, 20.57293797586123110),
        // No bounce at the default speed: friction is POPBouncy3NoBounce's alone.
        (0, 12, 342.1005882352941176, 36.92588091728195604),
        // QC tension 23.97: the second cubic piece (18 < T ≤ 44).
        (12, 4, 172.1735294117647059, 13.04725868226694660),
    ]

    @Test("bounciness and speed convert to POP's tension, friction and mass of 1")
    func conversionReproducesPOPFigures() {
        for (b, s, tension, friction) in Self.popFigures {
            let d = POPSpringConversion.dynamics(bounciness: b, speed: s)
            #expect(abs(d.tension - tension) <= 1e-12 * tension, "tension for (\(b), \(s)): \(d.tension) vs \(tension)")
            #expect(abs(d.friction - friction) <= 1e-12 * friction, "friction for (\(b), \(s)): \(d.friction) vs \(friction)")
            #expect(d.mass == 1)
        }
    }

    /// A third-party statement of the same conversion: a React Native app documents
    /// `SpringConfig.fromBouncinessAndSpeed(4, 12)` (RN's copy of POP's/Rebound's formula) as
    /// "stiffness 342.1, damping 30.49".
    @Test("the default spring matches the 342.1 / 30.49 quoted for React Native's copy of the formula")
    func defaultSpringMatchesQuotedFigures() {
        let d = POPSpringConversion.dynamics(bounciness: 4, speed: 12)
        #expect(abs(d.tension - 342.1) < 0.005)
        #expect(abs(d.friction - 30.49) < 0.005)
    }

    /// POP's own inverse (`+convertTension:friction:toBounciness:speed:`) undoes the conversion:
    /// the two published functions agree with each other through this implementation.
    @Test("POP's inverse conversion recovers bounciness and speed")
    func inverseConversionRoundTrips() {
        for b in stride(from: 0.0, through: 20, by: 2.5) {
            for s in stride(from: 0.0, through: 20, by: 2.5) {
                let d = POPSpringConversion.dynamics(bounciness: b, speed: s)
                let back = POPSpringConversion.bouncinessAndSpeed(tension: d.tension, friction: d.friction)
                #expect(abs(back.bounciness - b) < 1e-9, "bounciness \(b) speed \(s) → \(back.bounciness)")
                #expect(abs(back.speed - s) < 1e-9, "speed \(s) → \(back.speed)")
            }
        }
    }

    @Test("a new spring animation has POP's default dynamics")
    func springDefaultsAreBounciness4Speed12() {
        let engine = AnimationEngine()
        let spring = POPSpringAnimation(property: AnimatedProperty(0.0, engine: engine))
        #expect(spring.springBounciness == 4)
        #expect(spring.springSpeed == 12)
        #expect(abs(spring.dynamicsTension - 342.1005882352941176) < 1e-9)
        #expect(abs(spring.dynamicsFriction - 30.48697964824425153) < 1e-9)
        #expect(spring.dynamicsMass == 1)
        #expect(spring.spring.stiffness == spring.dynamicsTension)
        #expect(spring.spring.damping == spring.dynamicsFriction)
    }

    @Test("setting bounciness or speed recomputes all dynamics, overriding direct ones (POP)")
    func bouncinessOverridesDirectDynamics() {
        let engine = AnimationEngine()
        let spring = POPSpringAnimation(property: AnimatedProperty(0.0, engine: engine))
        spring.dynamicsTension = 1000
        spring.dynamicsMass = 3
        #expect(spring.dynamicsTension == 1000 && spring.dynamicsMass == 3)
        #expect(abs(spring.dynamicsFriction - 30.48697964824425153) < 1e-9)   // untouched
        spring.springSpeed = 15
        spring.springBounciness = 6
        #expect(abs(spring.dynamicsTension - 405.8232352941176471) < 1e-9)
        #expect(abs(spring.dynamicsFriction - 29.97872615670545645) < 1e-9)
        #expect(spring.dynamicsMass == 1)
    }
}
