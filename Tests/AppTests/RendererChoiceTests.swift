import Foundation
import Geometry
import Imaging
import LumenTestSupport
import Render
@testable import RenderGL
import Testing

/// `--renderer`: nothing of GL is linked, nothing of it is loaded when Cairo draws, a GL
/// failure at start says so and draws with Cairo, and a GL window (Mesa under Xvfb here) shows
/// the frame Cairo renders.
extension RealWindowTests {
    @Suite("Choosing the renderer", .serialized)
    struct RendererChoiceTests {
        static let glLibraries = ["libEGL", "libGLESv2", "libGLX", "libGL.so", "libOpenGL"]

        @Test func theBinaryLinksNoGL() throws {
            let r = try Command.run("/usr/bin/ldd", [Binary.url.path])
            for lib in Self.glLibraries { #expect(!r.stdout.contains(lib), "\(lib) is linked: \(r.stdout.prefix(300))") }
        }

        /// The dynamic loader's own log of every library opened (LD_DEBUG=libs, into a file:
        /// LD_DEBUG_OUTPUT, as the log is far larger than a pipe holds).
        static func loaded(_ args: [String], env: [String: String] = [:]) throws -> (Binary.Run, [String]) {
            let log = ImageFixtures.path("ld-debug-\(args.first ?? "window")")
            let folder = URL(fileURLWithPath: log).deletingLastPathComponent()
            for f in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where f.hasPrefix(URL(fileURLWithPath: log).lastPathComponent) {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(f))
            }
            var env = env
            env["LD_DEBUG"] = "libs"
            env["LD_DEBUG_OUTPUT"] = log
            let r = try Binary.run(args, env: env, timeout: 90)
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasPrefix(URL(fileURLWithPath: log).lastPathComponent) }
            let text = files.compactMap { try? String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }.joined(separator: "\n")
            let opened = text.split(separator: "\n").filter { $0.contains("calling init:") }.map(String.init)
            return (r, opened)
        }

        @Test(arguments: [["render", "--out", ImageFixtures.path("choice-cairo.png")], ["--exit-after", "1"]])
        func cairoLoadsNothingOfGL(_ command: [String]) throws {
            let (r, opened) = try Self.loaded(command + ["--renderer", "cairo", "--scene", "cards", "--size", "480x320"])
            #expect(r.status == 0)
            #expect(opened.count > 5, "the loader's log: \(r.stderr.prefix(300))")
            let gl = opened.filter { line in Self.glLibraries.contains { line.contains($0) } }
            #expect(gl.isEmpty, "loaded: \(gl)")
        }

        @Test func autoWithoutAGPULoadsNothingOfGL() throws {
            let dri = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []
            // Where there is a GPU device `auto` rightly tries it; CI has none.
            guard !dri.contains(where: { $0.hasPrefix("renderD") }) else { return }
            let (r, opened) = try Self.loaded(["render", "--scene", "cards", "--size", "480x320", "--out", ImageFixtures.path("choice-auto.png")])
            #expect(r.status == 0)
            #expect(!opened.contains { line in Self.glLibraries.contains { line.contains($0) } })
        }

        @Test func aGLFailureDrawsWithCairoAndSaysSo() throws {
            let gl = ImageFixtures.path("choice-failed-gl.png"), cairo = ImageFixtures.path("choice-failed-cairo.png")
            let args = ["render", "--scene", "swatches", "--size", "480x320", "--time", "1"]
            let failed = try Binary.run(args + ["--renderer", "gl", "--out", gl], env: ["LUMEN_EGL_LIBRARY": "/nonexistent/libEGL.so.1"])
            #expect(failed.status == 0)
            #expect(failed.stderr.contains("--renderer gl: cannot load /nonexistent/libEGL.so.1"), "stderr: \(failed.stderr)")
            #expect(failed.stderr.contains("drawing with Cairo"))
            #expect(try Binary.run(args + ["--renderer", "cairo", "--out", cairo]).status == 0)
            #expect(try Data(contentsOf: URL(fileURLWithPath: gl)) == Data(contentsOf: URL(fileURLWithPath: cairo)))
        }

        @Test func aWindowWhoseGLFailsOpensWithCairo() throws {
            let shot = ImageFixtures.path("choice-window-fallback.png")
            let r = try Binary.run(["--renderer", "gl", "--scene", "cards", "--size", "480x320", "--exit-after", "1.5", "--screenshot", shot,
                                    "--trace", ImageFixtures.path("choice-window-fallback.csv")],
                                   env: ["SDL_OPENGL_LIBRARY": "/nonexistent/libGL.so.1", "SDL_VIDEO_GL_DRIVER": "/nonexistent/libGL.so.1"])
            #expect(r.status == 0, "stderr: \(r.stderr)")
            #expect(r.stderr.contains("--renderer gl:") && r.stderr.contains("drawing with Cairo"), "stderr: \(r.stderr)")
            let trace = try String(contentsOfFile: ImageFixtures.path("choice-window-fallback.csv"), encoding: .utf8)
            #expect(trace.split(separator: "\n").dropFirst().allSatisfy { $0.hasSuffix("cairo; 2 threads") || $0.contains(",cairo;") })
        }

        /// A GL context lost mid-run (`LUMEN_GL_LOSE_AFTER`: the first frame drawn 2 s or more
        /// after the first, here the scroll's at 5 s, finds it lost, as after a GPU reset): the
        /// renderer and the context go, a new context and a GPU renderer draw on, said once; a
        /// photo tapped before stays revealed, the scroll goes on, every frame is the GPU's, and
        /// the last one is the frame of a run that lost nothing.
        @Test func aLostContextIsMadeAgainAndTheWindowDrawsOnTheGPU() throws {
            let script = ImageFixtures.write(Array("""
                at 300 finger-down 1 320 250
                at 360 finger-up 1 320 250
                at 5000 mouse-move 320 200
                at 5000 wheel 0 -3
                """.utf8), "lost-context-taps.txt")
            let server = try XServer()
            func run(_ name: String, losing: Bool) throws -> (r: (status: Int32, stdout: String, stderr: String), trace: [String], shot: String) {
                let shot = ImageFixtures.path("lost-\(name).png"), csv = ImageFixtures.path("lost-\(name).csv")
                var env = server.environment
                env["LUMEN_ASSETS"] = TestAssets.path
                if losing { env["LUMEN_GL_LOSE_AFTER"] = "2" }
                let r = try ProgramOutput.capture(Binary.url.path, ["--scene", "gallery", "--size", "640x400", "--script", script, "--renderer", "gl",
                                                                    "--exit-after", "12", "--semantics", "--screenshot", shot, "--trace", csv],
                                                  environment: env, timeout: 120)
                return (r, try TraceFile(path: csv).column("renderer").map(String.init), shot)
            }
            let lost = try run("lost", losing: true), whole = try run("whole", losing: false)
            #expect(lost.r.status == 0, "\(lost.r.stderr)")
            let said = lost.r.stderr.split(separator: "\n").filter { $0.contains("GL context") }
            #expect(said.count == 1 && said[0].contains("the GPU was reset (LUMEN_GL_LOSE_AFTER)")
                    && said[0].contains("its GL context is lost; drawing on a new GL context (1 of 3 in this run)"), "\(lost.r.stderr)")
            #expect(!lost.r.stderr.contains("drawing with Cairo"), "\(lost.r.stderr)")
            #expect(lost.trace.count > 10 && lost.trace.allSatisfy { $0.hasPrefix("gl: ") }, "\(lost.trace)")
            #expect(lost.r.stdout.contains("button \"Forest\" value=\"In full color\""), "\(lost.r.stdout.prefix(400))")
            #expect(lost.r.stdout == whole.r.stdout, "the same state as a run that lost nothing")
            let a = try PNGFile.read(lost.shot), b = try PNGFile.read(whole.shot)
            let d = PixelComparison.difference(a, b)
            #expect(d.mean < 0.5 && d.outliers < 0.001, "the last frame against a run that lost nothing: mean \(d.mean), share over 24 \(d.outliers)")
        }

        /// A fault mid-run, each made real by a test hook in frame 3: a GL error
        /// (`LUMEN_GL_FAIL_AT`: an invalid enum), or a swap SDL refuses (`LUMEN_GL_SWAP_FAIL_AT`:
        /// the context let go first). The window goes on with Cairo, says so once, keeps the
        /// scene's state (a photo tapped before stays revealed), and its frames are Cairo's, on
        /// the X server too.
        @Test(arguments: [("LUMEN_GL_FAIL_AT", "GL error 0x500 (invalid enum) in frame 3; drawing with Cairo"),
                          ("LUMEN_GL_SWAP_FAIL_AT", "the frame could not be swapped to the screen (")])
        func aFaultMidRunSwitchesTheWindowToCairo(_ hook: String, _ reason: String) throws {
            let shot = ImageFixtures.path("fault-shot-\(hook).png"), screen = ImageFixtures.path("fault-screen-\(hook).png")
            let reference = ImageFixtures.path("fault-cairo.png"), csv = ImageFixtures.path("fault-\(hook).csv")
            let script = ImageFixtures.write(Array("at 300 finger-down 1 320 250\nat 360 finger-up 1 320 250".utf8), "fault-tap.txt")
            let args = ["--scene", "gallery", "--size", "640x400", "--script", script]
            let server = try XServer()
            let p = Process()
            p.executableURL = Binary.url
            p.arguments = args + ["--renderer", "gl", "--exit-after", "14", "--semantics", "--screenshot", shot, "--trace", csv]
            var environment = ProcessInfo.processInfo.environment
            environment["LUMEN_ASSETS"] = TestAssets.path
            environment[hook] = "3"
            environment["DISPLAY"] = server.display
            p.environment = environment
            let out = try TemporaryOutput(), err = try TemporaryOutput()
            p.standardOutput = out.handle
            p.standardError = err.handle
            try p.run()
            // The window on the X server once Cairo draws (llvmpipe's first GL frames are slow).
            var seen = false
            for _ in 0..<16 where !seen {
                Thread.sleep(forTimeInterval: 0.75)
                let rows = (try? String(contentsOfFile: csv, encoding: .utf8)) ?? ""
                guard rows.contains(",cairo;") else { continue }
                Thread.sleep(forTimeInterval: 1.5)   // the reveal's animation rests
                seen = try Command.run("/usr/bin/python3", [TestAssets.repository.appendingPathComponent("scripts/x-screenshot.py").path,
                                                            screen, "Lumen", "640x400"], env: server.environment).status == 0
            }
            ProcessDeadline.end(p, within: 60)
            let stdout = out.text(), stderr = err.text()
            #expect(p.terminationStatus == 0, "\(stderr)")
            let said = stderr.split(separator: "\n").filter { $0.contains("the GPU renderer stopped") }
            #expect(said.count == 1 && said[0].contains(reason), "\(stderr)")
            let rows = try TraceFile(path: csv).column("renderer")
            #expect(rows.count > 3 && rows.prefix(3).allSatisfy { $0.hasPrefix("gl: ") } && rows.dropFirst(3).allSatisfy { $0.hasPrefix("cairo;") },
                    "\(rows)")
            #expect(stdout.contains("button \"Forest\" value=\"In full color\""), "the tap before the failure still holds: \(stdout.prefix(300))")
            // What the window shows and saves is Cairo's frame of the same moment.
            #expect(try Binary.run(["render"] + args + ["--renderer", "cairo", "--time", "14", "--out", reference]).status == 0)
            let want = try PNGFile.read(reference)
            for path in [shot] + (seen ? [screen] : []) {
                guard case .success(let got) = ImageDecoder.decode(path: path), got.width == want.width, got.height == want.height else {
                    Issue.record("\(path): not the window's size"); continue
                }
                let d = PixelComparison.difference(got, want)
                #expect(d.mean < 0.5 && d.outliers < 0.001, "\(path) against Cairo: mean \(d.mean), share over 24 \(d.outliers)")
            }
            #expect(seen, "the window was on the X server")
        }

        /// The GL window's first frame waits only for the shader variants it draws with; the
        /// rest of the start-up list is compiled once it is shown, in slices between the
        /// window's frames and events and while it is still (`--trace`'s `variants`: the
        /// first frame's few, then rising to the whole list by the frames of a later scroll),
        /// and none after (`compiled`, empty). (Under load llvmpipe gave 2 frames in 3 s and
        /// compiled 32 of the 40 in 9 s, so the scroll comes late.)
        @Test func theFirstGLFrameWaitsOnlyForItsOwnVariants() throws {
            let path = ImageFixtures.path("choice-gl-variants.csv"), script = ImageFixtures.path("choice-gl-variants.txt")
            try "at 20000 wheel 0 -2\nat 20600 wheel 0 -2\nat 22000 quit\n".write(toFile: script, atomically: true, encoding: .utf8)
            let r = try Binary.run(["--renderer", "gl", "--scene", "gallery", "--size", "480x320", "--exit-after", "50",
                                    "--script", script, "--trace", path])
            #expect(r.status == 0, "\(r.stderr)")
            let trace = try TraceFile(path: path)
            let counts = trace.column("variants").compactMap { Int($0) }
            let first = counts.first ?? 0, whole = PaintProgramWarmUp.names.count
            #expect(counts.count >= 2 && first >= 1 && first < whole - 10 && counts.last == whole
                    && zip(counts, counts.dropFirst()).allSatisfy { $0 <= $1 },
                    "variants compiled at each frame (the list has \(whole)): \(counts)")
            #expect(trace.column("compiled").allSatisfy { $0.isEmpty }, "\(trace.column("compiled"))")
        }

        /// What a person sees: the GL window's pixels on the X server, against Cairo's render.
        @Test func aGLWindowShowsCairosFrame() throws {
            let screen = ImageFixtures.path("choice-gl-screen.png"), reference = ImageFixtures.path("choice-gl-cairo.png")
            let server = try XServer()
            let p = Process()
            p.executableURL = Binary.url
            p.arguments = ["--renderer", "gl", "--scene", "swatches", "--size", "480x320", "--bare", "--exit-after", "30",
                           "--trace", ImageFixtures.path("choice-gl.csv")]
            var environment = ProcessInfo.processInfo.environment
            environment["LUMEN_ASSETS"] = TestAssets.path
            environment["DISPLAY"] = server.display
            p.environment = environment
            try p.run()
            defer { ProcessDeadline.stop(p) }
            // Mesa's llvmpipe makes the first frames slowly (more slowly still while other tests
            // run): wait for the still frame, looking again while the window is not there yet or
            // still black.
            Thread.sleep(forTimeInterval: 5)
            var grabbed = false
            for _ in 0..<14 where !grabbed {
                let grab = try Command.run("/usr/bin/python3", [TestAssets.repository.appendingPathComponent("scripts/x-screenshot.py").path, screen, "Lumen", "480x320"], env: server.environment)
                if grab.status == 0, case .success(let shot) = ImageDecoder.decode(path: screen),
                   PixelComparison.meanColor(shot, Rect(x: 0, y: 0, width: Double(shot.width), height: Double(shot.height))).red > 0.02 {
                    grabbed = true
                } else {
                    Thread.sleep(forTimeInterval: 1.5)
                }
            }
            #expect(grabbed, "the GL window showed a frame")
            let trace = try String(contentsOfFile: ImageFixtures.path("choice-gl.csv"), encoding: .utf8)
            #expect(trace.contains(",gl: "), "the window draws with GL: \(trace.prefix(400))")
            #expect(try Binary.run(["render", "--renderer", "cairo", "--scene", "swatches", "--size", "480x320", "--bare", "--time", "5",
                                    "--out", reference]).status == 0)
            guard case .success(let seen) = ImageDecoder.decode(path: screen), case .success(let want) = ImageDecoder.decode(path: reference) else {
                Issue.record("cannot read the screenshots"); return
            }
            #expect(seen.width == want.width && seen.height == want.height)
            guard seen.width == want.width && seen.height == want.height else { return }
            let d = PixelComparison.difference(seen, want)
            #expect(d.mean < 0.5 && d.outliers < 0.001, "the window against Cairo: mean \(d.mean), share over 24 \(d.outliers)")
        }
    }
}

/// A helper program run to its end.
enum Command {
    static func run(_ path: String, _ args: [String], env: [String: String] = [:]) throws -> Binary.Run {
        let r = try ProgramOutput.capture(path, args, environment: env)
        return Binary.Run(status: r.status, stdout: r.stdout, stderr: r.stderr)
    }
}
