import Testing
import Kinetic
@testable import KineticCommandLine
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One CSV row of `kinetic sample`.
struct Row: Equatable {
    var t: Double, value: Double, velocity: Double
}

/// Runs `kinetic` and parses its CSV, recording an issue if the run failed or the CSV is malformed.
func sample(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) -> [Row] {
    let result = runKinetic(arguments: arguments)
    #expect(result.exitCode == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
    #expect(result.stderr.isEmpty, sourceLocation: sourceLocation)
    var lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "t,value,velocity", sourceLocation: sourceLocation)
    #expect(lines.last == "", "output ends with a newline", sourceLocation: sourceLocation)
    guard lines.count >= 2 else { return [] }
    lines = Array(lines[1..<(lines.count - 1)])
    return lines.compactMap { line in
        let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
        guard fields.count == 3, let t = fields[0], let v = fields[1], let dv = fields[2] else {
            Issue.record("malformed row \(line)", sourceLocation: sourceLocation)
            return nil
        }
        return Row(t: t, value: v, velocity: dv)
    }
}

func args(_ line: String) -> [String] {
    line.split(separator: " ").map(String.init)
}

@Suite("kinetic sample cubic")
struct CubicSampleTests {
    @Test func headerAndLinearValuesAreExact() {
        let result = runKinetic(arguments: args("sample cubic linear --at 0,0.125,0.3,0.5,0.7,1"))
        #expect(result.stdout.hasPrefix("t,value,velocity\n0.0,0.0,1.0\n0.125,0.125,1.0\n0.3,0.3,1.0\n"))
        let rows = sample(args("sample cubic linear --at 0,0.125,0.3,0.5,0.7,1"))
        #expect(rows.map(\.t) == [0, 0.125, 0.3, 0.5, 0.7, 1])
        for row in rows {
            #expect(row.value == row.t)
            #expect(row.velocity == 1)
        }
    }

    @Test func easeInOutIsHalfWayAtHalfTime() {
        let rows = sample(args("sample cubic easeInOut --at 0.5"))
        #expect(rows.count == 1)
        #expect(rows.first?.value == 0.5)
        // The same curve by control points, and the preset spellings.
        for form in ["sample cubic 0.42 0 0.58 1 --at 0.5", "sample cubic ease-in-out --at 0.5",
                     "sample cubic EASEINOUT --at 0.5"] {
            #expect(sample(args(form)) == rows, "\(form)")
        }
    }

    @Test func presetsMatchKinetic() {
        let presets: [(String, CubicTimingParameters)] = [
            ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut),
            ("easeInOut", .easeInOut), ("default", .default),
        ]
        for (name, curve) in presets {
            let rows = sample(["sample", "cubic", name, "--at", "0:1:0.125"])
            #expect(rows.count == 9)
            for row in rows {
                let s = curve.sample(at: row.t)
                #expect(row.value == s.progress && row.velocity == s.velocity, "\(name) at \(row.t)")
            }
        }
    }

    @Test func negativeControlPointsAreNumbersNotOptions() {
        let rows = sample(args("sample cubic 0.3 -0.5 0.7 1.5 --at 0.25,0.5"))
        let curve = CubicTimingParameters(0.3, -0.5, 0.7, 1.5)
        #expect(rows.count == 2)
        for row in rows {
            let s = curve.sample(at: row.t)
            #expect(row.value == s.progress && row.velocity == s.velocity)
        }
        // '--' ends the options, so positionals may follow it.
        #expect(sample(args("sample cubic --at 0.25,0.5 -- 0.3 -0.5 0.7 1.5")) == rows)
    }

    @Test func outOfRangeControlPointsAreSanitisedByKinetic() {
        // x coordinates are clamped to [0, 1]: (1.5, 0) → (1, 0), (-0.2, 1) → (0, 1).
        let clamped = sample(args("sample cubic 1.5 0 -0.2 1 --at 0:1:0.1"))
        #expect(clamped == sample(args("sample cubic 1 0 0 1 --at 0:1:0.1")))
        // Times outside [0, 1] hold the end points.
        let outside = sample(args("sample cubic easeIn --at -0.5,1.5"))
        #expect(outside == [Row(t: -0.5, value: 0, velocity: 0), Row(t: 1.5, value: 1, velocity: 0)])
    }
}

@Suite("kinetic sample spring")
struct SpringSampleTests {
    /// The underdamped spring from 0 towards 1 with initial velocity v0, written out
    /// independently of Kinetic: with α = c/2m, ω0² = k/m, ωd = √(ω0² − α²),
    /// x(t) = 1 − e^(−αt) (cos ωd t + (α − v0)/ωd · sin ωd t),
    /// x'(t) = e^(−αt) (v0 cos ωd t + (α(α − v0)/ωd + ωd) sin ωd t).
    static func underdamped(mass m: Double, stiffness k: Double, damping c: Double, v0: Double, t: Double)
        -> (x: Double, v: Double)
    {
        let alpha = c / (2 * m)
        let wd = (k / m - alpha * alpha).squareRoot()
        let b = (alpha - v0) / wd
        let e = exp(-alpha * t)
        let x = 1 - e * (cos(wd * t) + b * sin(wd * t))
        let v = e * (v0 * cos(wd * t) + (alpha * b + wd) * sin(wd * t))
        return (x, v)
    }

    static func expectClose(_ rows: [Row], mass: Double, stiffness: Double, damping: Double, v0: Double,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        for row in rows {
            let reference = underdamped(mass: mass, stiffness: stiffness, damping: damping, v0: v0, t: row.t)
            #expect(abs(row.value - reference.x) <= 1e-12, "x at \(row.t): \(row.value) vs \(reference.x)",
                    sourceLocation: sourceLocation)
            #expect(abs(row.velocity - reference.v) <= 1e-11 * max(1, abs(reference.v)),
                    "v at \(row.t): \(row.velocity) vs \(reference.v)", sourceLocation: sourceLocation)
        }
    }

    @Test func physicalSpringMatchesTheClosedForm() {
        let rows = sample(args("sample spring --mass 1 --stiffness 100 --damping 10 --velocity -2 --at 0:2:0.05"))
        #expect(rows.count == 41)
        #expect(rows.first == Row(t: 0, value: 0, velocity: -2))
        Self.expectClose(rows, mass: 1, stiffness: 100, damping: 10, v0: -2)

        let heavy = sample(args("sample spring --mass 2.5 --stiffness 300 --damping 8 --velocity=1.5 --at 0,0.01,0.3,0.77,1.9"))
        #expect(heavy.count == 5)
        Self.expectClose(heavy, mass: 2.5, stiffness: 300, damping: 8, v0: 1.5)
    }

    @Test func massDefaultsToOne() {
        let implicit = sample(args("sample spring --stiffness 100 --damping 10 --at 0:1:0.1"))
        #expect(implicit == sample(args("sample spring --damping 10 --stiffness 100 --mass 1 --at 0:1:0.1")))
        Self.expectClose(implicit, mass: 1, stiffness: 100, damping: 10, v0: 0)
    }

    @Test func durationAndBounceIsSwiftUIsSpring() {
        // Spring(duration: 0.5, bounce: 0.3): ζ = 0.7, ω0 = 2π/0.5, so k = ω0², c = 2ζω0.
        let rows = sample(args("sample spring --duration 0.5 --bounce 0.3 --velocity 1 --at 0:1:0.05"))
        let omega0 = 2 * Double.pi / 0.5
        Self.expectClose(rows, mass: 1, stiffness: omega0 * omega0, damping: 2 * 0.7 * omega0, v0: 1)
    }

    @Test func dampingRatioAndResponseIsSwiftUIsSpring() {
        let rows = sample(args("sample spring --damping-ratio 0.4 --response 0.8 --at 0:1.5:0.1"))
        let omega0 = 2 * Double.pi / 0.8
        Self.expectClose(rows, mass: 1, stiffness: omega0 * omega0, damping: 2 * 0.4 * omega0, v0: 0)
    }

    @Test func dampingRatioAloneIsFittedToOneSecond() {
        let rows = sample(args("sample spring --damping-ratio 0.5 --velocity 0.5 --at 0:1:0.1"))
        let spring = SpringTimingParameters(dampingRatio: 0.5, duration: 1)
        #expect(rows.count == 11)
        for row in rows {
            let s = spring.sample(at: row.t, initialVelocity: 0.5)
            #expect(row.value == s.progress && row.velocity == s.velocity)
        }
        // UIKit's UISpringTimingParameters(dampingRatio:) is the same spring.
        let uiKit = SpringTimingParameters(dampingRatio: 0.5, initialVelocity: Vector(dx: 0.5, dy: 0))
        #expect(rows.map(\.value) == rows.map { uiKit.progress(at: $0.t) })
    }

    @Test func dampingRatioAndDurationSettlesAtTheDuration() {
        let rows = sample(args("sample spring --damping-ratio 0.6 --duration 0.4 --at 0:0.4:0.1"))
        let spring = SpringTimingParameters(dampingRatio: 0.6, duration: 0.4)
        for row in rows {
            let s = spring.sample(at: row.t)
            #expect(row.value == s.progress && row.velocity == s.velocity)
        }
        // Settled: within 0.001 of the target at the end of the duration.
        #expect(abs(rows.last!.value - 1) <= 0.001 + 1e-12)
    }

    @Test func outOfRangeConstantsAreSanitisedByKinetic() {
        // A mass <= 0 becomes 1.
        #expect(sample(args("sample spring --mass -3 --stiffness 100 --damping 10 --at 0:1:0.25"))
                == sample(args("sample spring --stiffness 100 --damping 10 --at 0:1:0.25")))
    }
}

@Suite("kinetic sample decay")
struct DecaySampleTests {
    /// Velocity multiplied by r every millisecond: v(t) = v0·r^(1000t), so the position from 0 is
    /// its integral v0·(r^(1000t) − 1)/(1000 ln r) (positive for v0 > 0: ln r < 0 and r^(1000t) < 1).
    static func reference(v0: Double, rate r: Double, t: Double) -> (x: Double, v: Double) {
        (v0 * (pow(r, 1000 * t) - 1) / (1000 * log(r)), v0 * pow(r, 1000 * t))
    }

    @Test(arguments: [
        ("", 0.998), ("--rate normal", 0.998), ("--rate fast", 0.99), ("--rate 0.95", 0.95), ("--rate=0.9999", 0.9999),
    ])
    func matchesTheClosedForm(rateArguments: String, rate: Double) {
        for v0 in [1000.0, -320, 0.25] {
            let rows = sample(args("sample decay --velocity \(v0) \(rateArguments) --at 0,0.001,0.016:2:0.1,5"))
            #expect(rows.count == 23)
            #expect(rows.first == Row(t: 0, value: 0, velocity: v0))
            for row in rows {
                let r = Self.reference(v0: v0, rate: rate, t: row.t)
                #expect(abs(row.value - r.x) <= 1e-12 * abs(v0), "x at \(row.t), v0 \(v0), rate \(rate)")
                #expect(abs(row.velocity - r.v) <= 1e-12 * abs(v0), "v at \(row.t), v0 \(v0), rate \(rate)")
                #expect(row.value * v0 >= 0, "moves the way it was flicked")
            }
        }
    }

    @Test func negativeVelocityIsAnOptionValue() {
        let rows = sample(args("sample decay --velocity -1000 --rate fast --at 0.1"))
        let r = Self.reference(v0: -1000, rate: 0.99, t: 0.1)
        #expect(rows.count == 1)
        #expect(abs(rows[0].value - r.x) <= 1e-9)
    }
}

@Suite("kinetic sample --at")
struct InstantsTests {
    @Test func rangeIncludesItsEnd() {
        let rows = sample(args("sample cubic linear --at 0:1:0.25"))
        #expect(rows.count == 5)
        #expect(rows.map(\.t) == [0, 0.25, 0.5, 0.75, 1])
    }

    @Test func decimalRangesAreExact() throws {
        // Exact decimal arithmetic: 3 × 0.1 is sampled (and printed) as 0.3, and 1 is included.
        let tenths = try Instants.parse("0:1:0.1")
        #expect(tenths == [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1])
        let result = runKinetic(arguments: args("sample cubic linear --at 0:1:0.1"))
        #expect(result.stdout.contains("\n0.3,0.3,1.0\n"))
        #expect(!result.stdout.contains("0.30000000000000004"))
        #expect(try Instants.parse("0.1:0.35:0.05") == [0.1, 0.15, 0.2, 0.25, 0.3, 0.35])
        #expect(try Instants.parse("-1:1:0.5") == [-1, -0.5, 0, 0.5, 1])
        #expect(try Instants.parse("0:1:0.3") == [0, 0.3, 0.6, 0.9])          // END not reached
        #expect(try Instants.parse("2:2:1") == [2])
        #expect(try Instants.parse("1e-20:3e-20:1e-20") == [1e-20, 2e-20, 3e-20])
    }

    @Test func nonDecimalRangesUseDoubles() throws {
        #expect(try Instants.parse("0:0x1p-1:0x1p-3") == [0, 0.125, 0.25, 0.375, 0.5])
        // Too many digits for exact decimals: START + i·STEP in doubles, END included within rounding.
        let points = try Instants.parse("0:3.0000000000000000001e-20:1e-20")
        #expect(points == [0, 1e-20, 2e-20, 3 * 1e-20])
    }

    @Test func listsAndRangesMix() throws {
        #expect(try Instants.parse("0,0.5:1:0.25, 2") == [0, 0.5, 0.75, 1, 2])
        #expect(sample(args("sample cubic linear --at 1,0,1")).map(\.t) == [1, 0, 1])
    }

    @Test func atMostAMillionInstants() throws {
        #expect(try Instants.parse("0:0.999999:1e-6").count == 1_000_000)
        #expect(throws: CommandLineError.self) { try Instants.parse("0:1:1e-6") }     // 1_000_001
        #expect(throws: CommandLineError.self) { try Instants.parse("0:999999:1,5") }
        #expect(throws: CommandLineError.self) { try Instants.parse("0:1e300:1e-300") }
    }
}

@Suite("kinetic output precision")
struct PrecisionTests {
    @Test func printedNumbersRoundTrip() {
        let spring = SpringTimingParameters(mass: 1.3, stiffness: 170, damping: 7.1)
        let rows = sample(args("sample spring --mass 1.3 --stiffness 170 --damping 7.1 --at 0.0123,0.4567,1.2345"))
        #expect(rows.count == 3)
        for row in rows {
            let exact = spring.sample(at: row.t)
            // At least 12 significant digits (in fact every bit: the shortest round-trip form).
            #expect(abs(row.value - exact.progress) <= 1e-12 * abs(exact.progress))
            #expect(abs(row.velocity - exact.velocity) <= 1e-12 * abs(exact.velocity))
            #expect(row.value == exact.progress && row.velocity == exact.velocity)
        }
        let curve = CubicTimingParameters.default
        for row in sample(args("sample cubic default --at 0.1234567890123,0.987654321")) {
            let exact = curve.sample(at: row.t)
            #expect(abs(row.value - exact.progress) <= 1e-12 * abs(exact.progress))
            #expect(abs(row.velocity - exact.velocity) <= 1e-12 * abs(exact.velocity))
        }
    }

    @Test func formatIsShortestRoundTrip() {
        #expect(SampleCommand.format(0.1) == "0.1")
        #expect(SampleCommand.format(-0.0) == "0.0")
        #expect(SampleCommand.format(1.0 / 3) == "0.3333333333333333")
        #expect(SampleCommand.format(0.1 * 3) == "0.30000000000000004")
        #expect(SampleCommand.format(.infinity) == "inf")
    }
}

@Suite("kinetic errors and help")
struct ErrorTests {
    static let badCommandLines: [String] = [
        "",                                                    // no subcommand
        "frob",                                                // unknown subcommand
        "--frob",                                              // unknown top-level option
        "help frob",
        "sample",                                              // missing model
        "sample bezier --at 0",                                // unknown model
        "sample cubic linear",                                 // missing --at
        "sample cubic linear --at",                            // missing value
        "sample cubic linear --at 0 --at 1",                   // repeated option
        "sample cubic linear --at abc",                        // not a number
        "sample cubic linear --at nan",
        "sample cubic linear --at inf",
        "sample cubic linear --at 1e400",
        "sample cubic linear --at 0,,1",
        "sample cubic linear --at 0:1:-0.25",                  // negative step
        "sample cubic linear --at 0:1:0",
        "sample cubic linear --at 1:0:0.25",                   // end before start
        "sample cubic linear --at 0:1",
        "sample cubic linear --at 0:1:nan",
        "sample cubic linear --at 0:1:1e-7",                   // more than a million points
        "sample cubic linear --frob 1 --at 0",                 // unknown option
        "sample cubic linear -x --at 0",
        "sample cubic linear --velocity 1 --at 0",             // option of another model
        "sample cubic --at 0",
        "sample cubic wobbly --at 0",
        "sample cubic 0.5 --at 0",
        "sample cubic 0.1 0.2 0.3 --at 0",
        "sample cubic 0.1 0.2 0.3 x --at 0",
        "sample cubic 0.1 nan 0.3 1 --at 0",
        "sample spring --at 0",                                // no description
        "sample spring --mass 2 --at 0",
        "sample spring --stiffness 100 --at 0",
        "sample spring --damping 10 --at 0",
        "sample spring --stiffness 100 --damping 10 --damping-ratio 0.5 --at 0",
        "sample spring --mass 1 --duration 0.5 --bounce 0.2 --at 0",
        "sample spring --damping-ratio 0.5 --bounce 0.2 --at 0",
        "sample spring --damping-ratio 0.5 --response 1 --duration 1 --at 0",
        "sample spring --duration 0.5 --bounce 0.2 --response 1 --at 0",
        "sample spring --bounce 0.2 --at 0",
        "sample spring --duration 0.5 --at 0",
        "sample spring --response 0.5 --at 0",
        "sample spring --stiffness 100 --damping 10 --mass abc --at 0",
        "sample spring --stiffness 100 --damping inf --at 0",
        "sample spring --stiffness 100 --damping 10 --velocity --at 0",
        "sample spring --stiffness 100 --damping 10 extra --at 0",
        "sample decay --at 0",                                 // missing velocity
        "sample decay --velocity 1 --rate slow --at 0",
        "sample decay --velocity 1 --rate nan --at 0",
        "sample decay --velocity -inf --at 0",
        "sample decay --velocity 1 --at 0 0",
        // Before: accepted silently (a rate of 1 or more never decays; a zero response is no
        // spring), or printed inf with status 0.
        "sample decay --velocity 1 --rate 1 --at 0",
        "sample decay --velocity 1 --rate 1.5 --at 0",
        "sample decay --velocity 1 --rate 0 --at 0",
        "sample decay --velocity 1e308 --rate 0.999999 --at 10",
        // Before (issue 42): -1e308 printed -inf and inf with status 0 away from t = 0, as did
        // +1e308: a spring's velocity term overflowed.
        "sample spring --damping-ratio 1 --velocity -1e308 --at 0.5",
        "sample spring --damping-ratio 1 --velocity 1e308 --at 0.5",
        "sample spring --damping-ratio 0.5 --response 0.3 --velocity -1e308 --at 0.05,2",
        "sample spring --velocity -1e308 --stiffness 300 --damping 20 --at 0",
        "sample spring --damping-ratio 0.5 --response 0 --at 0",
        "sample spring --damping-ratio 0.5 --response -1 --at 0",
        "sample spring --damping-ratio 0.5 --duration 0 --at 0",
        "sample spring --duration 0 --bounce 0.2 --at 0",
        "web serve",                                           // missing PATH
    ]

    /// Before (issue 42): `--velocity -1e308` printed `-inf` with status 0. Both signs are now
    /// refused with the same message, and a cubic's vertical tangent still prints `inf`.
    @Test func springVelocityNear1e308IsRefusedForBothSigns() {
        for v in ["1e308", "-1e308"] {
            let result = runKinetic(arguments: ["sample", "spring", "--damping-ratio", "1", "--velocity", v, "--at", "0.5"])
            #expect(result.exitCode == 2, "\(v)")
            #expect(result.stdout.isEmpty, "\(v)")
            #expect(result.stderr == "kinetic: sample: the model gives an infinite velocity at t = 0.5; its arguments are out of range; see 'kinetic sample --help'\n", "\(v)")
        }
        let tangent = runKinetic(arguments: ["sample", "cubic", "0", "1", "1", "0", "--at", "0"])
        #expect(tangent.exitCode == 0 && tangent.stdout.contains("inf"), "\(tangent.stdout)")
    }

    /// Before: an empty PATH built into /.build-web at the file system's root.
    @Test func webServeRefusesAnEmptyPath() {
        let result = runKinetic(arguments: ["web", "serve", "", "--no-build"])
        #expect(result.exitCode == 2)
        #expect(result.stderr.hasPrefix("kinetic: web serve: PATH is empty"), "\(result.stderr)")
    }

    @Test(arguments: badCommandLines)
    func badArgumentsGiveOneLineAndStatusTwo(_ line: String) {
        let result = runKinetic(arguments: args(line))
        #expect(result.exitCode == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("kinetic: "), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("\n"))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)")
    }

    @Test func newlinesInArgumentsStayOnOneLine() {
        let result = runKinetic(arguments: ["sample", "cubic", "linear", "--at", "0\n1"])
        #expect(result.exitCode == 2)
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test(arguments: [["--help"], ["-h"], ["help"]])
    func topLevelHelp(_ arguments: [String]) {
        let result = runKinetic(arguments: arguments)
        #expect(result.exitCode == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.hasPrefix("USAGE: kinetic <subcommand>"))
        #expect(result.stdout.contains("sample"))
    }

    @Test(arguments: [["sample", "--help"], ["help", "sample"], ["sample", "-h"],
                      ["sample", "spring", "--mass", "x", "--help"]])
    func sampleHelp(_ arguments: [String]) {
        let result = runKinetic(arguments: arguments)
        #expect(result.exitCode == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout == SampleCommand.usage)
        #expect(result.stdout.contains("kinetic sample cubic X1 Y1 X2 Y2 --at TIMES"))
        #expect(result.stdout.contains("sanitises"))
    }
}
