import Geometry

/// A stack of `count` items made on demand: only the items within the visible range (plus a
/// margin) exist as nodes, are laid out, drawn and hold images; the others are numbers (a
/// measured or estimated length). A scroll view of 10,000 items costs about what 10 cost.
public final class LazyStack: Node {
    /// Across or down.
    public let axis: Axis
    /// Points between items.
    public let spacing: Double
    /// How many items there are.
    public private(set) var count: Int
    /// Makes the node of item i.
    /// Makes item i's node (set it after init when it needs the owner; `reload` applies a new one).
    public var builder: (Int) -> Node
    /// The exact length of item i along the axis when known in advance (saves a re-measure).
    private let lengthHint: ((Int) -> Double?)?
    /// Length used for items never measured.
    public let estimatedLength: Double
    /// Points beyond the visible range that are realized too (so a fling has items ready).
    package var margin = 400.0

    private var lengths: [Double?]
    private var offsets: [Double] = []
    private var offsetsValid = false
    /// Realized items by index.
    package private(set) var realized: [Int: Node] = [:]
    private var visible: ClosedRange<Double> = 0...0
    private var crossLength = 0.0
    /// Whether realized items may stand elsewhere than where they were placed (lengths
    /// changed): scrolling alone moves none of them, and items that come are placed alone.
    private var needsPlacing = true

    /// A stack of `count` items made by `builder` only when visible; unmeasured items count `lengthHint(i)`
    /// or `estimatedLength` points.
    public init(axis: Axis = .vertical, spacing: Double = 0, count: Int, estimatedLength: Double = 44,
                lengthHint: ((Int) -> Double?)? = nil, builder: @escaping (Int) -> Node) {
        self.axis = axis; self.spacing = spacing; self.count = max(count, 0)
        self.estimatedLength = estimatedLength; self.lengthHint = lengthHint; self.builder = builder
        lengths = (0..<max(count, 0)).map { lengthHint?($0) }
        super.init()
        semantics.container = .list
    }

    /// Item leading edges (points along the axis), for snapping.
    package var itemOffsets: [Double] { ensureOffsets(); return Array(offsets.prefix(count)) }

    /// Leading edge of item i.
    package func offset(of i: Int) -> Double { ensureOffsets(); return offsets[min(max(i, 0), count)] }

    /// Length of item i (measured, hinted or estimated).
    package func length(of i: Int) -> Double { lengths[i] ?? estimatedLength }

    /// Total length along the axis.
    package var totalLength: Double { ensureOffsets(); return max((offsets.last ?? 0) - (count > 0 ? spacing : 0), 0) }

    /// The index of the item at `position` along the axis (clamped).
    package func index(at position: Double) -> Int {
        ensureOffsets()
        guard count > 0 else { return 0 }
        var lo = 0, hi = count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if offsets[mid] <= position { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    private func ensureOffsets() {
        guard !offsetsValid else { return }
        offsets = [Double](repeating: 0, count: count + 1)
        var p = 0.0
        for i in 0..<count { offsets[i] = p; p += (lengths[i] ?? estimatedLength) + spacing }
        offsets[count] = p
        offsetsValid = true
        needsPlacing = true
    }

    public override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        let cross = proposal.value(axis.cross).flatMap { $0.isFinite ? $0 : nil } ?? crossLength
        return Size.along(axis, totalLength, cross: cross)
    }

    /// Shows the items within `range` (points along the axis, in this stack's space).
    /// Returns how much the items before the first visible one changed length while being
    /// measured, so a scroll view can keep what is on screen still.
    @discardableResult
    public func show(_ range: ClosedRange<Double>) -> Double {
        visible = range
        return realize()
    }

    private func realize() -> Double {
        guard count > 0 else { return 0 }
        let lo = visible.lowerBound - margin, hi = visible.upperBound + margin
        let first = index(at: lo), last = index(at: hi)
        for (i, node) in realized where i < first || i > last {
            release(node)
            realized[i] = nil
        }
        var shiftBefore = 0.0
        let anchor = index(at: visible.lowerBound)
        var fresh: [Int] = []
        for i in first...last where realized[i] == nil {
            let node = builder(i)
            // Children stay in item order, so focus and semantics read in list order.
            adopt(node, at: realized.keys.filter { $0 < i }.count)
            realized[i] = node
            fresh.append(i)
            let measured = measure(node)
            if measured != length(of: i) {
                if i < anchor { shiftBefore += measured - length(of: i) }
                lengths[i] = measured
                offsetsValid = false
            }
        }
        ensureOffsets()
        if needsPlacing { placeRealized() } else { for i in fresh { placeItem(i) } }
        return shiftBefore
    }

    private func measure(_ node: Node) -> Double {
        node.sizeThatFits(.along(axis, nil, cross: crossLength)).value(axis)
    }

    private func placeRealized() {
        ensureOffsets()
        needsPlacing = false
        for i in realized.keys { placeItem(i) }
    }

    /// Places realized item i where the offsets put it.
    private func placeItem(_ i: Int) {
        guard let node = realized[i] else { return }
        let o = offsets[i]
        node.place(at: axis == .vertical ? Point(x: 0, y: o) : Point(x: o, y: 0), size: Size.along(axis, length(of: i), cross: crossLength))
    }

    public override func placeChildren(in size: Size) {
        let cross = size.value(axis.cross)
        let crossChanged = cross != crossLength
        if crossChanged {
            // A new width changes every wrapped item: forget the measurements.
            crossLength = cross
            lengths = (0..<count).map { lengthHint?($0) }
            offsetsValid = false
        }
        for (i, node) in realized where node.needsLayout || crossChanged {
            let m = measure(node)
            if m != length(of: i) { lengths[i] = m; offsetsValid = false }
        }
        placeRealized()
    }

    /// Drops every realized item and makes the visible ones again (their builder changed).
    public func reload() {
        for (_, node) in realized { release(node) }
        realized.removeAll()
        _ = realize()
    }

    /// The realized node of item i, if it exists now.
    public func node(at i: Int) -> Node? { realized[i] }
}
