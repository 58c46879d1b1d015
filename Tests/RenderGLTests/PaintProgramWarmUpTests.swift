import CGLES
import Geometry
import Render
import Testing
@testable import RenderGL

/// The paint program's variants compiled at the start (`PaintProgramWarmUp`): their names read
/// back as written, the renderer compiles each at the start and any other only when a quad
/// first needs it, and says which. (That every scene draws with listed variants only is checked
/// where every scene is drawn: `OracleTests`.)
@Suite(.serialized) struct PaintProgramWarmUpTests {
    @Test func everyNameReadsBackAsWritten() {
        for name in PaintProgramWarmUp.names {
            #expect(PaintVariant(name)?.description == name, "\(name)")
        }
        #expect(Set(PaintProgramWarmUp.names).count == PaintProgramWarmUp.names.count, "a variant listed twice")
    }

    @Test(arguments: ["colour [box, box, box, box, box]", "colour [box", "colour [circle]", "shadow", "", "image [box,, corners]"])
    func aNameOfNoVariantIsRefused(name: String) {
        #expect(PaintVariant(name) == nil)
    }

    @Test func coversAreKeyedSlotBySlot() {
        #expect(PaintVariant("mask [full, corners]")!.covers == [0, 3, 0, 0])
        #expect(PaintVariant("mask [full, corners]")!.key == ((3 * 8 + 0) * 8 + 3) * 8 * 8)
        #expect(PaintVariant("colour [corners, box]") != PaintVariant("colour [box, corners]"))
        #expect(PaintVariant(paint: 2, covers: [1, 3, 0, 0]).description == "image [box, corners]")
    }

    @Test func theListIsCompiledAfterTheFirstFrameInSlicesAndALaterNeedIsNamed() throws {
        try GLTestContext.with { info in
            let r = try GLRenderer(info: info)
            #expect(r.paintPrograms.all.count == 1, "the start compiles one variant: the driver can")
            // One of the list needed before the rest are compiled: compiled then, not late.
            let listed = PaintProgramWarmUp.variants[5]
            _ = try r.paintPrograms.program(paint: listed.paint, covers: listed.covers.map(Self.cover))
            #expect(r.paintPrograms.all.count == 2 && r.variantsCompiledLate == 0)
            // A slice with no time to spare compiles one (a window's pass between its frames).
            r.compileListedVariants(within: 0)
            #expect(r.paintPrograms.all.count == 3 && r.hasListedVariantsLeft)
            r.compileListedVariants(within: 0)
            #expect(r.paintPrograms.all.count == 4)
            r.compileListedVariants()
            #expect(r.paintPrograms.all.count == PaintProgramWarmUp.names.count && !r.hasListedVariantsLeft)
            #expect(r.variantsCompiledLate == 0 && r.failure == nil)
            // A quad under four clips of the atlas's kind is no scene's: compiled when drawn.
            let v = PaintVariant("gradient [atlas, atlas, atlas, atlas]")!
            #expect(!PaintProgramWarmUp.names.contains(v.description))
            _ = try r.paintPrograms.program(paint: v.paint, covers: Array(repeating: Cover.atlas(page: 0, offsetX: 0, offsetY: 0, bounds: .zero), count: 4))
            #expect(r.variantsCompiledLate == 1)
            #expect(r.namesOfVariantsCompiledLate(from: 0) == [v.description])
            #expect(r.namesOfVariantsCompiledLate(from: 1).isEmpty)
        }
    }

    /// Where the driver compiles on threads of its own (llvmpipe offers the extension, though
    /// it compiles as it is asked), the list is handed over and taken in as the driver finishes;
    /// a quad needing one still with the driver takes it in then, not compiled a second time.
    @Test func theListIsHandedToADriverThatCompilesOnItsOwnThreads() throws {
        try GLTestContext.with { info in
            try #require(GLProgramBuild.driverTellsCompletion(info), "Mesa's GL offers KHR_parallel_shader_compile")
            // The limit reaches the driver (NVIDIA's compiles on the calling thread until told).
            var threads: GLint = 0
            #expect(lumen_gl_set_compiler_threads(3) == 1)
            glGetIntegerv(GLenum(0x91B0), &threads)   // MAX_SHADER_COMPILER_THREADS_KHR
            #expect(threads == 3)
            #expect(GLProgramBuild.allowDriverThreads(info))
            glGetIntegerv(GLenum(0x91B0), &threads)
            #expect(UInt32(bitPattern: threads) == .max, "as many as the driver likes")
            let p = try PaintPrograms(driverTellsCompletion: true)
            #expect(try p.handOver(within: 0) && p.handedOver == 1 && p.all.count == 1)
            #expect(try p.handOver() && p.handedOver == PaintProgramWarmUp.names.count - 1 && p.isWaitingOnDriver)
            #expect(try !p.handOver(), "nothing left to hand over")
            let listed = PaintProgramWarmUp.variants[7]
            _ = try p.program(paint: listed.paint, covers: listed.covers.map(Self.cover))
            #expect(p.handedOver == PaintProgramWarmUp.names.count - 2 && p.all.count == 2 && p.compiledLate.isEmpty)
            #expect(try p.compileListed(within: 0), "the slice takes in what the driver finished")
            #expect(p.handedOver == 0 && p.all.count == PaintProgramWarmUp.names.count && !p.hasListed && !p.isWaitingOnDriver)
            #expect(try !p.compileListed(within: 0), "nothing left")
            // A driver that cannot say when one is done: each slice compiles and waits, nothing
            // is left with the driver.
            let waited = try PaintPrograms(driverTellsCompletion: false)
            #expect(try waited.handOver(within: 0) && waited.all.count == 2 && waited.handedOver == 0 && !waited.isWaitingOnDriver)
            #expect(try waited.compileListed(within: 0) && waited.all.count == 3 && waited.handedOver == 0)
            #expect(try waited.compileListed() && waited.all.count == PaintProgramWarmUp.names.count && !waited.hasListed)
        }
    }

    /// A program that does not compile, or does not link, says which and why in one line.
    @Test func aProgramThatFailsSaysWhy() throws {
        try GLTestContext.with { _ in
            let broken = "#version 300 es\nprecision highp float; out vec4 o; void main() { o = nonsense; }"
            #expect {
                _ = try GLProgramBuild(vertex: GLShaders.quadVertex, fragment: broken, name: "broken").finish()
            } throws: { "\($0)".hasPrefix("the broken shader does not compile: ") && !"\($0)".contains("\n") }
            // An input the vertex shader never writes: each compiles, the pair does not link.
            let unlinked = "#version 300 es\nprecision highp float; in vec3 vNeverWritten; out vec4 o; void main() { o = vec4(vNeverWritten, 1); }"
            #expect {
                _ = try GLProgramBuild(vertex: GLShaders.quadVertex, fragment: unlinked, name: "unlinked").finish()
            } throws: { "\($0)".hasPrefix("the unlinked shader program does not link: ") }
            let good = try GLProgram.link(vertex: GLShaders.fullVertex, fragment: GLShaders.blurFragment, name: "blur")
            #expect(good.id != 0 && good.uniform("uTex") >= 0)
        }
    }

    /// A cover of `kind` (`Cover.kind`; 0, an empty slot, keys as `full`), its values any.
    static func cover(_ kind: Int) -> Cover {
        let covers: [Cover] = [.full, .box(.zero), .atlas(page: 0, offsetX: 0, offsetY: 0, bounds: .zero),
                               .corners(outer: .zero, inner: nil, page: 0, atlasX: 0, atlasY: 0, cw: 0, ch: 0, bounds: .zero),
                               .convex(edges: [], bounds: .zero)]
        return covers[kind]
    }
}
