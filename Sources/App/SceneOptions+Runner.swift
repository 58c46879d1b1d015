import Animation
import Imaging
import Scenes

extension SceneRunner {
    /// The scene the command line asks for; a bad scene or setting is a usage error.
    convenience init(_ options: SceneOptions, assets: String, loader: ImageLoader = ImageLoader(),
                     clock: AnimationClock = AnimationClock(), motion: MotionSettings? = nil,
                     startTime: Double = 0) throws(UsageError) {
        do {
            try self.init(scene: options.scene, size: options.size, settings: options.settings, assets: assets,
                          loader: loader, clock: clock, motion: motion ?? MotionSettings(reduceMotion: options.reduceMotion),
                          startTime: startTime)
        } catch {
            throw UsageError(error.message)
        }
    }
}
