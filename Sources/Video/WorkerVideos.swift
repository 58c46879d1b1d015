import Geometry
import Imaging
import SystemSupport

/// Videos decoded by workers started from the app's own executable.
package struct WorkerVideos: VideoOpening {
    /// The `lumen` (or app) executable that workers are started from.
    package let executable: String
    /// Where sound goes, for videos whose entry asks for it (nil: no sound at all).
    package let output: (any SoundOutput)?

    package init(executable: String, output: (any SoundOutput)? = nil) { self.executable = executable; self.output = output }

    package func open(path: String, size: Size, loops: Bool, sound: Bool, wake: (@Sendable () -> Void)?) -> any VideoPlaying {
        VideoPlayer(path: path, executable: executable, size: size, loops: loops, sound: sound ? output : nil, wake: wake)
    }
}
