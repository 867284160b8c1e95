// swift-tools-version: 6.1
import PackageDescription

// A page of your own, animated by Swift: `web/index.html` lays out a photo grid and a detail view
// with CSS; the Gallery scene adopts those elements (PageLayout) and flies, drags and throws them.
// `swift run kinetic web serve Examples/Gallery` (from the Kinetic checkout) builds the app for
// the browser and serves it with the page; `swift build --package-path Examples/Gallery` checks it.
let package = Package(
    name: "Gallery",
    dependencies: [
        .package(name: "Kinetic", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "Gallery",
            dependencies: [
                .product(name: "Kinetic", package: "Kinetic"),
                .product(name: "KineticScene", package: "Kinetic"),
                .product(name: "KineticHost", package: "Kinetic"),
            ]
        ),
    ]
)
