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

/// What Lumen says when SDL's video does not start, KMS above all.
@Suite struct NoVideoMessageTests {
    /// SDL names its drivers "x11", "wayland" and "KMSDRM": read as the KMS driver, with no
    /// window surface of its own (so Lumen draws through a texture there, with no probe window).
    @Test func sdlsOwnNamesForItsDrivers() {
        #expect(VideoDriver(name: "KMSDRM") == .kmsdrm)
        #expect(VideoDriver(name: "KMSDRM").hasWindowSurface == false)
        #expect(VideoDriver(name: "wayland") == .wayland && VideoDriver(name: "x11") == .x11)
        #expect(VideoDriver(name: "offscreen") == .other("offscreen"))
    }

    /// With no display server and no display device SDL goes on to a driver that shows
    /// nothing: not a place to run, unless asked for (the tests' dummy driver).
    @Test func aDriverThatShowsNothingIsNoDisplayUnlessAskedFor() {
        #expect(VideoDriver.showsNothing("offscreen", environment: [:]))
        #expect(VideoDriver.showsNothing("dummy", environment: ["SDL_VIDEODRIVER": ""]))
        #expect(!VideoDriver.showsNothing("offscreen", environment: ["SDL_VIDEODRIVER": "offscreen"]))
        #expect(!VideoDriver.showsNothing("KMSDRM", environment: [:]) && !VideoDriver.showsNothing("x11", environment: [:]))
        let m = VideoDriver.whyNoVideo(sdl: "SDL found no display, only its offscreen driver, which shows nothing", environment: [:], drmCards: [])
        #expect(m.contains("which shows nothing (no display server and no DRM display device in /dev/dri"))
    }

    @Test func kmsWithoutADisplayDeviceSaysWhatIsMissing() {
        let m = VideoDriver.whyNoVideo(sdl: "kmsdrm not available", environment: ["SDL_VIDEODRIVER": "kmsdrm"], drmCards: [])
        #expect(m.hasPrefix("kmsdrm not available (no display server and no DRM display device in /dev/dri"))
        // Neither display server: SDL's last resort is KMS; the same words.
        #expect(VideoDriver.whyNoVideo(sdl: "No available video device", environment: [:], drmCards: []).contains("KMS needs a GPU"))
    }

    @Test func kmsWithADeviceItCannotOpenSaysWhy() {
        let m = VideoDriver.whyNoVideo(sdl: "kmsdrm not available", environment: ["SDL_VIDEODRIVER": "kmsdrm"], drmCards: ["card0"])
        #expect(m.contains("/dev/dri/card0 found") && m.contains("video group"))
    }

    @Test func x11AndWaylandKeepSDLsWords() {
        #expect(VideoDriver.whyNoVideo(sdl: "x11 not available", environment: ["DISPLAY": ":5"], drmCards: []) == "x11 not available")
        #expect(VideoDriver.whyNoVideo(sdl: "x", environment: ["SDL_VIDEODRIVER": "wayland"], drmCards: []) == "x")
    }
}

/// Where a GL window redraws only what changed (see GLWindowPresenter.partialRedraw).
@Suite struct PartialRedrawChoiceTests {
    @Test func whereverTheAgeIsToldUnlessTurnedOff() {
        #expect(GLWindowPresenter.partialRedraw(source: 1, allowed: true) == "EGL")
        #expect(GLWindowPresenter.partialRedraw(source: 2, allowed: true) == "GLX")
        #expect(GLWindowPresenter.partialRedraw(source: 2, allowed: true) == "GLX")
        #expect(GLWindowPresenter.partialRedraw(source: 1, allowed: false) == nil)
        #expect(GLWindowPresenter.partialRedraw(source: 2, allowed: false) == nil)
        #expect(GLWindowPresenter.partialRedraw(source: 0, allowed: true) == nil)
    }
}

/// A Wayland compositor without an input seat (weston headless) crashes SDL 2.26 in `SDL_Init`:
/// X11 instead where Wayland was only the session's default, else one line.
@Suite struct SeatlessWaylandTests {
    @Test func aSeatOrNoClipboardIsFine() {
        #expect(VideoHints.seatless(environment: ["WAYLAND_DISPLAY": "w"], hasSeat: 1, hasDataDevice: 1) == .fine)
        #expect(VideoHints.seatless(environment: ["WAYLAND_DISPLAY": "w"], hasSeat: 0, hasDataDevice: 0) == .fine)
        #expect(VideoHints.seatless(environment: ["WAYLAND_DISPLAY": "w"], hasSeat: -1, hasDataDevice: 1) == .fine)
    }

    @Test func withoutASeatX11WhereThereIsOneElseOneLine() {
        #expect(VideoHints.seatless(environment: ["WAYLAND_DISPLAY": "w", "DISPLAY": ":1"], hasSeat: 0, hasDataDevice: 1) == .useX11)
        guard case .refuse(let why) = VideoHints.seatless(environment: ["WAYLAND_DISPLAY": "w"], hasSeat: 0, hasDataDevice: 1) else {
            Issue.record("no refusal"); return
        }
        #expect(why.contains("no input seat") && why.contains("X11"))
        // Wayland asked for by name: no X11 behind the user's back.
        guard case .refuse = VideoHints.seatless(environment: ["SDL_VIDEODRIVER": "wayland", "DISPLAY": ":1"], hasSeat: 0, hasDataDevice: 1) else {
            Issue.record("no refusal"); return
        }
    }
}
