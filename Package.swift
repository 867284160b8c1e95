// swift-tools-version: 6.1
import PackageDescription

// Kinetic: UIKit's interactive, interruptible animation system as a portable Swift package.
//
// The layers, each a target, none importing Foundation: `Kinetic`, the core (timing curves,
// springs, animated properties, `PropertyAnimator`, the engine); `KineticScene` (nodes, hit
// testing, gestures, transitions, the render list), `KineticDynamics` (UIKit Dynamics) and
// `KineticPOP` (POP's animations) on it; `KineticHost` (hosted scenes, sessions, headless render)
// over the scene layer; `KineticWasm`, the browser's C ABI, over the host. `KineticDemos` is every
// scene of the source material on five of them (Kinetic, KineticScene, KineticDynamics,
// KineticPOP, KineticHost), each a `HostedScene` listed by a `SceneEntry` exactly as a user's
// scene is. All of these build as
// Embedded Swift for WebAssembly (`Scripts/embedded-check`). The `kinetic` executable is the
// native host; its logic lives in `KineticCommandLine`, so it is testable.
// Benchmarks live in their own package in `Benchmarks/`, so the library depends on nothing.
let package = Package(
    name: "Kinetic",
    products: [
        .library(name: "Kinetic", targets: ["Kinetic"]),
        .library(name: "KineticScene", targets: ["KineticScene"]),
        .library(name: "KineticDynamics", targets: ["KineticDynamics"]),
        .library(name: "KineticPOP", targets: ["KineticPOP"]),
        .library(name: "KineticHost", targets: ["KineticHost"]),
        .library(name: "KineticWasm", targets: ["KineticWasm"]),
        .library(name: "KineticDemos", targets: ["KineticDemos"]),
        .executable(name: "kinetic", targets: ["kinetic"]),
        .executable(name: "KineticPlayground", targets: ["KineticPlayground"]),
    ],
    dependencies: [
        // The `kinetic` command line (subcommands, generated help, completion scripts), used by
        // KineticCommandLine only.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `swift package generate-documentation` (Scripts/build-docs): a command plugin, so
        // nothing of it is linked into any target.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(
            name: "Kinetic",
            swiftSettings: [.enableExperimentalFeature("Extern")]
        ),
        .target(
            name: "KineticScene",
            dependencies: ["Kinetic"]
        ),
        .target(
            name: "KineticDynamics",
            dependencies: ["Kinetic"]
        ),
        .target(
            name: "KineticPOP",
            dependencies: ["Kinetic"]
        ),
        // What every host needs (KineticApp, HostSession, the render-list encoding, gesture
        // scripts, the headless render and the native runner): portable and Embedded-clean.
        .target(
            name: "KineticHost",
            dependencies: ["Kinetic", "KineticScene"]
        ),
        // The WebAssembly C ABI over HostSession.current. A real target so that `swift build`
        // type-checks it natively; Scripts/build-web compiles it as Embedded Swift for wasm32.
        .target(
            name: "KineticWasm",
            dependencies: ["Kinetic", "KineticScene", "KineticHost"]
        ),
        .target(
            name: "KineticDemos",
            dependencies: ["Kinetic", "KineticScene", "KineticDynamics", "KineticPOP", "KineticHost"]
        ),
        // The demos app: `@main` over DemoCatalog.entries. Natively its executable is the
        // headless runner (`KineticPlayground list`, `render`); Scripts/build-web builds it
        // for the browser playground.
        .executableTarget(
            name: "KineticPlayground",
            dependencies: ["KineticDemos", "KineticHost"]
        ),
        .target(
            name: "KineticCommandLine",
            dependencies: ["Kinetic", "KineticScene", "KineticHost", "KineticDemos",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "kinetic",
            dependencies: ["KineticCommandLine"]
        ),
        // The references the test targets share (cubic Bézier, spring, SplitMix64): one copy,
        // independent of the library it checks, so it depends on nothing.
        .target(
            name: "KineticTestSupport",
            path: "Tests/KineticTestSupport"
        ),
        .testTarget(
            name: "KineticTests",
            dependencies: ["Kinetic", "KineticTestSupport"]
        ),
        .testTarget(
            name: "KineticSceneTests",
            dependencies: ["KineticScene", "Kinetic", "KineticTestSupport"]
        ),
        .testTarget(
            name: "KineticDynamicsTests",
            dependencies: ["KineticDynamics", "Kinetic", "KineticTestSupport"]
        ),
        .testTarget(
            name: "KineticPOPTests",
            dependencies: ["KineticPOP", "Kinetic", "KineticTestSupport"]
        ),
        .testTarget(
            name: "KineticDemosTests",
            dependencies: ["KineticDemos", "KineticHost", "KineticScene", "Kinetic", "KineticTestSupport"]
        ),
        .testTarget(
            name: "KineticCommandLineTests",
            dependencies: ["KineticCommandLine", "KineticDemos", "KineticHost", "KineticScene", "Kinetic"]
        ),
        .testTarget(
            name: "KineticHostTests",
            dependencies: ["KineticHost", "KineticWasm", "KineticDemos", "KineticScene", "Kinetic", "KineticTestSupport"]
        ),
    ]
)
