/// What a scene does on a kiosk when no one has touched it for a while (`--idle`): the
/// attract loop, which the first touch stops.
public enum AttractLoop {
    /// Nothing more than the scene does by itself (the hero's Ken Burns, the gradient).
    case none
    /// The main list scrolls slowly down and back up, at `pointsPerSecond` (the gallery:
    /// colour comes to each photo as it passes the middle).
    case autoScroll(pointsPerSecond: Double)
    /// The main list moves to the next item every `seconds`, animated, back to the first after
    /// the last (the transitions: each card snaps into place).
    case stepItems(every: Double)
    /// The scene's own loop, told the seconds since it began; it answers how many seconds
    /// from then it next needs to be told (the window sleeps until then).
    case custom((Double) -> Double)
}
