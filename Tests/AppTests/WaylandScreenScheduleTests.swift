import Foundation
import LumenTestSupport
import Render
import Testing

/// The screen schedule on Wayland: Lumen asks the compositor to switch its outputs off (wlr
/// output power management). Sway 1.7 on wlroots' headless backend takes the request but
/// cannot switch its output (the commit fails) and says no mode changed: Lumen sees that and
/// shows black instead; a key (wtype's virtual keyboard) wakes it.
@Suite("The screen schedule under Wayland", .serialized,
       .enabled(if: WaylandRun.available || ProcessInfo.processInfo.environment["CI"] == "true",
                "needs cage, sway, grim and Xwayland (make test installs them)"))
struct WaylandScreenScheduleTests {
    @Test func swayIsAskedAndWhereItKeepsTheOutputOnTheWindowIsBlack() throws {
        let out = WaylandRun.folder("screen-off")
        let r = try WaylandRun.run(["--kiosk", "--scene", "hero", "--screen-off", try ScreenScheduleTests.rangeAroundNow(),
                                    "--wake-for", "30s", "--exit-after", "8"],
                                   compositor: "sway", out: out,
                                   runAt: [(1, "grim \(out)/off.png"), (1.5, "wtype -s 500 -P space -s 200 -p space"), (6, "grim \(out)/on.png")],
                                   clockFrom: "screen: off until", env: ["WAYLAND_DEBUG": "1"])
        let said = r.stderr.split(separator: "\n").filter { $0.contains("lumen: screen:") }.joined(separator: "\n")
        #expect(r.stderr.contains("zwlr_output_power_v1@") && r.stderr.contains(".set_mode(0)"), "the compositor was asked: \(said)")
        #expect(said.contains("the compositor took the request (wlr output power management) but kept the output's mode; it shows black instead"), "\(said)")
        #expect(said.contains("screen: on for 30 s (woken by a touch)"), "\(said)")
        let off = try PNGFile.read(out + "/off.png"), on = try PNGFile.read(out + "/on.png")
        #expect(ScreenScheduleTests.lit(off) == 0, "black while off")
        #expect(ScreenScheduleTests.lit(on) > on.width * on.height / 2, "the hero again once woken")
    }

    @Test func cageWithoutTheProtocolGetsABlackWindow() throws {
        let out = WaylandRun.folder("screen-off-cage")
        let r = try WaylandRun.run(["--kiosk", "--scene", "hero", "--screen-off", try ScreenScheduleTests.rangeAroundNow(), "--exit-after", "3"],
                                   out: out)
        let said = r.stderr.split(separator: "\n").filter { $0.contains("lumen: screen:") }.joined(separator: "\n")
        #expect(r.status == 0, "\(r.stderr.suffix(400))")
        #expect(said.contains("screen: cannot switch the display off: ") && said.contains("it shows black instead"), "\(said)")
    }
}
