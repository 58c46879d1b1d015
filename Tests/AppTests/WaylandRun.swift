import Foundation
import LumenTestSupport
import Render
import Testing

/// `scripts/wayland-run` from the tests.
enum WaylandRun {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/wayland-run").path

    static var available: Bool {
        ["/usr/bin/cage", "/usr/bin/sway", "/usr/bin/weston", "/usr/bin/grim", "/usr/bin/Xwayland", "/usr/bin/wtype", "/usr/bin/wl-paste"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// `DISPLAY` of the tests' X server, open to the compositor's user too (a copy of Xvfb's
    /// cookie it can read, in `out`).
    static func x11(out: String) throws -> [String: String] {
        let env = ProcessInfo.processInfo.environment
        var x11 = ["DISPLAY": env["DISPLAY"] ?? ":0"]
        if let cookie = env["XAUTHORITY"] {
            try? FileManager.default.removeItem(atPath: out + "/Xauthority")
            try FileManager.default.copyItem(atPath: cookie, toPath: out + "/Xauthority")
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: out + "/Xauthority")
            x11["XAUTHORITY"] = out + "/Xauthority"
        }
        return x11
    }

    /// What the compositor showed (`shown.png`, grim's) against Lumen's own last frame
    /// (`app.png`) in `out`: the frame's size, and how far apart the two are.
    static func shownAgainstDrawn(in out: String) throws -> (width: Int, height: Int, mean: Double, outliers: Double) {
        let app = try PNGFile.read(out + "/app.png"), shown = try PNGFile.read(out + "/shown.png")
        try #require(shown.width == app.width && shown.height == app.height, "shown \(shown.width)×\(shown.height), drawn \(app.width)×\(app.height)")
        let d = PixelComparison.difference(app, shown)
        return (app.width, app.height, d.mean, d.outliers)
    }

    /// The requests in a client's WAYLAND_DEBUG log between SDL's registry hearing that a
    /// global went (the first time) and the next event it read.
    static func requestsRightAfterAGlobalWent(_ log: String) -> [Substring] {
        let lines = log.split(separator: "\n")
        guard let at = lines.firstIndex(where: { $0.contains(" wl_registry@2.global_remove(") }) else { return [] }
        return Array(lines[(at + 1)...].prefix { $0.contains(" -> ") })
    }

    /// The client's first frame shown, in its WAYLAND_DEBUG log: a buffer attached to a surface.
    /// `run`'s `fromFirstFrame` times its events from there, not from the compositor's start:
    /// a loaded machine (llvmpipe compiling the GL renderer's programs) took 4.5 s to it.
    static let firstFrameShown = #" -> wl_surface@[0-9]+\.attach\(wl_buffer"#

    /// A fresh folder for one test's files.
    static func folder(_ name: String) -> String {
        let dir = ImageFixtures.path("wayland-\(name)")
        try? FileManager.default.removeItem(atPath: dir)
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Runs the lumen binary with `args` as the client of a headless `compositor`.
    static func run(_ args: [String], binary: String = Binary.url.path, compositor: String = "cage", scale: Int = 1, out: String,
                    swayAt: (seconds: Double, command: String)? = nil, grab: (seconds: Double, file: String)? = nil, killAt: Double? = nil,
                    unplugAt: Double? = nil, plugAt: Double? = nil, outerAt: (seconds: Double, command: String)? = nil,
                    runAt: [(seconds: Double, command: String)] = [], swayRules: [String] = [],
                    pauseAt: Double? = nil, resumeAt: Double? = nil, fromFirstFrame: Bool = false, clockFrom: String? = nil,
                    outputs: Int = 1, env: [String: String] = [:], unset: [String] = []) throws -> Binary.Run {
        var options = ["--compositor", compositor, "--out", out, "--outputs", "\(outputs)"]
        if let clockFrom { options += ["--clock-from", clockFrom] }
        var env = env
        if fromFirstFrame {
            options += ["--clock-from", firstFrameShown]
            env["WAYLAND_DEBUG"] = "1"
        }
        if let unplugAt { options += ["--unplug-at", "\(unplugAt)"] }
        if let plugAt { options += ["--plug-at", "\(plugAt)"] }
        if let pauseAt { options += ["--pause-at", "\(pauseAt)"] }
        if let resumeAt { options += ["--resume-at", "\(resumeAt)"] }
        if let outerAt { options += ["--outer-at", "\(outerAt.seconds)", outerAt.command] }
        for r in runAt { options += ["--run-at", "\(r.seconds)", r.command] }
        if compositor.hasPrefix("sway") { options += ["--scale", "\(scale)", "--size", "\(1280 * scale)x\(720 * scale)"] }
        if let swayAt { options += ["--sway-at", "\(swayAt.seconds)", swayAt.command] }
        if let grab { options += ["--grab", "\(grab.seconds)", grab.file] }
        if let killAt { options += ["--kill-at", "\(killAt)"] }
        for rule in swayRules { options += ["--sway-rule", rule] }
        var command = ["env"] + unset.flatMap { ["-u", $0] } + ["XDG_CACHE_HOME=\(out)/cache"] + env.map { "\($0.key)=\($0.value)" }
        command += [binary] + args
        let p = Process()
        p.executableURL = URL(fileURLWithPath: script)
        p.arguments = options + ["--"] + command
        // Standard error to a file: a WAYLAND_DEBUG log would fill a pipe long before the end.
        // wayland-run ends the compositor a minute after the start whatever the client does.
        let errPath = out + "/stderr.txt"
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let o = try TemporaryOutput()
        p.standardOutput = o.handle
        p.standardError = FileHandle(forWritingAtPath: errPath)
        try p.run()
        ProcessDeadline.end(p, within: 240)
        let outData = Data(o.text().utf8)
        let errData = FileManager.default.contents(atPath: errPath) ?? Data()
        return Binary.Run(status: p.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                          stderr: String(decoding: errData, as: UTF8.self))
    }
}
