import Foundation
import Geometry
import LumenTestSupport
import Render
import Testing
import App
import Pixels

/// The real `lumen` binary, run as a user would.
enum Binary {
    static let url: URL = {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for dir in [here, here.deletingLastPathComponent()] {
            let candidate = dir.appendingPathComponent("lumen")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/lumen")
    }()

    struct Run { var status: Int32; var stdout: String; var stderr: String }

    /// Runs the binary. Under a loaded test run the X server now and then refuses a connection
    /// (SDL: "x11 not available", before Lumen does anything): that one is tried once more.
    static func run(_ args: [String], env: [String: String] = [:], timeout: Double = 60) throws -> Run {
        let first = try runOnce(args, env: env, timeout: timeout)
        guard first.status != 0, first.stderr.contains("x11 not available") else { return first }
        Thread.sleep(forTimeInterval: 0.5)
        return try runOnce(args, env: env, timeout: timeout)
    }

    /// Past `timeout` it is stopped (its stacks on standard error) and its status is the signal's.
    private static func runOnce(_ args: [String], env: [String: String], timeout: Double) throws -> Run {
        // Thumbnails the binary writes go to the tests' own folder, not the user's cache.
        let environment = ["XDG_CACHE_HOME": ImageFixtures.path("xdg-cache")].merging(env) { $1 }
        let r = try ProgramOutput.capture(url.path, args, environment: environment, timeout: timeout)
        return Run(status: r.status, stdout: r.stdout, stderr: r.stderr)
    }
}

@Suite("End to end: the lumen binary", .serialized)
struct EndToEndTests {
    func rgb(_ p: UInt32) -> (Int, Int, Int) { (Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF)) }

    /// What a person sees in the swatches scene at 1280×800, scale 1.
    func checkSwatches(_ b: PixelBuffer) {
        #expect(b.width == 1280 && b.height == 800)
        let bg = rgb(b[640, 780])
        #expect(bg == (242, 242, 247), "grouped background: \(bg)")
        let blue = rgb(b[130, 170])
        #expect(blue == (0, 122, 255), "the circular rounded rect: \(blue)")
        #expect(rgb(b[26, 108]) == (242, 242, 247), "its corner is cut")
        var grayPixels = 0, colourPixels = 0
        for y in stride(from: 300, to: 420, by: 7) {
            for x in stride(from: 40, to: 230, by: 7) {
                let (r, g, bl) = rgb(b[x, y]); if abs(r - g) <= 2 && abs(g - bl) <= 2 { grayPixels += 1 }
                let (r2, g2, b2) = rgb(b[x + 480, y]); if max(abs(r2 - g2), abs(g2 - b2)) > 12 { colourPixels += 1 }
            }
        }
        #expect(grayPixels > 400, "saturation 0 tile is gray: \(grayPixels)")
        #expect(colourPixels > 100, "saturation 1 tile has colour: \(colourPixels)")
    }

    @Test func windowUnderTheDummyDriverRendersSwatchesAndExitsCleanly() throws {
        let shot = ImageFixtures.path("dummy-window.png")
        let r = try Binary.run(["--scene", "swatches", "--bare", "--exit-after", "1.5", "--screenshot", shot, "--semantics"],
                               env: ["SDL_VIDEODRIVER": "dummy"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.stderr.isEmpty, "no warnings: \(r.stderr)")
        #expect(r.stdout.contains("header \"Swatches\""))
        checkSwatches(try PNGFile.read(shot))
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["DISPLAY"] != nil, "needs an X display (make test runs Xvfb)"))
    func windowUnderX11RendersSwatchesAndExitsCleanly() throws {
        let shot = ImageFixtures.path("x11-window.png")
        let r = try Binary.run(["--scene", "swatches", "--bare", "--exit-after", "1.5", "--screenshot", shot], env: ["SDL_VIDEODRIVER": "x11"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        checkSwatches(try PNGFile.read(shot))
    }

    /// The texture path (an SDL renderer; under Xvfb Mesa's llvmpipe, so only when asked for)
    /// shows the same frame as the surface, and bench says which path it measured.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["DISPLAY"] != nil, "needs an X display (make test runs Xvfb)"),
          arguments: ["texture", "surface", "auto"])
    func bothPresentPathsShowTheSameFrame(path: String) throws {
        let shot = ImageFixtures.path("present-\(path).png")
        let r = try Binary.run(["--scene", "swatches", "--bare", "--present", path, "--exit-after", "1.5", "--screenshot", shot],
                               env: ["SDL_VIDEODRIVER": "x11"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        checkSwatches(try PNGFile.read(shot))
        let bench = try Binary.run(["bench", "--scene", "cards", "--size", "320x200", "--frames", "5", "--window", "--present", path],
                                   env: ["SDL_VIDEODRIVER": "x11"])
        #expect(bench.status == 0, "\(bench.stderr)")
        // Under Xvfb there is no GPU: auto takes the surface.
        #expect(bench.stdout.contains("presented through     \(path == "texture" ? "texture on" : "surface")"), "\(bench.stdout)")
    }

    @Test func headlessRenderIsRepeatableAndMatchesTheWindow() throws {
        let a = ImageFixtures.path("render-a.png"), b = ImageFixtures.path("render-b.png")
        for out in [a, b] {
            let r = try Binary.run(["render", "--scene", "swatches", "--bare", "--size", "1280x800", "--out", out], env: ["SDL_VIDEODRIVER": "none-needed"])
            #expect(r.status == 0, "stderr: \(r.stderr)")
        }
        let pa = try PNGFile.read(a), pb = try PNGFile.read(b)
        checkSwatches(pa)
        var same = true
        for y in 0..<pa.height { for x in 0..<pa.width where pa[x, y] != pb[x, y] { same = false } }
        #expect(same, "the same inputs give the same pixels")
    }

    @Test func renderAtScaleTwoDoublesThePixels() throws {
        let out = ImageFixtures.path("render-2x.png")
        let r = try Binary.run(["render", "--scene", "swatches", "--bare", "--size", "640x400", "--scale", "2", "--out", out])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let p = try PNGFile.read(out)
        #expect(p.width == 1280 && p.height == 800)
    }

    @Test(arguments: [["--size", "0x0"], ["--scene", "nope"], ["render", "--scene", "swatches"], ["--frobnicate"], ["bench", "--frames", "x"]])
    func badFlagsExitTwoWithOneLine(args: [String]) throws {
        let r = try Binary.run(args, env: ["SDL_VIDEODRIVER": "dummy"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("lumen: "))
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
    }

    /// `bench --window` presents every frame in a real window and times it.
    @Test(arguments: ProcessInfo.processInfo.environment["DISPLAY"] != nil ? ["dummy", "x11"] : ["dummy"])
    func benchWindowTimesPresenting(driver: String) throws {
        let r = try Binary.run(["bench", "--scene", "cards", "--size", "320x200", "--frames", "5", "--json", "--window"],
                               env: ["SDL_VIDEODRIVER": driver])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let present = try BenchJSONTests.object(r.stdout)["present_ms"] as? [String: Any]
        #expect(present?["median"] as? Double != nil, "presenting is timed: \(r.stdout)")
        let text = try Binary.run(["bench", "--scene", "cards", "--size", "320x200", "--frames", "5", "--window"],
                                  env: ["SDL_VIDEODRIVER": driver])
        #expect(text.stdout.contains("  present "), "\(text.stdout)")
    }

    @Test func benchPrintsMediansAndP99s() throws {
        let r = try Binary.run(["bench", "--scene", "cards", "--size", "320x200", "--frames", "5", "--json"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let o = try BenchJSONTests.object(r.stdout)
        for key in ["render_ms", "layout_ms"] {
            let stat = o[key] as? [String: Any]
            #expect(stat?["median"] as? Double != nil && stat?["p99"] as? Double != nil, "\(key): \(r.stdout)")
        }
        #expect(o["peak_memory_bytes"] as? Int != nil)
    }
}
