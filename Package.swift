// swift-tools-version:6.0
// Lumen: a Swift desktop app and UI toolkit for Linux (SDL2 window, Cairo rendering).
// Modules depend only downward: Geometry ← Animation ← Effects ← Render ← Widgets ← App.
import PackageDescription

let package = Package(
    name: "Lumen",
    products: [
        .executable(name: "lumen", targets: ["lumen"]),
    ],
    targets: [
        .systemLibrary(name: "CSDL2", path: "Sources/CSDL2", pkgConfig: "sdl2 SDL2_image libjpeg",
                       providers: [.apt(["libsdl2-dev", "libsdl2-image-dev", "libjpeg62-turbo-dev"])]),
        .systemLibrary(name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo pixman-1 pangocairo fontconfig",
                       providers: [.apt(["libcairo2-dev", "libpixman-1-dev", "libpango1.0-dev", "libfontconfig-dev"])]),
        .target(name: "Geometry"),
        .target(name: "Animation", dependencies: ["Geometry"]),
        .target(name: "Effects", dependencies: ["Geometry", "Animation"]),
        .target(name: "Render", dependencies: ["Geometry", "Effects", "CCairo"]),
        .target(name: "Widgets", dependencies: ["Geometry", "Animation", "Effects", "Render"]),
        .target(name: "App", dependencies: ["Geometry", "Animation", "Effects", "Render", "Widgets", "CSDL2", "CCairo"]),
        .executableTarget(name: "lumen", dependencies: ["App"]),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(name: "AnimationTests", dependencies: ["Animation"]),
        .testTarget(name: "EffectsTests", dependencies: ["Effects", "Animation", "Geometry"]),
        .testTarget(name: "RenderTests", dependencies: ["Render", "Effects", "Geometry"]),
        .testTarget(name: "WidgetsTests", dependencies: ["Widgets", "Render", "Geometry"]),
        .testTarget(name: "AppTests", dependencies: ["App", "Widgets", "Render", "Effects", "Geometry", "CSDL2"]),
    ],
    swiftLanguageModes: [.v6]
)
