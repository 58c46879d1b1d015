import CGLES
import Geometry
import Render
import Testing
@testable import RenderGL

/// A GPU reset must end the GPU renderer before it draws into a lost context. The headless
/// context asks to be told (EGL_EXT_create_context_robustness: Mesa's llvmpipe offers it, as
/// NVIDIA's driver does); a reset itself cannot be made to happen here, so this holds the part
/// that can: the context is told, and while no reset happens nothing is said.
@Suite(.serialized) struct ResetNotificationTests {
    @Test func theHeadlessContextIsToldOfResetsAndNoneHappened() throws {
        try GLTestContext.with { info in
            let gl = try GLRenderer(info: info)
            #expect(gl.notifiesReset, "the context was made to lose itself on a reset (\(info))")
            var list = DisplayList()
            list.fill(.roundedRect(Rect(x: 10, y: 10, width: 100, height: 60), radius: 12, style: .continuous), .blue)
            for _ in 0..<3 { _ = gl.render(list, width: 128, height: 96, scale: 1, background: .white) }
            #expect(gl.failure == nil)
            #expect(lumen_gl_reset_status() == 0)
        }
    }

    @Test func resetsAreNamedAsGLNamesThem() {
        #expect(GLRenderer.describeReset(0x8253) == "a reset this context caused")
        #expect(GLRenderer.describeReset(0x8254) == "a reset another context caused")
        #expect(GLRenderer.describeReset(0x8255) == "a reset of unknown cause")
        #expect(GLRenderer.describe(0x0507) == "GL error 0x507 (context lost)")
    }
}
