import FoundationEssentials
import Geometry
import Render
import Scenes

extension OptionSpec {
    /// What every command that shows a scene takes: which scene, its size, time and settings.
    static let sceneOptions: [OptionSpec] = [
        OptionSpec(name: "--scene", argument: "NAME", defaultValue: "home", help: "the scene to show (see SCENES)",
                   commands: CommandName.showingAScene) { o, a throws(UsageError) in
            o.scene.scene = try a.value("--scene")
            o.sceneGiven = true
        },
        OptionSpec(name: "--size", argument: "WxH", defaultValue: "1280x800", help: "the size in points",
                   commands: CommandName.showingAScene) { o, a throws(UsageError) in
            o.scene.size = try OptionsParser.parseSize(try a.value("--size"))
        },
        OptionSpec(name: "--scale", argument: "S", defaultValue: "GDK_SCALE, else the display's",
                   help: "device pixels per point (at most 8)", commands: CommandName.showingAScene) { o, a throws(UsageError) in
            let s = try a.number("--scale", positive: true)
            guard s <= 8 else { throw UsageError("--scale must be at most 8, got '\(s.short)'") }
            o.scene.scale = s
        },
        OptionSpec(name: "--time", argument: "SECONDS", defaultValue: "0",
                   help: "scene time (the frame rendered; the start time elsewhere)", commands: CommandName.showingAScene) { o, a throws(UsageError) in
            o.scene.time = try a.number("--time", min: 0)
        },
        OptionSpec(name: "--scroll", argument: "POINTS", defaultValue: "0",
                   help: "the scroll offset of a scene with a scroll view", commands: CommandName.showingAScene) { o, a throws(UsageError) in
            o.scene.scroll = try a.number("--scroll")
        },
        OptionSpec(name: "--reduce-motion", help: "start with Reduce Motion on (m toggles it in the window)",
                   commands: CommandName.showingAScene) { o, _ in o.scene.reduceMotion = true },
        OptionSpec(name: "--bare", help: "the scene alone, without the navigation bar",
                   commands: CommandName.showingAScene) { o, _ in o.scene.chrome = false },
        OptionSpec(name: "--images", argument: "PATH…", defaultValue: "the bundled photos",
                   help: "your photos (files and folders), in the scenes that show photos",
                   commands: CommandName.showingAScene) { o, a throws(UsageError) in
            let paths = a.list { !$0.hasPrefix("-") || FileManager.default.fileExists(atPath: $0) }
            guard !paths.isEmpty else { throw UsageError("--images needs at least one file or folder") }
            o.scene.images += paths
        },
        OptionSpec(name: "--image-memory", argument: "MB", defaultValue: "192",
                   help: "the budget for all decoded photo pixels, in megabytes", commands: CommandName.showingAScene) { o, a throws(UsageError) in
            let mb = try a.whole("--image-memory", min: 16, max: 65536, expects: "whole megabytes from 16 to 65536")
            o.scene.imageMemoryBytes = mb << 20
        },
        OptionSpec(name: "--threads", argument: "N", defaultValue: "the cores, at most 8",
                   help: "threads a large frame is drawn on, in bands (1: the main thread only)",
                   commands: CommandName.showingAScene) { o, a throws(UsageError) in
            o.scene.threads = try a.whole("--threads", min: 1, max: 64, expects: "a whole number from 1 to 64")
        },
        OptionSpec(name: "--renderer", argument: "auto|cairo|gl", defaultValue: "auto",
                   help: "what draws: the GPU (OpenGL ES 3) where there is a real one, else Cairo (auto); Cairo; OpenGL ES even on a software rasteriser (gl)",
                   commands: CommandName.showingAScene) { o, a throws(UsageError) in
            let v = try a.value("--renderer")
            guard let c = RendererChoice(rawValue: v) else { throw UsageError("--renderer expects auto, cairo or gl, got '\(v)'") }
            o.scene.rendererChoice = c
        },
        OptionSpec(name: "--set", argument: "NAME=VALUE", help: "a setting of the scene's components (see SCENES)",
                   commands: CommandName.showingAScene) { o, a throws(UsageError) in
            let raw = try a.value("--set")
            let parts = raw.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty else { throw UsageError("--set expects NAME=VALUE, got '\(raw)'") }
            o.scene.settings[parts[0]] = parts[1]
        },
    ]
}
