// `kinetic sample`: a timing curve, spring or decay sampled at given instants, as CSV.
import ArgumentParser
import Kinetic
import KineticHost

/// `kinetic sample`: progress and velocity of a timing curve at given instants, as CSV.
struct SampleCommand: ParsableCommand, RunnableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample",
        abstract: "Print the value and velocity of a timing curve at given instants, as CSV",
        usage: """
            kinetic sample cubic X1 Y1 X2 Y2 --at TIMES
            kinetic sample cubic linear|easeIn|easeOut|easeInOut|default --at TIMES
            kinetic sample spring --stiffness K --damping C [--mass M] [--velocity V] --at TIMES
            kinetic sample spring --damping-ratio Z [--response R|--duration D] [--velocity V] --at TIMES
            kinetic sample spring --duration D --bounce B [--velocity V] --at TIMES
            kinetic sample decay --velocity V [--rate R|normal|fast] --at TIMES
            """,
        discussion: """
            Prints CSV on standard output: the header line 't,value,velocity', then one line per
            instant, in the order given.

            MODELS:
              cubic   A cubic Bezier timing curve from (0,0) to (1,1) with control points (X1,Y1) and
                      (X2,Y2), as CAMediaTimingFunction and UICubicTimingParameters. t is the fraction
                      of the duration, value the progress, velocity d value / d t. Presets: linear
                      (0,0,1,1), easeIn (0.42,0,1,1), easeOut (0,0,0.58,1), easeInOut (0.42,0,0.58,1),
                      default (0.25,0.1,0.25,1). Before 0 the curve holds 0 and after 1 it holds 1,
                      with velocity 0; at a vertical end tangent the velocity is inf or -inf.
              spring  A damped spring moving progress from 0 towards 1 (it may overshoot). t is in
                      seconds; velocity is progress per second. --velocity V is the initial velocity
                      in units of the total distance per second (UIKit's convention), default 0.
                        --stiffness K --damping C [--mass M]
                            m x'' + c x' + k x = 0 (mass 1 if omitted), as
                            UISpringTimingParameters(mass:stiffness:damping:initialVelocity:).
                        --damping-ratio Z
                            fitted to settle at the end of a 1 s animator duration, as
                            UISpringTimingParameters(dampingRatio:).
                        --damping-ratio Z --duration D
                            fitted to settle at D seconds.
                        --damping-ratio Z --response R
                            SwiftUI's Spring(response:dampingRatio:).
                        --duration D --bounce B
                            SwiftUI's Spring(duration:bounce:).
              decay   Exponential deceleration, as a scroll view coasting after a flick. value is the
                      position, starting at 0 with velocity V (units per second); t is in seconds.
                      --rate R is the fraction of velocity kept per millisecond: a number, normal
                      (0.998, the default) or fast (0.99).

            TIMES:
              A comma-separated list of instants and ranges START:END:STEP, for example 0,0.25,0.5
              or 0:1:0.25 or 0,0.5:1:0.1. A range samples START + i*STEP for i = 0, 1, ... up to
              END, including END when it lands on it. For decimal arguments that arithmetic is exact
              (each point is the double nearest the exact decimal, so 0:1:0.1 samples and prints 0.3,
              not 0.30000000000000004); otherwise it is done in double precision. STEP must be
              positive and END not before START; at most 1000000 instants in all.

            NUMBERS:
              Arguments are finite numbers, negative ones written as they are (-0.5 as a control
              point, --velocity -2). Output numbers are printed in Swift's shortest form that reads
              back as the same double (up to 17 significant digits; -0 prints as 0.0; a velocity
              may be inf or -inf, at a cubic's vertical tangent). Finite values outside a model's
              range are not rejected but passed to Kinetic, which sanitises them: cubic X1 and X2
              are clamped to [0, 1]; a spring mass <= 0 becomes 1 and a stiffness <= 0 becomes 100
              (both then clamped to 1e-6...1e9), a negative damping or damping ratio becomes 0,
              durations and responses below 0.001 s become 0.001 s, bounce is clamped to
              [-0.999, 1]; a decay rate is clamped to [1e-6, 0.999999]. Spring and decay times
              before 0 are sampled as at 0. These are
              rejected (status 2) rather than printed: cubic Y1 or Y2 beyond +-1e6 (near 1e308 the
              curve's arithmetic overflows), a --response or --duration of 0 or less, a decay --rate
              outside (0, 1) (at 1 or more it never decays), and any model whose value comes out NaN
              or infinite (an overflow) or whose velocity comes out NaN, or infinite for a spring or
              decay (--velocity -1e308 as +1e308).

            Bad arguments are reported as one line on standard error, starting 'kinetic: ', with exit
            status 2; output that cannot be written (a full disk) with exit status 1. Options may
            also be written --name=value; '--' ends the options.
            """)

    /// The help text (`kinetic sample --help`).
    static var usage: String { RootCommand.helpMessage(for: SampleCommand.self, columns: KineticCommandLine.helpColumns) + "\n" }

    @Argument(parsing: .allUnrecognized,
              help: ArgumentHelp("cubic, spring or decay; for cubic, then X1 Y1 X2 Y2 or a preset name.",
                                 valueName: "model"),
              completion: .list(["cubic", "spring", "decay", "linear", "easeIn", "easeOut", "easeInOut", "default"]))
    var model: [String] = []
    @Option(parsing: .unconditional, help: ArgumentHelp("The instants (see TIMES).", valueName: "times"))
    var at: String?
    @Option(parsing: .unconditional, help: "spring: the mass (default 1).") var mass: String?
    @Option(parsing: .unconditional, help: "spring: the stiffness k.") var stiffness: String?
    @Option(parsing: .unconditional, help: "spring: the damping c.") var damping: String?
    @Option(parsing: .unconditional, help: "spring: the damping ratio.") var dampingRatio: String?
    @Option(parsing: .unconditional, help: "spring: SwiftUI's response, in seconds.") var response: String?
    @Option(parsing: .unconditional, help: "spring: the duration, in seconds.") var duration: String?
    @Option(parsing: .unconditional, help: "spring: SwiftUI's bounce.") var bounce: String?
    @Option(parsing: .unconditional, help: "spring, decay: the initial velocity.") var velocity: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("decay: fraction of velocity kept per millisecond, normal or fast.",
                                                        valueName: "rate"))
    var rate: String?

    /// The options given, by name.
    var options: [(String, String?)] {
        [("at", at), ("mass", mass), ("stiffness", stiffness), ("damping", damping), ("damping-ratio", dampingRatio),
         ("response", response), ("duration", duration), ("bounce", bounce), ("velocity", velocity), ("rate", rate)]
    }

    /// A timing model ready to sample.
    enum Model {
        case cubic(CubicTimingParameters)
        case spring(SpringTimingParameters)
        case decay(DecayTimingParameters, velocity: Double)

        /// Value and velocity at `t`.
        func sample(at t: Double) -> (value: Double, velocity: Double) {
            switch self {
            case .cubic(let curve):
                let s = curve.sample(at: t)
                return (s.progress, s.velocity)
            case .spring(let spring):
                let s = spring.sample(at: t)
                return (s.progress, s.velocity)
            case .decay(let decay, let velocity):
                let s = decay.sample(from: 0.0, velocity: velocity, at: t)
                return (s.position, s.velocity)
            }
        }
    }

    func execute<Output: TextOutputStream>(output: inout Output) throws(CommandLineError) {
        let (model, instants) = try parse()
        // Every row is computed before anything is written, so a NaN is an error, not output.
        let rows = instants.map { t in (t, model.sample(at: t)) }
        // An infinite velocity is a real answer only for a cubic (its vertical tangent); for a
        // spring or decay it is an overflow, like an infinite value (a decay from 1e308, a spring
        // launched at ±1e308 whose velocity term overflows a moment later).
        var cubic = false
        if case .cubic = model { cubic = true }
        if let bad = rows.first(where: { !$0.1.value.isFinite || $0.1.velocity.isNaN || (!cubic && $0.1.velocity.isInfinite) }) {
            let what = bad.1.value.isNaN || bad.1.velocity.isNaN ? "NaN"
                : bad.1.value.isFinite ? "an infinite velocity" : "an infinite value"
            throw CommandLineError("sample: the model gives \(what) at t = \(Self.format(bad.0)); its arguments are out of range")
        }
        output.write("t,value,velocity\n")
        for (t, s) in rows {
            output.write(Self.format(t) + "," + Self.format(s.value) + "," + Self.format(s.velocity) + "\n")
        }
    }

    /// The model and instants that `arguments` (what follows `kinetic sample`) ask for; throws on
    /// any bad argument. `kinetic plot curve` reads its MODEL with it.
    static func model(from arguments: [String]) throws(CommandLineError) -> (Model, [Double]) {
        let command: SampleCommand
        do {
            try rejectRepeatedOptions(arguments, flags: [])
            command = try SampleCommand.parse(arguments)
        } catch let error as CommandLineError {
            throw error
        } catch {
            throw CommandLineError(RootCommand.oneLineMessage(for: error))
        }
        return try command.parse()
    }

    /// The model and instants this command line asks for; throws on any bad argument.
    func parse() throws(CommandLineError) -> (Model, [Double]) {
        guard let kind = model.first else {
            throw CommandLineError("sample: missing timing model (cubic, spring or decay)")
        }
        let allowed: [String]
        switch kind {
        case "cubic": allowed = ["at"]
        case "spring": allowed = SpringOption.allCases.map(\.rawValue) + ["at"]
        case "decay": allowed = ["velocity", "rate", "at"]
        default:
            if kind.hasPrefix("-") {
                throw CommandLineError("sample: expected a timing model (cubic, spring or decay) before options, got \(quoted(kind))")
            }
            throw CommandLineError("sample: unknown timing model \(quoted(kind)) (expected cubic, spring or decay)")
        }
        let parsed = ParsedArguments(positionals: Array(model.dropFirst()), options: options)
        try parsed.rejectUnknownOptions(context: "sample \(kind)")
        for (name, value) in options where value != nil && !allowed.contains(name) {
            throw CommandLineError("unknown option '--\(name)' for 'sample \(kind)'")
        }
        let timing: Model
        switch kind {
        case "cubic":
            timing = .cubic(try Self.cubic(parsed.positionals))
        case "spring":
            try Self.noPositionals(parsed, context: "sample spring")
            timing = .spring(try Self.spring(parsed))
        default:
            try Self.noPositionals(parsed, context: "sample decay")
            timing = try Self.decay(parsed)
        }
        guard let times = parsed.string("at") else {
            throw CommandLineError("sample \(kind): missing --at TIMES")
        }
        return (timing, try Instants.parse(times))
    }

    /// Writes the CSV.
    static func write<Output: TextOutputStream>(_ model: Model, at instants: [Double], to output: inout Output) {
        output.write("t,value,velocity\n")
        for t in instants {
            let s = model.sample(at: t)
            output.write(format(t) + "," + format(s.value) + "," + format(s.velocity) + "\n")
        }
    }

    /// Shortest round-trip representation (`Double.description`), with -0 printed as 0.0.
    static func format(_ x: Double) -> String {
        x == 0 ? "0.0" : x.description
    }

    private static func noPositionals(_ parsed: ParsedArguments, context: String) throws(CommandLineError) {
        if let extra = parsed.positionals.first {
            throw CommandLineError("\(context): unexpected argument \(quoted(extra))")
        }
    }

    // MARK: cubic

    static let cubicPresets: [(name: String, curve: CubicTimingParameters)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut),
        ("easeInOut", .easeInOut), ("default", .default),
    ]

    /// The largest |Y1| and |Y2| a cubic curve accepts.
    static let maximumControlY = 1e6

    static func cubic(_ positionals: [String]) throws(CommandLineError) -> CubicTimingParameters {
        switch positionals.count {
        case 1:
            let name = positionals[0]
            // Case, '-' and '_' are ignored: easeInOut, ease-in-out, EASE_IN_OUT.
            let key = String(name.lowercased().filter { $0 != "-" && $0 != "_" })
            if let preset = cubicPresets.first(where: { $0.name.lowercased() == key }) {
                return preset.curve
            }
            if Double(name) != nil {
                throw CommandLineError("sample cubic: expected 4 control-point coordinates X1 Y1 X2 Y2 or a preset name, got 1 number")
            }
            throw CommandLineError("sample cubic: unknown preset \(quoted(name)) (expected linear, easeIn, easeOut, easeInOut or default)")
        case 4:
            let names = ["X1", "Y1", "X2", "Y2"]
            var c: [Double] = []
            for (text, name) in zip(positionals, names) {
                c.append(try parseFiniteNumber(text, what: "cubic control point \(name)"))
            }
            // Beyond ~6e307 the curve's polynomial coefficients overflow and samples are NaN;
            // a million times the curve's own range is far past any easing curve.
            for (value, name) in [(c[1], "Y1"), (c[3], "Y2")] where abs(value) > maximumControlY {
                throw CommandLineError("sample cubic: control point \(name) must be within ±1e6, got \(format(value))")
            }
            return CubicTimingParameters(c[0], c[1], c[2], c[3])
        case 0:
            throw CommandLineError("sample cubic: missing control points X1 Y1 X2 Y2 or a preset name")
        default:
            throw CommandLineError("sample cubic: expected 4 control-point coordinates X1 Y1 X2 Y2 or a preset name, got \(positionals.count) arguments")
        }
    }

    // MARK: spring

    enum SpringOption: String, CaseIterable {
        case mass, stiffness, damping
        case dampingRatio = "damping-ratio"
        case response, duration, bounce, velocity
    }

    static func spring(_ parsed: ParsedArguments) throws(CommandLineError) -> SpringTimingParameters {
        func given(_ option: SpringOption) -> Bool { parsed.has(option.rawValue) }
        func value(_ option: SpringOption) throws(CommandLineError) -> Double? {
            try parsed.number(option.rawValue)
        }
        func conflict(_ a: SpringOption, _ b: SpringOption) -> CommandLineError {
            CommandLineError("sample spring: --\(a.rawValue) cannot be combined with --\(b.rawValue)")
        }
        // Validate every number first, so a bad number is reported as such.
        for option in SpringOption.allCases { _ = try value(option) }
        for option in [SpringOption.response, .duration] {
            if let v = try value(option), v <= 0 {
                throw CommandLineError("sample spring: --\(option.rawValue) must be more than 0 seconds")
            }
        }
        let velocity = Vector(dx: try value(.velocity) ?? 0, dy: 0)

        let physical: [SpringOption] = [.mass, .stiffness, .damping].filter(given)
        let perceptual: [SpringOption] = [.dampingRatio, .response, .duration, .bounce].filter(given)
        if let p = physical.first {
            if let q = perceptual.first { throw conflict(p, q) }
            guard let stiffness = try value(.stiffness), let damping = try value(.damping) else {
                throw CommandLineError("sample spring: --stiffness and --damping must be given together (--mass is optional, default 1)")
            }
            return SpringTimingParameters(mass: try value(.mass) ?? 1, stiffness: stiffness, damping: damping,
                                          initialVelocity: velocity)
        }
        if let ratio = try value(.dampingRatio) {
            if given(.bounce) { throw conflict(.dampingRatio, .bounce) }
            if given(.response), given(.duration) { throw conflict(.response, .duration) }
            if let response = try value(.response) {
                return SpringTimingParameters(dampingRatio: ratio, response: response, initialVelocity: velocity)
            }
            if let duration = try value(.duration) {
                return SpringTimingParameters(dampingRatio: ratio, duration: duration, initialVelocity: velocity)
            }
            return SpringTimingParameters(dampingRatio: ratio, initialVelocity: velocity)
        }
        if let bounce = try value(.bounce) {
            if given(.response) { throw conflict(.bounce, .response) }
            guard let duration = try value(.duration) else {
                throw CommandLineError("sample spring: --bounce needs --duration")
            }
            return SpringTimingParameters(duration: duration, bounce: bounce, initialVelocity: velocity)
        }
        if given(.response), given(.duration) { throw conflict(.response, .duration) }
        if given(.response) { throw CommandLineError("sample spring: --response needs --damping-ratio") }
        if given(.duration) { throw CommandLineError("sample spring: --duration needs --bounce or --damping-ratio") }
        throw CommandLineError("sample spring: missing spring description (--stiffness and --damping, --damping-ratio, or --duration and --bounce)")
    }

    // MARK: decay

    static func decay(_ parsed: ParsedArguments) throws(CommandLineError) -> Model {
        guard let velocity = try parsed.number("velocity") else {
            throw CommandLineError("sample decay: missing --velocity V")
        }
        var rate = DecelerationRate.normal.rawValue
        if let text = parsed.string("rate") {
            switch text.lowercased() {
            case "normal": rate = DecelerationRate.normal.rawValue
            case "fast": rate = DecelerationRate.fast.rawValue
            default:
                guard Double(text) != nil else {
                    throw CommandLineError("invalid rate \(quoted(text)) for --rate: expected a number, normal or fast")
                }
                rate = try parseFiniteNumber(text, what: "--rate")
                guard rate > 0, rate < 1 else {
                    throw CommandLineError("sample decay: --rate must be between 0 and 1, exclusive (the fraction of velocity kept per millisecond), not \(text)")
                }
            }
        }
        return .decay(DecayTimingParameters(rate: rate), velocity: velocity)
    }
}
