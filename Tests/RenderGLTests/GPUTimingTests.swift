import Geometry
import Render
import Testing
import RenderGL

/// `bench` times each GL frame on the GPU alone with `EXT_disjoint_timer_query` (Mesa's
/// llvmpipe has it, as NVIDIA's driver does): a frame timed gives a positive figure, a frame
/// that draws more takes longer, and without `timesGPU` there is none.
@Suite(.serialized) struct GPUTimingTests {
    static func rects(_ n: Int) -> DisplayList {
        var list = DisplayList()
        for i in 0..<n { list.fill(.roundedRect(Rect(x: Double(i % 7), y: Double(i % 5), width: 500, height: 400), radius: 40, style: .continuous), Color.blue.opacity(0.3)) }
        return list
    }

    @Test func aTimedFrameHasItsGPUTime() throws {
        try GLTestContext.with { info in
            let gl = try GLRenderer(info: info)
            #expect(gl.canTimeGPU, "the context has EXT_disjoint_timer_query")
            _ = gl.render(Self.rects(1), width: 512, height: 512, scale: 1, background: .white)
            #expect(gl.lastGPUMilliseconds == nil, "not timed unless asked")
            gl.timesGPU = true
            gl.finishesFrames = true
            var one: [Double] = [], many: [Double] = []
            for _ in 0..<5 {
                _ = gl.render(Self.rects(1), width: 512, height: 512, scale: 1, background: .white)
                one.append(try #require(gl.lastGPUMilliseconds))
                _ = gl.render(Self.rects(60), width: 512, height: 512, scale: 1, background: .white)
                many.append(try #require(gl.lastGPUMilliseconds))
            }
            #expect(one.allSatisfy { $0 > 0 })
            #expect(many.sorted()[2] > one.sorted()[2], "sixty translucent boxes take longer than one: \(many) against \(one)")
        }
    }
}
