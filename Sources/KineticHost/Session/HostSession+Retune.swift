// Live timing edits replayed on the same recorded gesture: the Studio's "Replay with this timing".
import Kinetic

extension HostSession {
    /// Makes the animations named `name` (an `AnimationInspection.name`, such as
    /// `"drawer.center"`) run with `timing` in every engine the session makes for the shown
    /// scene from now on: each ``seek(to:)`` that goes back, ``replayWithTimingOverrides()``,
    /// ``importScript(_:)`` (see `AnimationEngine.setTimingOverride(_:forAnimationsNamed:)`
    /// for what an override changes). The engine shown now is not changed (nothing jumps);
    /// replay to see the effect. Setting a name again replaces its override; selecting a scene
    /// clears them all. Returns false, changing nothing, for an empty name.
    @discardableResult
    public func setTimingOverride(_ timing: TimingOverride, forAnimationsNamed name: String) -> Bool {
        guard !name.isEmpty else { return false }
        timingOverrides.set(timing, for: name)
        return true
    }

    /// ``setTimingOverride(_:forAnimationsNamed:)`` from a text spec: the animation's name on
    /// the first line, the timing on the second, as one of
    /// - `spring MASS STIFFNESS DAMPING` (`SpringTimingParameters.init(mass:stiffness:damping:initialVelocity:)`),
    /// - `spring-response DAMPINGRATIO RESPONSE` (`SpringTimingParameters.init(dampingRatio:response:initialVelocity:)`),
    /// - `spring-bounce DURATION BOUNCE` (`SpringTimingParameters.init(duration:bounce:initialVelocity:)`),
    /// - `cubic X1 Y1 X2 Y2` (`CubicTimingParameters.init(controlPoint1:controlPoint2:)`),
    /// - `decay RATE` (`DecayTimingParameters.init(rate:restingSpeed:)`),
    ///
    /// numbers in decimal, separated by spaces. Out-of-range numbers are sanitized by the
    /// parameters' own initializers, as in code. Throws, setting nothing, for any other form, a
    /// wrong count or a number that does not parse.
    public func setTimingOverride(spec: String) throws(Refusal) {
        let lines = spec.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        guard lines.count == 2 else {
            throw Refusal("a timing spec is two lines: the animation's name, then its timing")
        }
        guard let timing = Self.parseTiming(lines[1]) else {
            throw Refusal("the timing must be 'spring MASS STIFFNESS DAMPING', 'spring-response DAMPINGRATIO RESPONSE', 'spring-bounce DURATION BOUNCE', 'cubic X1 Y1 X2 Y2' or 'decay RATE'")
        }
        setTimingOverride(timing, forAnimationsNamed: String(lines[0]))
    }

    /// Removes every timing override: engines made from now on run the scene's own timing, so
    /// a replay gives back the original values bit for bit.
    public func clearTimingOverrides() {
        timingOverrides.removeAll()
    }

    /// The timing override set for `name`, or nil.
    public func timingOverride(forAnimationsNamed name: String) -> TimingOverride? {
        timingOverrides[name]
    }

    /// Replays the whole logged session (up to its last logged frame, the future a seek back
    /// left included) from a fresh scene whose engine has the current timing overrides: the
    /// same gesture at the same frame times, with the retuned timing. A watched property (see
    /// ``watch(property:)``) is recorded at every replayed frame from the first at which the
    /// rebuilt scene has a property of that label (in its tree or animating), the recorder
    /// starting afresh, so ``samples()`` then gives the replayed run's curves (its last
    /// ``recorderCapacity`` frames); if none ever appears, nothing is watched afterwards.
    /// Returns false, changing nothing, with no scene shown.
    @discardableResult
    public func replayWithTimingOverrides() -> Bool {
        replay(to: loggedEndTime, fromStart: true, recording: true)
    }

    /// The timing of `line` in the spec forms of ``setTimingOverride(spec:)``, or nil.
    static func parseTiming(_ line: Substring) -> TimingOverride? {
        let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
        guard let kind = fields.first else { return nil }
        var numbers: [Double] = []
        for field in fields.dropFirst() {
            guard let value = DecimalParser.parse(field) else { return nil }
            numbers.append(value)
        }
        switch (kind, numbers.count) {
        case ("spring", 3):
            return .spring(SpringTimingParameters(mass: numbers[0], stiffness: numbers[1], damping: numbers[2]))
        case ("spring-response", 2):
            return .spring(SpringTimingParameters(dampingRatio: numbers[0], response: numbers[1]))
        case ("spring-bounce", 2):
            return .spring(SpringTimingParameters(duration: numbers[0], bounce: numbers[1]))
        case ("cubic", 4):
            return .cubic(CubicTimingParameters(controlPoint1: Point(x: numbers[0], y: numbers[1]),
                                                controlPoint2: Point(x: numbers[2], y: numbers[3])))
        case ("decay", 1):
            return .decay(DecayTimingParameters(rate: numbers[0]))
        default:
            return nil
        }
    }
}
