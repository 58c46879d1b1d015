import FoundationEssentials

extension OptionSpec {
    /// Input played into a scene and what comes out of it: scripts, semantics, files, timing.
    static let outputOptions: [OptionSpec] = [
        OptionSpec(name: "--script", argument: "FILE", help: "play timed input (one command a line; see the user guide)",
                   commands: [.window, .render, .record]) { o, a throws(UsageError) in
            let v = try a.value("--script")
            o.window.script = v
            o.render.script = v
            o.record.script = v
        },
        OptionSpec(name: "--semantics", help: "print the semantics tree (the window: when quitting)",
                   commands: [.window, .render]) { o, _ in
            o.window.semantics = true
            o.render.semantics = true
        },
        OptionSpec(name: "--print-swiftui", help: "print the scene as SwiftUI for its --set settings (the SwiftUI components) and quit",
                   commands: [.window]) { o, _ in o.window.printSwiftUI = true },
        OptionSpec(name: "--out", argument: "FILE", help: "render: FILE.png; record: a FOLDER for numbered PNGs, FILE.webp, FILE.gif or FILE.mp4; screenshot: FILE.png",
                   commands: [.render, .record, .screenshot], required: [.render, .record, .screenshot]) { o, a throws(UsageError) in
            let v = try a.value("--out")
            o.out = v
            o.render.out = v
            o.record.out = v
        },
        OptionSpec(name: "--duration", argument: "SECONDS", help: "record: how long; curve: a curve's duration (not a spring's)",
                   commands: [.record, .curve], required: [.record]) { o, a throws(UsageError) in
            let d = try a.number("--duration", positive: true)
            o.curve.duration = d
            o.record.duration = d
        },
        OptionSpec(name: "--fps", argument: "N", defaultValue: "30", help: "frames a second of the recording (at most 240)",
                   commands: [.record]) { o, a throws(UsageError) in
            o.record.fps = try a.number("--fps", positive: true)
            guard o.record.fps <= 240 else { throw UsageError("--fps must be at most 240, got '\(o.record.fps.short)'") }
        },
        OptionSpec(name: "--quality", argument: "0-100", help: "record: WebP's quality (default 90), GIF's palette quality (100), MP4's as x264 CRF 51 - 0.4 x N (80: CRF 19)",
                   commands: [.record]) { o, a throws(UsageError) in
            let q = try a.number("--quality")
            guard (0...100).contains(q) else { throw UsageError("--quality must be from 0 to 100, got '\(q.short)'") }
            o.record.quality = q
        },
    ]

    /// `bench`'s and `curve`'s own.
    static let benchOptions: [OptionSpec] = [
        OptionSpec(name: "--frames", argument: "N", defaultValue: "300", help: "frames to measure",
                   commands: [.bench]) { o, a throws(UsageError) in
            o.bench.frames = try a.whole("--frames", min: 1, max: 1_000_000, expects: "a whole number up to 1000000")
        },
        OptionSpec(name: "--json", help: "print the figures as one JSON object", commands: [.bench]) { o, _ in o.bench.json = true },
        OptionSpec(name: "--window", help: "open a window and measure presenting too", commands: [.bench]) { o, _ in o.bench.window = true },
        OptionSpec(name: "--decode", argument: "PATH…", help: "measure decoding the photos in these files and folders instead of a scene",
                   commands: [.bench]) { o, a throws(UsageError) in
            o.bench.decode += a.list { !$0.hasPrefix("-") }
            guard !o.bench.decode.isEmpty else { throw UsageError("--decode needs at least one file or folder") }
            for p in o.bench.decode where !FileManager.default.fileExists(atPath: p) {
                throw UsageError("--decode: \(p): no such file or folder")
            }
        },
        OptionSpec(name: "--width", argument: "N", defaultValue: "720", help: "the thumbnails' width in pixels, with --decode",
                   commands: [.bench]) { o, a throws(UsageError) in
            o.bench.thumbnailWidth = try a.whole("--width", min: 1, max: 16384, expects: "whole pixels from 1 to 16384")
        },
        OptionSpec(name: "--samples", argument: "N", defaultValue: "61", help: "rows of the curve's CSV",
                   commands: [.curve]) { o, a throws(UsageError) in
            o.curve.samples = try a.whole("--samples", min: 2, max: 100_000, expects: "a whole number from 2 to 100000")
        },
    ]
}
