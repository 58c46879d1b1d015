import Animation

/// Where the view comes to rest (`targetBehavior`): items' anchors when view-aligned (the
/// scroll transitions tutorial's `.viewAligned`), whole pages when paging. Drags, flings, the
/// wheel and keys all end on these.
extension ScrollView {
    /// Whether the view comes to rest on items or pages only.
    var snaps: Bool { targetBehavior != .free }

    /// After a wheel burst, a snapping list settles on the position nearest to where it is,
    /// among those past where the burst began in its direction: a single notch moves to the
    /// next item or page instead of springing back.
    func settleAfterWheel(burstStart: Double?) {
        guard snaps else { return }
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

    /// Every offset the view may rest at: each item at the anchor (view-aligned) or each
    /// page's start (paging), and both ends of the range.
    func snapPositions() -> [Double] {
        let r = range
        var positions = [r.lowerBound, r.upperBound]
        switch targetBehavior {
        case .free: return []
        case .viewAligned(let anchor): positions += itemSpans.map { restingOffset(for: $0, anchor: anchor) }
        case .paging:
            let page = viewportLength
            if page > 0 { positions += stride(from: r.lowerBound, to: r.upperBound, by: page).map { $0 } }
        }
        return Array(Set(positions)).sorted()
    }

    /// Where momentum from `x` at `v` would rest, moved to the nearest snap position; when
    /// paging, no further than the page next to `startOffset` (where the drag began).
    func snapTarget(x: Double, v: Double, startOffset: Double? = nil) -> Double? {
        let positions = snapPositions()
        guard let target = ScrollPhysics.snapTarget(x: x, v: v, positions: positions) else { return nil }
        guard targetBehavior == .paging, let startOffset,
              let home = positions.indices.min(by: { abs(positions[$0] - startOffset) < abs(positions[$1] - startOffset) })
        else { return target }
        let lo = positions[max(home - 1, 0)], hi = positions[min(home + 1, positions.count - 1)]
        return min(max(target, lo), hi)
    }
}
