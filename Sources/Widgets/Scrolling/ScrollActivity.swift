import Animation

/// What moves a scroll view now, in one value (Flutter's Idle / Drag / Ballistic / Driven
/// scroll activities), so states that cannot happen together cannot be written.
enum ScrollActivity {
    /// At rest.
    case idle
    /// A pointer drags the content 1:1.
    case dragging(ScrollDrag)
    /// A motion of its own: momentum after a fling, a spring back or to a snap, an animated
    /// `scroll(to:)`.
    case moving(ScrollMotion)
    /// Wheel notches or keys easing toward a running target that the next notch or key
    /// extends. A trackpad burst on a snapping list has no motion while it waits to settle.
    case wheeling(ScrollWheel)

    /// The motion driving the view, if any.
    var motion: ScrollMotion? {
        switch self {
        case .moving(let m): m
        case .wheeling(let w): w.motion
        case .idle, .dragging: nil
        }
    }
}

/// A drag in progress.
struct ScrollDrag {
    /// The pointer that drags.
    let pointer: Int
    /// The offset at the start, rubber band undone.
    let startOffset: Double
    /// The pointer's position along the axis at the start.
    let startPosition: Double
    var tracker: VelocityTracker
}

/// A wheel burst or key ease in progress.
struct ScrollWheel {
    var motion: ScrollMotion?
    /// Where the notches so far lead.
    var target: Double
    /// Where the burst began (nil for keys), to settle a snapping list past it.
    var burstStart: Double?
    /// Clock seconds of the last notch.
    var lastEventTime: Double
}
