/// How far ahead of its deadline the window starts drawing a frame, so that the frame is ready
/// when the deadline comes and is presented on the grid however long it took to draw.
///
/// The lead is the longest of the last `window` draws plus a margin of `margin` seconds, kept
/// within `floor` seconds and three quarters of the display's period: a frame that takes
/// longer than the period cannot be helped by starting earlier, and starting too early would
/// show input late. All times are seconds. (Lumen's own rule, measured with X DAMAGE: it gives
/// 60.0 fps on the hero where relative sleeps gave 57.3; see the performance report.)
package struct DrawAheadLead: Sendable, Equatable {
    /// Draws remembered.
    public static let window = 30
    /// Added to the longest recent draw.
    public static let margin = 0.0015
    /// The least lead.
    public static let floor = 0.002

    /// The lead before any frame was drawn.
    public private(set) var seconds = 0.006
    private var recent: [Double] = []

    /// A lead of its starting value, no frame measured yet.
    public init() {}

    /// Notes a frame that took `draw` seconds on a display of `period` seconds and updates the lead.
    public mutating func record(draw: Double, period: Double) {
        recent.append(draw)
        if recent.count > Self.window { recent.removeFirst() }
        let longest = recent.max() ?? 0
        seconds = min(max(longest + Self.margin, Self.floor), period * 0.75)
    }
}
