import Animation
import Geometry
import Render
import SystemSupport
import Widgets
import Pixels

/// Pictures of scenes for the home screen, drawn by Lumen itself: each scene is built at
/// 960 × 600 pt (without the bar) and its first frame rendered at the size its card shows it.
///
/// One scene a step, on the main thread (the text shaper and the renderer are the window's),
/// and a scene whose photos are still decoding is only looked at again on a later step, so the
/// home screen answers input while its pictures come in.
final class SceneThumbnails {
    /// The size, in points, each scene is laid out at for its picture.
    static let canvas = Size(width: 960, height: 600)

    private struct Job {
        let type: any Scene.Type
        let asset: ImageAsset
        var runner: SceneRunner?
    }
    private var jobs: [Job]
    private let context: SceneContext
    /// The size and photos the pictures are drawn for (`ImageLoader.drawnPicturesKey`).
    private let key: String
    /// Device pixels per point of the pictures' renders.
    let renderScale: Double

    /// - Parameters:
    ///   - pixelWidth: how wide each picture is, in pixels.
    init(_ types: [any Scene.Type], pixelWidth: Double, context: SceneContext) {
        self.context = context
        renderScale = pixelWidth / SceneThumbnails.canvas.width
        key = "\(Int(pixelWidth.rounded()))|\(context.photoSource.joined(separator: "|"))"
        // One set is kept, for this size and these photos: pictures drawn for another size (the
        // window moved to a display of another density) or other photos (a folder dropped) go.
        if context.loader.drawnPicturesKey != key {
            context.loader.drawnPictures.removeAll()
            context.loader.drawnPicturesKey = key
        }
        jobs = types.map { Job(type: $0, asset: ImageAsset(name: $0.name), runner: nil) }
        assets = jobs.map(\.asset)
        jobs.removeAll { job in
            // Drawn before by this loader (coming back home): shown at once, not drawn again.
            guard let pixels = context.loader.drawnPictures[job.type.name] else { return false }
            job.asset.resolve(.ready(pixels))
            return true
        }
    }

    /// The picture of each scene, in order (loading until drawn).
    let assets: [ImageAsset]

    var isDone: Bool { jobs.isEmpty }

    /// Does one piece of work: builds the next scene, or draws it once its photos are in.
    /// With `wait`, waits for them instead (headless).
    func step(wait: Bool = false) {
        guard var job = jobs.first else { return }
        guard let runner = job.runner else {
            do {
                let r = try SceneRunner(scene: job.type.name, in: context.catalog, size: SceneThumbnails.canvas, assets: context.assets,
                                        loader: context.loader, clock: AnimationClock(), motion: MotionSettings(reduceMotion: true),
                                        images: context.photoSource, scale: renderScale, photos: context.photos)
                _ = r.buildFrame()   // lays out, and so asks for its photos
                job.runner = r
                jobs[0] = job
            } catch {
                job.asset.resolve(.failed(error.message))
                jobs.removeFirst()
            }
            return
        }
        if context.loader.isBusy && !wait { return }
        runner.settle()
        let pixels = runner.snapshot(scale: renderScale)
        // Kept unless another home (another window's, at another density) has since taken the
        // loader's set for its own size.
        if context.loader.drawnPicturesKey == key { context.loader.drawnPictures[job.type.name] = pixels }
        job.asset.resolve(.ready(pixels))
        jobs.removeFirst()
    }

    /// Draws every picture not drawn yet.
    func finish() { while !isDone { step(wait: true) } }
}
