import Foundation
import LumenTestSupport
import Testing
import Platform

/// An X server resets when its last client leaves (Xvfb and Xorg without -noreset), and a
/// reset takes the root window's properties with it: a property set by one client and read
/// by the next tells whether the server reset in between.
@Suite("Holding the X server across a window opened again",
       .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb") && FileManager.default.isExecutableFile(atPath: "/usr/bin/xprop"),
                "needs Xvfb and xprop (make test)"))
struct DisplayServerHoldTests {
    @Test func aHeldServerDoesNotResetBetweenClients() throws {
        let server = try XServer(width: 64, height: 64)
        defer { server.stop() }
        // Held from the start (no client came and went yet): the property stays between clients.
        var hold: DisplayServerHold? = DisplayServerHold(environment: ["DISPLAY": server.display])
        #expect(hold?.holds == true)
        try server.xprop(["-root", "-f", "LUMEN_HOLD", "8s", "-set", "LUMEN_HOLD", "kept"])
        #expect(try server.xprop(["-root", "LUMEN_HOLD"]).contains("\"kept\""))
        // Let go: the server resets once xprop leaves, and the property goes.
        hold = nil
        try server.xprop(["-root", "-f", "LUMEN_HOLD", "8s", "-set", "LUMEN_HOLD", "kept"])
        #expect(!(try server.xprop(["-root", "LUMEN_HOLD"]).contains("\"kept\"")))
    }

    @Test func onlyWhereSDLStartsOnX11() {
        #expect(VideoDriver.startsOnX11(environment: ["DISPLAY": ":0"]))
        #expect(VideoDriver.startsOnX11(environment: ["DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0", "SDL_VIDEODRIVER": "x11"]))
        #expect(!VideoDriver.startsOnX11(environment: ["DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0"]))
        #expect(!VideoDriver.startsOnX11(environment: ["DISPLAY": ":0", "SDL_VIDEODRIVER": "kmsdrm"]))
        #expect(!VideoDriver.startsOnX11(environment: [:]))
        #expect(!DisplayServerHold(environment: ["WAYLAND_DISPLAY": "wayland-0"]).holds)
        // No server there: nothing held, nothing said (SDL says why when it starts).
        #expect(!DisplayServerHold(environment: ["DISPLAY": ":987"]).holds)
    }
}

extension XServer {
    /// xprop's output; tried again while it cannot connect (the server resetting as the
    /// client before left).
    @discardableResult
    func xprop(_ arguments: [String]) throws -> String {
        for _ in 0..<50 {
            let (status, text) = try ProgramOutput.run("/usr/bin/xprop", ["-display", display] + arguments)
            if status == 0 { return text }
            usleep(100_000)
        }
        throw CocoaError(.executableLoad)
    }
}
