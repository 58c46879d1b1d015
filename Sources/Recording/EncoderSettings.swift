/// How the encoders work where a user may want a different trade: given by the app, which
/// reads them once (Recording reads no environment variable).
package struct EncoderSettings: Sendable, Equatable {
    /// A GIF's palettes: each frame its own (measured best, see the performance report) or
    /// every frame in the first frame's.
    package var gifPalette: GIFWriter.Palette
    /// x264's preset for a recording made while the window runs (`realTime`): fast enough to
    /// keep up with 60 frames a second.
    package var livePreset: String

    package init(gifPalette: GIFWriter.Palette = .perFrame, livePreset: String = "superfast") {
        self.gifPalette = gifPalette
        self.livePreset = livePreset
    }
}
