// swift-tools-version: 6.1
import PackageDescription

// A bottom sheet with three detents you drag, flick and catch mid-flight: a Kinetic scene in its
// own package, as any user would write one. `swift run kinetic web serve Examples/Sheet` (from
// the Kinetic checkout) builds it for the browser and serves it; `swift test --package-path
// Examples/Sheet` runs its tests.
let package = Package(
    name: "Sheet",
    dependencies: [
        .package(name: "Kinetic", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "Sheet",
            dependencies: [
                .product(name: "Kinetic", package: "Kinetic"),
                .product(name: "KineticScene", package: "Kinetic"),
                .product(name: "KineticHost", package: "Kinetic"),
            ]
        ),
        .testTarget(
            name: "SheetTests",
            dependencies: [
                "Sheet",
                .product(name: "Kinetic", package: "Kinetic"),
                .product(name: "KineticScene", package: "Kinetic"),
            ]
        ),
    ]
)
