// swift-tools-version:6.0
// Lumen: a Swift desktop app and UI toolkit for Linux (SDL2 window, Cairo rendering).
// Modules depend only downward (see the README's Architecture section):
//   Geometry ← Animation ← Widgets ← Scenes ← App
//   Geometry ← Effects ← Widgets   (the components' formulas)
//     Pixels ← Effects, Render, Imaging, Recording, DecodeWorkers, Platform, RenderGL   (pixel buffers)
//     Pixels ← Render ← Widgets
//                                        SwiftUICode ← BuiltInScenes   (the scenes as SwiftUI source text)
//                                     Render ← Imaging ← Scenes
//                                              Imaging ← DecodeWorkers ← App   (sandboxed decoder processes)
//                                              Imaging ← Recording ← App   (GIF, MP4 and WebP recordings)
//                                     Render ← RenderGL ← App   (OpenGL ES 3, loaded at run time)
//                                                Input ← Platform ← App   (and Input ← Widgets)
//                                              Widgets ← Accessibility ← App
//                                   SystemSupport ← Fleet ← App   (systemd, journald, status, metrics)
//   SystemSupport (locks, conditions, standard error) ← every module that uses them
import PackageDescription

let package = Package(
    name: "Lumen",
    products: [
        // The toolkit: geometry, animation, input, drawing (Cairo), widgets with the SwiftUI
        // components' effects, and photo loading. `import LumenUI`.
        .library(name: "LumenUI", targets: ["LumenUI"]),
        // The app runtime on top: scenes and their catalog, the window on X11, Wayland and KMS,
        // both renderers, the command line, home, inspector, playlists, kiosk mode, recording,
        // sandboxed decoder workers and AT-SPI. `import LumenApp`; `LumenApp.main(catalog)`.
        .library(name: "LumenApp", targets: ["LumenApp"]),
        // Lumen's own scenes (the five effects and the tools), to show beside an app's own.
        .library(name: "LumenBuiltInScenes", targets: ["BuiltInScenes"]),
        // For an app's tests: its scenes headless (AppTester: find by semantics, tap, scroll,
        // run the clock), in the real window loop with no display (TestWindow), and pixel
        // snapshots within a tolerance. `import LumenTesting` in a test target.
        .library(name: "LumenTesting", targets: ["LumenTesting"]),
        .executable(name: "lumen", targets: ["lumen"]),
    ],
    targets: [
        // C libraries from Debian, each used by one module.
        .systemLibrary(name: "CSDL2", path: "Sources/CSDL2", pkgConfig: "sdl2",
                       providers: [.apt(["libsdl2-dev"])]),
        .systemLibrary(name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo pixman-1 pangocairo fontconfig",
                       providers: [.apt(["libcairo2-dev", "libpixman-1-dev", "libpango1.0-dev", "libfontconfig-dev"])]),
        .systemLibrary(name: "CImageLibraries", path: "Sources/CImageLibraries", pkgConfig: "libjpeg libpng libwebp libwebpdemux libwebpmux libtiff-4 libheif lcms2 libexif glib-2.0 SDL2_image",
                       providers: [.apt(["libjpeg62-turbo-dev", "libpng-dev", "libgif-dev", "libwebp-dev", "libtiff-dev", "libheif-dev", "liblcms2-dev", "libexif-dev", "libsdl2-image-dev"])]),
        // giflib ships no pkg-config file: linked by name.
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        .target(name: "CImageCodecs", dependencies: ["CImageLibraries"], path: "Sources/CImageCodecs",
                linkerSettings: [.linkedLibrary("gif")]),

        // ATK and atk-bridge (what GTK 3 uses for AT-SPI), behind a small C target.
        .systemLibrary(name: "CATKLibraries", path: "Sources/CATKLibraries", pkgConfig: "atk atk-bridge-2.0 gio-2.0",
                       providers: [.apt(["libatk1.0-dev", "libatk-bridge2.0-dev"])]),
        .target(name: "CAccessibility", dependencies: ["CATKLibraries"], path: "Sources/CAccessibility"),

        // OpenGL ES 3 and EGL headers only: entry points are loaded at run time (dlopen, getProcAddress).
        .target(name: "CGLES", path: "Sources/CGLES", linkerSettings: [.linkedLibrary("dl")]),
        // The decoder workers' process edge: spawning, descriptor passing, rlimits, seccomp.
        // Recordings people post: giflib + libimagequant (GIF); FFmpeg (H.264 in MP4): its headers
        // only, the libraries are opened when an MP4 is written (they would load fifty more).
        .systemLibrary(name: "CMediaLibraries", path: "Sources/CMediaLibraries", pkgConfig: "imagequant",
                       providers: [.apt(["libavformat-dev", "libavcodec-dev", "libswscale-dev", "libavutil-dev", "libimagequant-dev", "libgif-dev"])]),
        .target(name: "CMediaEncoders", dependencies: ["CMediaLibraries"], path: "Sources/CMediaEncoders"),
        .systemLibrary(name: "CSeccomp", path: "Sources/CSeccomp", pkgConfig: "libseccomp",
                       providers: [.apt(["libseccomp-dev"])]),
        .target(name: "CDecodeSandbox", dependencies: ["CSeccomp"], path: "Sources/CDecodeSandbox"),
        // libsystemd: the service manager's notifications and watchdog, and the journal.
        .systemLibrary(name: "CSystemd", path: "Sources/CSystemd", pkgConfig: "libsystemd",
                       providers: [.apt(["libsystemd-dev"])]),
        // libdrm's headers only (the screen schedule switches a KMS connector off through it).
        .systemLibrary(name: "CDRM", path: "Sources/CDRM", pkgConfig: "libdrm", providers: [.apt(["libdrm-dev"])]),
        .target(name: "CWindowSystem", dependencies: ["CDRM"], path: "Sources/CWindowSystem", linkerSettings: [.linkedLibrary("dl")]),
        // libudev and the kernel's evdev header: the console's input devices as udev sorts them.
        .systemLibrary(name: "CInputDevices", path: "Sources/CInputDevices", pkgConfig: "libudev",
                       providers: [.apt(["libudev-dev"])]),

        .target(name: "Geometry"),
        // Locks, conditions and standard error: what every module below App needs of the system.
        .target(name: "CSystemClock", path: "Sources/CSystemClock"),
        .target(name: "SystemSupport", dependencies: ["CSystemClock"]),
        .target(name: "Animation", dependencies: ["Geometry"]),
        // Input as the platforms deliver it and scripts replay it: pointer, wheel, key and text events.
        .target(name: "Input", dependencies: ["Geometry"]),
        // Pixel buffers and the kernels on them: orientation, luma, blur, projective sampling.
        .target(name: "Pixels"),
        // The SwiftUI components' formulas: Color Reveal, pixelation, Ken Burns, gradient
        // sampling, scroll transitions, content fitting.
        .target(name: "Effects", dependencies: ["Geometry", "Pixels"]),
        .target(name: "Render", dependencies: ["SystemSupport", "Geometry", "Pixels", "CCairo"]),
        .target(name: "RenderGL", dependencies: ["SystemSupport", "Geometry", "Pixels", "Render", "CGLES", "CCairo"]),
        .target(name: "Widgets", dependencies: ["SystemSupport", "Geometry", "Effects", "Pixels", "Animation", "Render", "Input"]),
        .target(name: "Imaging", dependencies: ["SystemSupport", "Geometry", "Effects", "Pixels", "Render", "CImageCodecs"]),
        .target(name: "CVideoDecoding", dependencies: ["CDecodeSandbox"], path: "Sources/CVideoDecoding"),
        .target(name: "Video", dependencies: ["SystemSupport", "Geometry", "Pixels", "Render", "Imaging", "DecodeWorkers", "CDecodeSandbox", "CVideoDecoding"]),
        .target(name: "DecodeWorkers", dependencies: ["SystemSupport", "Geometry", "Pixels", "Imaging", "CDecodeSandbox"]),
        .target(name: "SwiftUICode"),
        .target(name: "Recording", dependencies: ["SystemSupport", "Geometry", "Pixels", "Imaging", "CMediaEncoders"]),
        .target(name: "Scenes", dependencies: ["SystemSupport", "Geometry", "Effects", "Pixels", "Animation", "Render", "Widgets", "Imaging", "Input"]),
        // What a fleet's tools talk to: systemd's notifications and watchdog, the journal, the
        // status socket (`lumen status`, `lumen screenshot`), the metrics file for Prometheus.
        .target(name: "Fleet", dependencies: ["SystemSupport", "CSystemd"]),
        .target(name: "Platform", dependencies: ["SystemSupport", "Geometry", "Pixels", "Render", "Input", "CSDL2", "CWindowSystem", "CInputDevices"]),
        .target(name: "Accessibility", dependencies: ["SystemSupport", "Geometry", "Widgets", "Input", "CAccessibility"]),
        .target(name: "App", dependencies: ["SystemSupport", "Geometry", "Effects", "Pixels", "Animation", "Render", "RenderGL", "Widgets", "Imaging", "Scenes", "Platform", "Accessibility", "DecodeWorkers", "Video", "CVideoDecoding", "Recording", "Input", "CMalloc", "Fleet"]),
        // Lumen's own scenes, registered by the `lumen` command as any app registers its own.
        .target(name: "BuiltInScenes", dependencies: ["Geometry", "Effects", "Animation", "Render", "Widgets", "Imaging", "SwiftUICode", "Input", "Scenes"]),
        // What an app imports: one module each for the toolkit and the runtime.
        .target(name: "LumenUI", dependencies: ["Geometry", "Animation", "Input", "Pixels", "Effects", "Render", "Widgets", "Imaging"]),
        .target(name: "LumenApp", dependencies: ["LumenUI", "Scenes", "App"]),
        .target(name: "LumenTesting", dependencies: ["LumenApp", "App", "Scenes", "Widgets", "Geometry", "Input", "Pixels", "Render",
                                                     "Platform", "Accessibility"]),
        .executableTarget(name: "lumen", dependencies: ["LumenApp", "BuiltInScenes"]),
        // The fuzz targets (every input Lumen parses) and their driver: libFuzzer's under
        // `make fuzz`, a replay of files otherwise.
        .target(name: "FuzzTargets", dependencies: ["App", "BuiltInScenes", "Scenes", "Imaging", "Pixels", "Geometry", "Input",
                                                    "DecodeWorkers", "CDecodeSandbox", "Video", "CVideoDecoding"]),
        .executableTarget(name: "lumen-fuzz", dependencies: ["FuzzTargets"]),

        // Helpers every test target shares: the assets, fonts, pixel comparisons, test photos
        // (made with each format's own encoder, through CTestEncoders).
        .systemLibrary(name: "CTestEncoderLibraries", path: "Tests/CTestEncoderLibraries", pkgConfig: "libwebpmux libavformat libavcodec libavutil"),
        .target(name: "CTestEncoders", dependencies: ["CImageLibraries", "CTestEncoderLibraries"], path: "Tests/CTestEncoders",
                linkerSettings: [.linkedLibrary("gif"), .linkedLibrary("z")]),
        .target(name: "LumenTestSupport", dependencies: ["Pixels", "Render", "Imaging", "CTestEncoders"], path: "Tests/LumenTestSupport"),
        .testTarget(name: "SystemSupportTests", dependencies: ["SystemSupport", "CSystemClock"]),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(name: "AnimationTests", dependencies: ["Animation"]),
        .testTarget(name: "PixelsTests", dependencies: ["Pixels"]),
        .testTarget(name: "EffectsTests", dependencies: ["Animation", "Geometry", "Effects", "Pixels"]),
        .testTarget(name: "RenderTests", dependencies: ["Render", "Geometry", "Pixels", "LumenTestSupport"]),
        .testTarget(name: "RenderGLTests", dependencies: ["BuiltInScenes", "RenderGL", "CGLES", "Render", "Geometry", "Pixels", "Scenes", "Widgets", "Imaging", "Animation", "LumenTestSupport", "Input"]),
        .testTarget(name: "WidgetsTests", dependencies: ["Widgets", "Render", "Geometry", "Pixels", "Animation", "LumenTestSupport", "Input"]),
        .testTarget(name: "ImagingTests", dependencies: ["CCairo", "Imaging", "Geometry", "Effects", "Pixels", "Render", "LumenTestSupport"]),
        .testTarget(name: "ScenesTests", dependencies: ["BuiltInScenes", "Scenes", "LumenTesting", "LumenApp", "SwiftUICode", "Widgets", "Render", "Imaging", "Animation", "Geometry", "Pixels", "LumenTestSupport", "Input"]),
        .testTarget(name: "RecordingTests", dependencies: ["Pixels", "Recording", "CTestEncoders", "LumenTestSupport"]),
        .testTarget(name: "PlatformTests", dependencies: ["Platform", "Widgets", "Geometry", "CSDL2", "CInputDevices", "LumenTestSupport", "Input"]),
        .testTarget(name: "FuzzTargetsTests", dependencies: ["FuzzTargets", "DecodeWorkers", "Video", "Imaging", "Pixels", "CVideoDecoding", "LumenTestSupport"]),
        .testTarget(name: "AppTests", dependencies: ["BuiltInScenes", "App", "Fleet", "LumenTesting", "DecodeWorkers", "Video", "Scenes", "Widgets", "Render", "RenderGL", "Imaging", "Geometry", "Pixels", "LumenTestSupport", "Input"]),
    ],
    swiftLanguageModes: [.v6]
)
