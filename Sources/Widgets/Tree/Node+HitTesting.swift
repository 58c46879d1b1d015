import Geometry
import Render

extension Node {
    /// The frontmost node under `point` (in this node's space), respecting hidden nodes,
    /// clips, transforms, projections and each node's `HitTestBehavior`.
    public func hitTest(_ point: Point) -> Node? {
        guard !isHidden, hitTestBehavior != .none else { return nil }
        var p = point
        if case .projection(let q)? = layerEffect {
            guard let inverse = q.inverted(), let mapped = inverse.apply(point) else { return nil }
            p = mapped
        }
        if let c = clip, !c.contains(p, in: bounds) { return nil }
        for child in children.reversed() {
            guard let inverse = child.transformToParent.inverted() else { continue }
            if let hit = child.hitTest(inverse.apply(p)) { return hit }
        }
        switch hitTestBehavior {
        case .opaque: return (clip ?? .rect).contains(p, in: bounds) ? self : nil
        case .automatic: return (isInteractive || paintsContent) && (clip ?? .rect).contains(p, in: bounds) ? self : nil
        case .transparent, .none: return nil
        }
    }

    /// The nearest ancestor-or-self that is interactive.
    package var interactiveAncestor: Node? {
        var n: Node? = self
        while let node = n { if node.isInteractive { return node }; n = node.parent }
        return nil
    }
}
