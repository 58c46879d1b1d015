/// What the app holds of its conversation with a video worker, and the rules each reply must
/// keep before it changes anything: one description, within the size asked for; frames only
/// after it and before the end, in a slot of the ring the app does not hold, each later than the
/// last; sound only when asked for, and at most 10 s of it ahead. The player's two threads share
/// it under a lock; it has no side effects of its own, so a fuzzer can hold every sequence of
/// replies to it.
package struct VideoConversation {
    package var info: VideoWire.Info?
    /// Frames in the ring made for `info` (0 before it).
    package var slots = 0
    var ring: FrameRing?
    package var queue: [(slot: Int, pts: Int64)] = []
    /// Slots the app holds (queued or on screen): the worker may not fill them.
    package var held: Set<Int> = []
    package var lastPts = Int64.min
    package var end: (broken: Bool, message: String)?
    package var failure: String?
    /// Sound decoded and not yet queued to the output, in time order.
    package var sound: [(pts: Int64, bytes: [UInt8])] = []
    /// The worker's socket is closed (nothing more may be sent on it).
    package var closed = false
    package var stopped = false

    package init() {}

    /// Sound held ahead of the picture at most (10 ms a message: 10 s).
    package static let soundMessages = 1000

    /// Takes one reply in: the description and the number of ring slots to make for it when it
    /// is the description, else nil; or why it breaks the protocol (nothing changed then).
    package mutating func take(_ reply: VideoWire.Reply, maxWidth: Int, maxHeight: Int,
                       soundWanted: Bool) -> Result<(VideoWire.Info, Int)?, VideoWire.Refusal> {
        func refused(_ why: String) -> Result<(VideoWire.Info, Int)?, VideoWire.Refusal> { .failure(.init(reason: why)) }
        switch reply {
        case .info(let described):
            if info != nil { return refused("a second description") }
            if let why = VideoReplyCheck.refusal(of: described, maxWidth: maxWidth, maxHeight: maxHeight) { return refused(why) }
            info = described
            slots = VideoPlayer.slotCount(frameBytes: described.width * described.height * 4)
            return .success((described, slots))
        case .frame(let slot, let pts, _):
            guard info != nil, end == nil else { return refused("a frame out of turn") }
            guard (0..<slots).contains(slot) else { return refused("slot \(slot) of \(slots)") }
            guard !held.contains(slot) else { return refused("slot \(slot) is the app's") }
            guard pts > lastPts else { return refused("time \(pts) µs after \(lastPts) µs") }
            held.insert(slot)
            lastPts = pts
            queue.append((slot, pts))
        case .audio(let bytes, let pts):
            guard soundWanted, info.map({ $0.audioRate > 0 }) == true else { return refused("sound that was not asked for") }
            guard sound.count < Self.soundMessages else { return refused("sound far ahead of the picture") }
            sound.append((pts, bytes))
        case .end(let broken, _, let message):
            end = (broken, message.isEmpty ? "the file ends early" : message)
        case .failure(let reason):
            failure = reason.isEmpty ? "the video cannot be played" : reason
        }
        return .success(nil)
    }
}
