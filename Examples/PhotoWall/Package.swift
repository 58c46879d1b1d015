// swift-tools-version:6.0
// A kiosk photo wall built on Lumen: a scroll view of Color Reveal photos and a button bar.
import PackageDescription

let package = Package(
    name: "PhotoWall",
    dependencies: [
        // Lumen by path; another app would use `.package(url: "https://…/lumen.git", from: "…")`.
        .package(name: "Lumen", path: "../.."),
    ],
    targets: [
        // The app's scenes, a library so that its tests can use them.
        .target(name: "PhotoWall", dependencies: [.product(name: "LumenApp", package: "Lumen")]),
        .executableTarget(name: "photo-wall", dependencies: ["PhotoWall", .product(name: "LumenApp", package: "Lumen")]),
        .testTarget(name: "PhotoWallTests", dependencies: ["PhotoWall", .product(name: "LumenApp", package: "Lumen"),
                                                          .product(name: "LumenTesting", package: "Lumen")]),
    ],
    swiftLanguageModes: [.v6]
)
