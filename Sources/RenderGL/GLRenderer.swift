import CGLES
import FoundationEssentials
import Geometry
import Render
import Pixels

/// Draws display lists with OpenGL ES 3.0 (DESIGN-GPU.md): the CPU makes what is cached
/// (photos' scaled copies through the same `ImageCache` as Cairo, text masks by Pango, shadow
/// masks by `ShadowCache`, polygons flattened by Cairo), the GPU does everything each frame:
/// coverage, paints, clips, transforms, layers and their effects.
///
/// A frame is two walks of the list: the first flattens every outline that needs one and
/// accumulates their exact area coverage into the `CoverageAtlas` in one pass; the second draws,
/// one quad per command, through one program (`GLShaders.paintFragment`).
///
/// Needs a current GLES 3.0 context with its entry points loaded (`HeadlessGL.open`, or a
/// window's). All calls on the context's thread.
package final class GLRenderer: Renderer {
    package let images: ImageCache
    package let info: GLInfo
    let shadows: ShadowCache
    /// The paint program's variants (a paint and its covers' kinds compiled into each).
    let paintPrograms: PaintPrograms
    let accumulateProgram: GLProgram
    let blurProgram: GLProgram
    /// Pages as large as the frames need (a power of two from 2048, at most the largest texture).
    private(set) var atlas: CoverageAtlas
    private let coverageFormat: GLenum
    let flattener = ShapeFlattener()
    lazy var corners = CornerOutlines(flattener: flattener)
    let textures: TextureCache
    let textMasks: TextMaskCache
    let framebuffers = FramebufferPool()
    let keptLayers: KeptLayers
    /// Videos' frames, one texture a video.
    let liveTextures = LiveTextures()
    let maxTextureSize: Int
    var frame = 0
    /// The frame drawn for `render(into: memory)`: a texture of the target's size.
    private var frameBuffer: GLFramebuffer?
    private var emptyArray: GLuint = 0
    /// Waits for the GPU to finish each frame (benchmarks time whole frames, the GPU's work too).
    package var finishesFrames = false
    /// Times each frame's work on the GPU alone too (`EXT_disjoint_timer_query`, where the
    /// context has it): `lastGPUMilliseconds` is then the last frame's, from its first GL call
    /// to its last, without the CPU's part or the wait for the result.
    package var timesGPU = false
    package private(set) var lastGPUMilliseconds: Double?
    /// Times each piece of GPU work on its own (`GPUProfile`) instead of the frame as a whole;
    /// `lastProfile` is then the last frame's, by kind of work.
    package var profilesGPU = false
    package private(set) var lastProfile: [GPUProfileEntry] = []
    let profile = GPUProfile()
    /// Whether the context can time on the GPU.
    package var canTimeGPU: Bool {
        lumen_gl_has_query_ui64() != 0 && info.extensions.contains("GL_EXT_disjoint_timer_query")
    }
    /// Photos known to be opaque (by `ImageAsset.id`, learnt when a copy is uploaded), with the
    /// frame that last asked: opaque photos hide what is under them.
    private var opaqueImages: [Int: (opaque: Bool, frame: Int)] = [:]

    func noteOpacity(of image: ImageAsset, _ opaque: Bool) { opaqueImages[image.id] = (opaque, frame) }

    /// Whether `image` is opaque, if known.
    func knownOpacity(of image: ImageAsset) -> Bool? {
        guard let known = opaqueImages[image.id] else { return nil }
        opaqueImages[image.id] = (known.opaque, frame)
        return known.opaque
    }

    /// Whether `image` is known to be opaque.
    func isOpaque(_ image: ImageAsset) -> Bool { image.isLive || (knownOpacity(of: image) ?? false) }

    /// Clips beyond the three the shader takes (the outermost are then kept as their bounds).
    private(set) var clipsDropped = 0

    /// A renderer on the current context. `scalesInBackground` and `wake` as `CairoRenderer`'s.
    package init(info: GLInfo, memory: ImageMemory = ImageMemory(), scalesInBackground: Bool = false,
                wake: (@Sendable () -> Void)? = nil) throws {
        self.info = info
        guard info.isUsable else { throw GLError("neither OpenGL ES 3 nor OpenGL 4.3: \(info.version)") }
        guard let format = info.coverageFormat else { throw GLError("\(info.renderer) cannot draw into float textures (coverage)") }
        paintPrograms = try PaintPrograms(driverTellsCompletion: GLProgramBuild.allowDriverThreads(info))
        accumulateProgram = try GLProgram.link(vertex: GLShaders.accumulateVertex, fragment: GLShaders.accumulateFragment, name: "coverage")
        blurProgram = try GLProgram.link(vertex: GLShaders.fullVertex, fragment: GLShaders.blurFragment, name: "blur")
        var size: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &size)
        maxTextureSize = Int(size)
        coverageFormat = format
        atlas = CoverageAtlas(side: min(Int(size), 2048), format: format)
        images = ImageCache(memory: memory)
        images.scalesInBackground = scalesInBackground
        images.wake = wake
        shadows = ShadowCache(memory: memory)
        shadows.usesStandIns = scalesInBackground
        textures = TextureCache(memory: memory)
        textMasks = TextMaskCache(memory: memory)
        keptLayers = KeptLayers(memory: memory)
        textMasks.usesStandIns = scalesInBackground
        glGenVertexArrays(1, &emptyArray)
        glUseProgram(blurProgram.id)
        glUniform1i(blurProgram.uniform("uTex"), 0)
        if let e = GLRenderer.error() { throw GLError("GL error 0x\(String(e, radix: 16)) while setting up") }
    }

    deinit { glDeleteVertexArrays(1, &emptyArray) }

    /// Compiles the rest of the start-up list's paint variants (`PaintProgramWarmUp`): call it
    /// once the first frame is shown, so that the first frame waits only for its own; with
    /// `seconds`, a slice of them (at least one, until that time has passed), so that a window
    /// takes its events and draws its frames between slices. A driver that compiles on threads
    /// of its own is handed them instead, and a slice takes in those it has done. Until one is
    /// compiled, a frame needing it compiles it then (or waits for the driver). A driver that
    /// fails says so in `failure`. True when a slice compiled, handed over or took in a variant.
    @discardableResult
    package func compileListedVariants(within seconds: Double? = nil) -> Bool {
        guard paintPrograms.hasListed, failure == nil else { return false }
        do {
            return try paintPrograms.compileListed(within: seconds)
        } catch {
            fail(reset("while compiling shaders") ?? "\(error)")   // a lost context fails every compile
            return true
        }
    }

    /// Whether variants of the start-up list are still to compile.
    package var hasListedVariantsLeft: Bool { paintPrograms.hasListed && failure == nil }

    /// Whether the rest of the start-up list is with the driver, compiling on threads of its
    /// own: a slice has only to look whether it is done.
    package var isWaitingOnDriverForVariants: Bool { paintPrograms.isWaitingOnDriver && failure == nil }

    /// How many of the paint program's variants are compiled.
    package var variantsCompiled: Int { paintPrograms.all.count }

    /// How many of the paint program's variants were compiled that the start-up list
    /// (`PaintProgramWarmUp`) lacks: each stalled the frame that first needed it.
    package var variantsCompiledLate: Int { paintPrograms.compiledLate.count }

    /// The names ("image [box, corners]") of the variants compiled late, from the `first`th on.
    package func namesOfVariantsCompiledLate(from first: Int) -> [String] {
        paintPrograms.compiledLate.dropFirst(first).map(\.description)
    }

    package var hasArrivals: Bool { images.hasArrivals || shadows.settling || textMasks.settling }

    /// The side of coverage pages for frames of w × h pixels: an outline's entry is at most the
    /// frame, so the power of two from 2048 that holds it (4096 for 4K, 8192 for 8K).
    static func atlasSide(forWidth w: Int, height h: Int, limit: Int) -> Int {
        var side = 2048
        while side < max(w, h) && side < limit { side *= 2 }
        return min(side, limit)
    }

    /// The first GL error since the last call, if any.
    static func error() -> GLenum? {
        let e = glGetError()
        return e == GLenum(GL_NO_ERROR) ? nil : e
    }

    /// Why the renderer can draw no more: a GL error a frame left (a lost context reports one
    /// too, on drivers that tell), with the frame it came in. Nil while it works.
    package private(set) var failure: String?

    /// Notes why the renderer stops (the first reason stands).
    func fail(_ reason: String) { if failure == nil { failure = reason } }
    /// A fault for the tests: frame N makes a real GL error (an invalid enum); nil in use.
    package var failsAt: Int?
    /// Whether the context is told when the GPU is reset (made with a reset notification
    /// strategy of "lose the context", where the driver offers one): each frame then asks, and
    /// a reset ends the renderer before anything more is drawn into a lost context.
    package let notifiesReset = lumen_gl_notifies_reset() != 0

    /// What to say when the GPU was reset (asked where the context is told of resets): nil
    /// while it was not. `when`: "in frame 12", "while compiling shaders".
    func reset(_ when: String) -> String? {
        guard notifiesReset, case let status = lumen_gl_reset_status(), status != 0 else { return nil }
        return "the GPU was reset (\(GLRenderer.describeReset(status))) \(when): its GL context is lost"
    }

    /// Why the GPU was reset, in GL's words.
    static func describeReset(_ status: UInt32) -> String {
        [0x8253: "a reset this context caused", 0x8254: "a reset another context caused"][status] ?? "a reset of unknown cause"
    }

    /// GL's names for its errors.
    static func describe(_ e: GLenum) -> String {
        let names: [Int32: String] = [GL_INVALID_ENUM: "invalid enum", GL_INVALID_VALUE: "invalid value", GL_INVALID_OPERATION: "invalid operation",
                                      GL_OUT_OF_MEMORY: "out of memory", GL_INVALID_FRAMEBUFFER_OPERATION: "invalid framebuffer operation",
                                      0x0507: "context lost"]
        return "GL error 0x\(String(e, radix: 16))" + (names[Int32(e)].map { " (\($0))" } ?? "")
    }

    /// Bytes of GPU memory the renderer holds (textures, atlas, pooled framebuffers).
    package var gpuBytes: Int { textures.byteCount + textMasks.byteCount + atlas.byteCount + framebuffers.byteCount + keptLayers.byteCount + (frameBuffer?.texture.bytes ?? 0) }

    /// Draws into the renderer's frame on the GPU (kept between frames, so damage is all that is
    /// drawn), then: into memory, the damaged pixels are read back; on the GPU, nothing more; in
    /// a window, the frame is copied to its framebuffer, turned as asked.
    package func render(_ list: DisplayList, into target: RenderTarget, scale: Double, damage: Rect?, background: Color) {
        guard failure == nil else { return }
        defer {
            if frame == failsAt { glEnable(0x7FFF) }
            if let reset = reset("in frame \(frame)") { fail(reset) }
            if let e = GLRenderer.error() { fail("\(GLRenderer.describe(e)) in frame \(frame)") }
        }
        guard target.width > 0, target.height > 0, target.width <= maxTextureSize, target.height <= maxTextureSize else { return }
        let fresh = frameBuffer.map { $0.width != target.width || $0.height != target.height } ?? true
        if fresh { frameBuffer = GLFramebuffer(width: target.width, height: target.height) }
        let fb = frameBuffer!
        let start = ContinuousClock.now
        var query: GLuint = 0
        let timing = timesGPU && canTimeGPU && !profilesGPU
        if timing {
            glGenQueries(1, &query)
            glBeginQuery(GLenum(GL_TIME_ELAPSED_EXT), query)
        }
        let area = drawFrame(list, into: GLTarget(framebuffer: fb.id, width: target.width, height: target.height, flipped: false),
                             scale: scale, damage: fresh ? nil : damage, background: background)
        switch target.storage {
        case .memory: readBack(area, into: target)
        case .gpu: break
        case .window(let rotation, let w, let h, let stale):
            // The back buffer needs the frame's damage and what it lacked before; all of it
            // when its age is unknown or the frame is new.
            let full = Rect(x: 0, y: 0, width: Double(target.width), height: Double(target.height))
            let region = fresh ? nil : stale.map { area.union($0) }
            lastWindowCopy = (region ?? full).intersection(full)
            showInWindow(fb, rotation: rotation, width: w, height: h, region: lastWindowCopy)
        }
        if timing { glEndQuery(GLenum(GL_TIME_ELAPSED_EXT)) }
        let d = (ContinuousClock.now - start).components
        lastEncodeSeconds = Double(d.seconds) + Double(d.attoseconds) * 1e-18
        if finishesFrames { glFinish() }
        if profilesGPU && canTimeGPU { lastProfile = profile.collect() }
        lastGPUMilliseconds = nil
        if timing {
            let ns = lumen_gl_query_ns(query)
            if ns >= 0 { lastGPUMilliseconds = Double(ns) / 1e6 }
            glDeleteQueries(1, &query)
        }
    }

    /// The part of the frame (frame pixels) the last `render` into a window copied into it.
    package private(set) var lastWindowCopy = Rect.zero
    /// The framebuffer a `.window` target means: the window's (0), or a test's stand-in.
    var windowFramebuffer: GLuint = 0

    /// Copies `region` of the frame (frame pixels) into the window's framebuffer (row 0 at the
    /// bottom), turned; the rest of the window's back buffer is left as it is.
    private func showInWindow(_ fb: GLFramebuffer, rotation: DisplayRotation, width w: Int, height h: Int, region: Rect) {
        guard !region.isEmpty else { return }
        let window = Rect(x: 0, y: 0, width: Double(w), height: Double(h))
        let walk = GLWalk(renderer: self, list: DisplayList(), target: GLTarget(framebuffer: windowFramebuffer, width: w, height: h, flipped: true),
                          scale: 1, area: rotation.toWindow(region, window: window.size).integral().intersection(window))
        walk.bind(walk.frameTarget)
        glDisable(GLenum(GL_SCISSOR_TEST))
        glDisable(GLenum(GL_BLEND))
        glBindVertexArray(emptyArray)
        let t = rotation.windowToLogical(window: Size(width: Double(w), height: Double(h)))
        walk.drawQuad(walk.area, cover: .full, paint: .image(fb.texture, toTexel: TexelMap(t), fetch: true,
                                                             saturation: 1, limit: (fb.width, fb.height)), opacity: 1)
        glBindVertexArray(0)
        glEnable(GLenum(GL_BLEND))
    }

    /// The frame last drawn, read back (screenshots of a window drawn on the GPU).
    package func frameSnapshot() -> PixelBuffer? {
        guard let fb = frameBuffer else { return nil }
        let out = PixelBuffer(width: fb.width, height: fb.height)
        readBack(Rect(x: 0, y: 0, width: Double(fb.width), height: Double(fb.height)),
                 into: RenderTarget(pixels: UnsafeMutableRawPointer(out.pixels), width: out.width, height: out.height, stride: out.stride * 4))
        return out
    }

    /// The share of the last frame's area that its opaque commands hid.
    private var lastHiddenShare = 1.0
    /// Pixels the last frame painted (quads, clears, blur passes; not the coverage pass).
    package private(set) var lastPixelsPainted = 0

    /// CPU time of the last `render` (the walks, uploads and GL calls), without waiting for the GPU.
    package private(set) var lastEncodeSeconds = 0.0
    /// With `timesPhases` (benchmarks, `LUMEN_GL_PHASES=1`) the GPU is waited for after each
    /// phase, and the last frame's phases are kept in milliseconds: the plan (flattening,
    /// placing), the coverage pass, the drawing walk.
    package var timesPhases = false
    package private(set) var lastPhases: (plan: Double, coverage: Double, draw: Double) = (0, 0, 0)

    private func drawFrame(_ list: DisplayList, into target: GLTarget, scale: Double, damage: Rect?, background: Color) -> Rect {
        frame += 1
        images.takeArrivals()
        images.dropCopiesOfGoneImages()
        shadows.beginFrame()
        textures.sweep(frame: frame)
        textMasks.sweep(frame: frame)
        keptLayers.sweep(frame: frame)
        liveTextures.trim(at: frame)
        textMasks.beginFrame(frame)
        if frame % 600 == 0 { opaqueImages = opaqueImages.filter { frame - $0.value.frame < 600 } }
        let whole = Rect(x: 0, y: 0, width: Double(target.width), height: Double(target.height))
        let area = (damage.map { Rect(x: $0.x * scale, y: $0.y * scale, width: $0.width * scale, height: $0.height * scale).integral() } ?? whole)
            .intersection(whole)
        guard !area.isEmpty else { return area }
        let need = GLRenderer.atlasSide(forWidth: target.width, height: target.height, limit: maxTextureSize)
        if need > atlas.side { atlas = CoverageAtlas(side: need, format: coverageFormat) }
        let uses: [ImageUse] = images.memory.holdingEvictions {
            let walk = GLWalk(renderer: self, list: list, target: target, scale: scale, area: area)
            let clock = ContinuousClock()
            func lap(_ since: ContinuousClock.Instant) -> Double {
                if timesPhases { glFinish() }
                let d = (clock.now - since).components
                return Double(d.seconds) * 1000 + Double(d.attoseconds) * 1e-15
            }
            if timesPhases { glFinish() }
            var t = clock.now
            // Where the last frame's opaque commands hid little of it, the GPU clears this one
            // while the CPU plans it; else after the plan, only what stays uncovered.
            let clearsEarly = lastHiddenShare < 0.25
            if clearsEarly {
                walk.clearEarly(background)
                glFlush()
            }
            atlas.begin()
            walk.run(.plan)
            let plan = lap(t); t = clock.now
            walk.gpu("coverage pass", pixels: 0) { atlas.accumulate(accumulateProgram) }
            glFlush()
            let coverage = lap(t); t = clock.now
            glBindVertexArray(emptyArray)
            walk.begin(background: background, cleared: clearsEarly)
            lastHiddenShare = walk.hiddenShare
            walk.run(.draw)
            lastPhases = (plan, coverage, lap(t))
            clipsDropped += walk.clipsDropped
            lastPixelsPainted = walk.painted
            return walk.uses
        }
        glBindVertexArray(0)
        images.endFrame(uses)
        shadows.endFrame()
        framebuffers.endFrame()
        images.requestUnloaded()
        return area
    }

    /// Copies `area` of the frame into the target's memory (RGBA bytes to ARGB32).
    private func readBack(_ area: Rect, into target: RenderTarget) {
        guard let fb = frameBuffer, !area.isEmpty, target.isInMemory else { return }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fb.id)
        let x = Int(area.minX), y = Int(area.minY), w = Int(area.width), h = Int(area.height)
        glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), GLint(target.stride / 4))
        let start = target.pixels + y * target.stride + x * 4
        glReadPixels(GLint(x), GLint(y), GLsizei(w), GLsizei(h), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), start)
        glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), 0)
        for row in 0..<h {
            let p = (start + row * target.stride).assumingMemoryBound(to: UInt32.self)
            for i in 0..<w {
                let v = p[i]
                p[i] = (v & 0xFF00_FF00) | (v & 0xFF) << 16 | (v >> 16) & 0xFF
            }
        }
    }
}

/// Where a frame is drawn: a framebuffer of `width` × `height` pixels; `flipped` when its row 0
/// is the bottom (a window's own).
struct GLTarget {
    var framebuffer: GLuint
    var width: Int
    var height: Int
    var flipped: Bool
}
