import CGLES
import Geometry
import Render
import Testing
@testable import RenderGL

/// Partial redraw in a window: the renderer copies into the window's back buffer only the
/// frame's damage and what the buffer lacks (`stale`), and leaves the rest of it as it was.
/// A framebuffer of the test's stands in for the window's (row 0 at the bottom, as a window's).
@Suite(.serialized) struct WindowCopyTests {
    static let w = 64, h = 48
    static let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)

    /// The window's pixel at (x, y) from the top, as 0xAARRGGBB.
    static func pixel(_ fb: GLFramebuffer, _ x: Int, _ y: Int) -> UInt32 {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fb.id)
        var rgba: [UInt8] = [0, 0, 0, 0]
        glReadPixels(GLint(x), GLint(h - 1 - y), 1, 1, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &rgba)
        return UInt32(rgba[3]) << 24 | UInt32(rgba[0]) << 16 | UInt32(rgba[1]) << 8 | UInt32(rgba[2])
    }

    /// Paints the window's buffer magenta: contents no frame put there.
    static func spoil(_ fb: GLFramebuffer) {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fb.id)
        glDisable(GLenum(GL_SCISSOR_TEST))
        glClearColor(1, 0, 1, 1)
        glClear(GLenum(GL_COLOR_BUFFER_BIT))
    }

    static func window(stale: Rect?) -> RenderTarget {
        RenderTarget(storage: .window(rotation: .none, windowWidth: w, windowHeight: h, stale: stale), width: w, height: h)
    }

    @Test func aSmallDamageLeavesTheRestOfTheBufferAsItWas() throws {
        try GLTestContext.with { info in
            let gl = try GLRenderer(info: info)
            let fb = GLFramebuffer(width: Self.w, height: Self.h)
            gl.windowFramebuffer = fb.id
            var first = DisplayList()
            first.fill(.rect(Rect(x: 4, y: 4, width: 10, height: 10)), Self.red)
            gl.render(first, into: Self.window(stale: nil), scale: 1, damage: nil, background: .white)
            #expect(Self.pixel(fb, 8, 8) == 0xFFFF_0000 && Self.pixel(fb, 40, 40) == 0xFFFF_FFFF, "the first frame whole")

            // A back buffer that holds the last frame (age 1): only the damage is copied.
            Self.spoil(fb)
            var second = first
            second.fill(.rect(Rect(x: 40, y: 30, width: 8, height: 8)), Self.blue)
            let damage = Rect(x: 40, y: 30, width: 8, height: 8)
            gl.render(second, into: Self.window(stale: .zero), scale: 1, damage: damage, background: .white)
            #expect(gl.lastWindowCopy == damage)
            #expect(Self.pixel(fb, 43, 33) == 0xFF00_00FF, "the damage drawn")
            #expect(Self.pixel(fb, 8, 8) == 0xFFFF_00FF && Self.pixel(fb, 20, 20) == 0xFFFF_00FF && Self.pixel(fb, 49, 33) == 0xFFFF_00FF,
                    "nothing outside it touched")

            // An older buffer (age 2) also lacks what the last frame changed: that is copied too.
            Self.spoil(fb)
            gl.render(second, into: Self.window(stale: Rect(x: 0, y: 0, width: 16, height: 16)), scale: 1,
                      damage: Rect(x: 60, y: 0, width: 4, height: 4), background: .white)
            #expect(gl.lastWindowCopy == Rect(x: 0, y: 0, width: 64, height: 16))
            #expect(Self.pixel(fb, 8, 8) == 0xFFFF_0000 && Self.pixel(fb, 62, 2) == 0xFFFF_FFFF, "both copied")
            #expect(Self.pixel(fb, 43, 33) == 0xFFFF_00FF, "and not the rest")

            // Unknown age: the whole frame.
            Self.spoil(fb)
            gl.render(second, into: Self.window(stale: nil), scale: 1, damage: damage, background: .white)
            #expect(Self.pixel(fb, 8, 8) == 0xFFFF_0000 && Self.pixel(fb, 43, 33) == 0xFF00_00FF && Self.pixel(fb, 30, 20) == 0xFFFF_FFFF)
        }
    }

    /// On a turned window the copied region is turned with the frame.
    @Test func theCopiedRegionTurnsWithTheFrame() throws {
        try GLTestContext.with { info in
            let gl = try GLRenderer(info: info)
            // A quarter turn: a 48 × 64 frame (logical) on the 64 × 48 window.
            let fb = GLFramebuffer(width: Self.w, height: Self.h)
            gl.windowFramebuffer = fb.id
            var list = DisplayList()
            list.fill(.rect(Rect(x: 0, y: 0, width: 8, height: 8)), Self.red)
            let target = { (stale: Rect?) in
                RenderTarget(storage: .window(rotation: .quarter, windowWidth: Self.w, windowHeight: Self.h, stale: stale), width: Self.h, height: Self.w)
            }
            gl.render(list, into: target(nil), scale: 1, damage: nil, background: .white)
            Self.spoil(fb)
            gl.render(list, into: target(.zero), scale: 1, damage: Rect(x: 0, y: 0, width: 8, height: 8), background: .white)
            // The frame's top-left corner is the window's top-right under a quarter turn.
            let turned = DisplayRotation.quarter.toWindow(Point(4, 4), window: Size(width: Double(Self.w), height: Double(Self.h)))
            #expect(Self.pixel(fb, Int(turned.x), Int(turned.y)) == 0xFFFF_0000, "the damage, turned")
            #expect(Self.pixel(fb, 4, 4) == 0xFFFF_00FF, "not unturned")
        }
    }
}
