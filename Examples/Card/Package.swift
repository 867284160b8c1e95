// swift-tools-version: 6.1
import PackageDescription

// A card you drag, throw into a corner and catch mid-flight: a Kinetic scene in its own package,
// as any user would write one. `swift run kinetic web serve Examples/Card` (from the Kinetic
// checkout) builds it for the browser and serves it; `swift test --package-path Examples/Card`
// runs its tests.
let package = Package(
    name: "Card",
    dependencies: [
        .package(name: "Kinetic", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "Card",
            dependencies: [
                .product(name: "Kinetic", package: "Kinetic"),
                .product(name: "KineticScene", package: "Kinetic"),
                .product(name: "KineticHost", package: "Kinetic"),
            ]
        ),
        .testTarget(
            name: "CardTests",
            dependencies: [
                "Card",
                .product(name: "Kinetic", package: "Kinetic"),
                .product(name: "KineticScene", package: "Kinetic"),
                .product(name: "KineticHost", package: "Kinetic"),
            ]
        ),
    ]
)
