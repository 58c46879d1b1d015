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

    /// A cover of `kind` (`Cover.kind`; 0, an empty slot, keys as `full`), its values any.
    static func cover(_ kind: Int) -> Cover {
        let covers: [Cover] = [.full, .box(.zero), .atlas(page: 0, offsetX: 0, offsetY: 0, bounds: .zero),
                               .corners(outer: .zero, inner: nil, page: 0, atlasX: 0, atlasY: 0, cw: 0, ch: 0, bounds: .zero),
                               .convex(edges: [], bounds: .zero)]
        return covers[kind]
    }
}
