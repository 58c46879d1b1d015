import Geometry
import Render
import Testing
@testable import RenderGL

/// A photo's texture counts in `ImageMemory` once: a copy the cache made lets its CPU pixels go
/// when uploaded and its holding stands for the texture; the photo's own pixels stay (copies
/// are made from them) and their texture is counted beside them; the budget's eviction takes
/// the texture with the copy.
@Suite(.serialized) struct TextureMemoryTests {
    static func list(_ photo: ImageAsset, at size: Size) -> DisplayList {
        var list = DisplayList()
        list.append(.image(ImageDraw(image: photo, destination: Rect(x: 4, y: 4, width: size.width, height: size.height))))
        return list
    }

    @Test func anUploadedCopyKeepsNoCPUPixels() throws {
        let photo = PrimitiveTests.photo(400, 300)
        let memory = ImageMemory()
        try GLTestContext.with { info in
            let gl = try GLRenderer(info: info, memory: memory)
            let first = gl.render(Self.list(photo, at: Size(width: 100, height: 75)), width: 128, height: 96, scale: 1, background: .white)
            let copies = gl.images.copies(of: photo)
            #expect(copies.count == 1 && copies[0].width == 100 && copies[0].height == 75)
            #expect(copies.allSatisfy { $0.buffer == nil }, "the copy's CPU pixels went once uploaded")
            #expect(memory.byteCount == 100 * 75 * 4, "counted once: \(memory.byteCount) bytes")
            #expect(gl.textures.count == 1 && gl.textures.byteCount == 100 * 75 * 4)
            // The next frame draws from the texture: the same pixels, no upload.
            let second = gl.render(Self.list(photo, at: Size(width: 100, height: 75)), width: 128, height: 96, scale: 1, background: .white)
            #expect(gl.textures.uploads == 1)
            #expect(ExactTests.differing(first, second, by: 0).count == 0)
            #expect(second[40, 40] == CairoRenderer(threads: 1).render(Self.list(photo, at: Size(width: 100, height: 75)),
                                                                        width: 128, height: 96, scale: 1, background: .white)[40, 40])
        }
    }

    @Test func thePhotoItselfKeepsItsPixelsAndCountsItsTexture() throws {
        let photo = PrimitiveTests.photo(60, 40)
        let memory = ImageMemory()
        try GLTestContext.with { info in
            let gl = try GLRenderer(info: info, memory: memory)
            _ = gl.render(Self.list(photo, at: Size(width: 60, height: 40)), width: 96, height: 64, scale: 1, background: .white)
            #expect(photo.peekPixels != nil)
            #expect(gl.images.copies(of: photo).isEmpty)
            #expect(memory.byteCount == 60 * 40 * 4, "the texture of the photo's own pixels: \(memory.byteCount) bytes")
        }
    }

    @Test func theBudgetTakesTheTextureWithItsCopy() throws {
        let photo = PrimitiveTests.photo(400, 300)
        let memory = ImageMemory()
        try GLTestContext.with { info in
            let gl = try GLRenderer(info: info, memory: memory)
            _ = gl.render(Self.list(photo, at: Size(width: 100, height: 75)), width: 128, height: 96, scale: 1, background: .white)
            #expect(gl.textures.count == 1)
            memory.byteLimit = 1000
            #expect(gl.images.copies(of: photo).isEmpty && memory.byteCount == 0)
            // The next frame makes the copy again (headless renders make it at once) and deletes
            // the texture of the one that went.
            memory.byteLimit = ImageMemory.defaultBudget
            _ = gl.render(Self.list(photo, at: Size(width: 100, height: 75)), width: 128, height: 96, scale: 1, background: .white)
            #expect(gl.textures.count == 1 && gl.textures.uploads == 2)
            #expect(memory.byteCount == 100 * 75 * 4)
        }
    }
}
