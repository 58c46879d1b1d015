import Testing
@testable import Platform

/// Which display system SDL is asked to try, and who draws a Wayland window's frame.
@Suite struct VideoDriverTests {
    @Test func aWaylandSessionRunsNativelyThenFallsBackToX11() {
        #expect(VideoDriver.preference(environment: ["WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"]) == "wayland,x11")
        #expect(VideoHints.willTryWayland(environment: ["WAYLAND_DISPLAY": "wayland-0"]))
    }

    @Test func onlyX11IsLeftToSDLsOwnOrder() {
        #expect(VideoDriver.preference(environment: ["DISPLAY": ":0"]) == nil)
        #expect(VideoDriver.preference(environment: ["WAYLAND_DISPLAY": ""]) == nil)
        #expect(!VideoHints.willTryWayland(environment: ["DISPLAY": ":0"]))
    }

    @Test func sdlVideoDriverAlwaysWins() {
        #expect(VideoDriver.preference(environment: ["WAYLAND_DISPLAY": "wayland-0", "SDL_VIDEODRIVER": "x11"]) == nil)
        #expect(!VideoHints.willTryWayland(environment: ["WAYLAND_DISPLAY": "wayland-0", "SDL_VIDEODRIVER": "x11"]))
        #expect(VideoHints.willTryWayland(environment: ["SDL_VIDEODRIVER": "wayland"]))
    }

    /// libdecor only where the compositor does not offer to draw the frame (or cannot be asked).
    @Test func libdecorOnlyWithoutServerSideDecorations() {
        #expect(!VideoHints.allowsLibdecor(compositorDecorates: 1))
        #expect(VideoHints.allowsLibdecor(compositorDecorates: 0))
        #expect(VideoHints.allowsLibdecor(compositorDecorates: -1))
    }
}
