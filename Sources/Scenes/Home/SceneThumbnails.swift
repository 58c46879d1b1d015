import Animation
import Geometry
import Render
import Widgets

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
    /// Device pixels per point of the pictures' renders.
    let renderScale: Double

    /// - Parameters:
    ///   - pixelWidth: how wide each picture is, in pixels.
    init(_ types: [any Scene.Type], pixelWidth: Double, context: SceneContext) {
        self.context = context
        renderScale = pixelWidth / SceneThumbnails.canvas.width
        jobs = types.map { Job(type: $0, asset: ImageAsset(name: $0.name), runner: nil) }
    }

    /// The picture of each scene, in order (loading until drawn).
    lazy var assets: [ImageAsset] = jobs.map(\.asset)

    var isDone: Bool { jobs.isEmpty }

    /// Does one piece of work: builds the next scene, or draws it once its photos are in.
    /// With `wait`, waits for them instead (headless).
    func step(wait: Bool = false) {
        guard var job = jobs.first else { return }
        guard let runner = job.runner else {
            do {
                let r = try SceneRunner(scene: job.type.name, size: SceneThumbnails.canvas, assets: context.assets,
                                        loader: context.loader, clock: AnimationClock(), motion: MotionSettings(reduceMotion: true),
                                        images: context.photoSource, scale: renderScale)
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
        job.asset.resolve(.ready(runner.snapshot(scale: renderScale)))
        jobs.removeFirst()
    }

    /// Draws every picture not drawn yet.
    func finish() { while !isDone { step(wait: true) } }
}
