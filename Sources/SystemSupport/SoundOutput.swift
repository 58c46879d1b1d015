/// Where a video's sound goes: 16-bit stereo samples at 48 kHz, queued in time order (the
/// app's SDL audio device; nothing in the tests of other things). Any thread.
package protocol SoundOutput: AnyObject, Sendable {
    /// Queues `bytes` of interleaved S16LE stereo samples at 48 kHz to play after what is queued.
    func queue(_ bytes: [UInt8])
    /// Drops what is queued and not yet played (the video stopped).
    func clear()
    /// Seconds of sound queued and not yet played.
    var queuedSeconds: Double { get }
}
