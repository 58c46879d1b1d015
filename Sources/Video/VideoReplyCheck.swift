/// What the app accepts of a video worker's description of a file, before it makes memory for
/// its frames: an output size within what was asked and within the source, no larger than a
/// source Lumen plays.
enum VideoReplyCheck {
    /// The largest source Lumen plays: 8K UHD's width, 4320 lines, 8192 a side.
    static let maxSide = 8192
    static let maxPixels = 8192 * 4320

    static func refusal(of info: VideoWire.Info, maxWidth: Int, maxHeight: Int) -> String? {
        guard (1...maxSide).contains(info.sourceWidth), (1...maxSide).contains(info.sourceHeight),
              info.sourceWidth * info.sourceHeight <= maxPixels else {
            return "source size \(info.sourceWidth)×\(info.sourceHeight) is over the 8192×4320 Lumen plays"
        }
        guard (1...max(maxWidth, 1)).contains(info.width), (1...max(maxHeight, 1)).contains(info.height) else {
            return "size \(info.width)×\(info.height) is not within the \(maxWidth)×\(maxHeight) asked for"
        }
        guard info.width <= info.sourceWidth, info.height <= info.sourceHeight else {
            return "size \(info.width)×\(info.height) is larger than the source's \(info.sourceWidth)×\(info.sourceHeight)"
        }
        guard info.durationMicroseconds >= -1 else { return "length \(info.durationMicroseconds) µs" }
        return nil
    }
}
