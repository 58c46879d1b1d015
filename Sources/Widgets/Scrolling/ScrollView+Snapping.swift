import Animation

/// View-aligned snapping: a snapping list comes to rest with an item's leading edge at the
/// viewport's leading edge (the scroll transitions tutorial's `.viewAligned`).
extension ScrollView {
    /// After a wheel burst, a snapping list settles on the item edge nearest to where it is,
    /// among those past where the burst began in its direction: a single notch moves to the
    /// next item instead of springing back.
    func settleAfterWheel(burstStart: Double?) {
        guard snapsToItems else { return }
        let target = directionalSnap(from: burstStart ?? offset, to: offset) ?? snapTarget(x: offset, v: 0)
        guard let target, abs(target - offset) > 0.25 else { return }
        start(.moving(ScrollMotion(.spring(x0: offset, v0: 0, target: target, response: 0.3), start: now)))
    }

    /// The snap position nearest to `to` among those beyond `from` in the direction from → to.
    func directionalSnap(from: Double, to: Double) -> Double? {
        let direction = to - from
        guard abs(direction) > 0.5 else { return nil }
        let candidates = snapPositions().filter { ($0 - from) * direction > 0.5 }
        return candidates.min { abs($0 - to) < abs($1 - to) }
    }

    /// Every offset the list may rest at: each item's leading edge, and the end.
    func snapPositions() -> [Double] {
        let r = range
        var positions = itemEdges.map { min(max($0, r.lowerBound), r.upperBound) }
        positions.append(r.upperBound)
        return Array(Set(positions)).sorted()
    }

    /// Where momentum from `x` at `v` would rest, moved to the nearest snap position.
    func snapTarget(x: Double, v: Double) -> Double? {
        ScrollPhysics.snapTarget(x: x, v: v, positions: snapPositions())
    }
}
