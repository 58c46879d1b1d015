import Animation
import Geometry
import Render
import Synchronization

/// A node of the retained widget tree. Subclasses override `sizeThatFits`, `placeChildren`
/// and `paint`; everything else (transforms, clips, layers, shadows, semantics, hit testing,
/// invalidation) is shared here.
///
/// Property setters that change a value mark the node: layout properties with
/// `setNeedsLayout()`, visual ones with `setNeedsDisplay()`; unchanged values do nothing.
open class Node {
    /// The node that holds this one. Not a weak reference, which would give every parent a
    /// side table and make each step up the tree (damage, transforms, the tree itself) and each
    /// retain of a parent atomic work: a node clears it in its children when it goes, so it
    /// never dangles (nodes live on the main thread).
    public private(set) unowned(unsafe) var parent: Node?
    /// The children, in drawing order.
    public private(set) var children: [Node] = []
    /// The tree this node is attached to (only the root holds it).
    weak var host: WidgetTree?

    /// Position and size in the parent's coordinates, set by layout.
    public internal(set) var frame: Rect = .zero
    /// The node's own coordinate space: origin at its top-left.
    public var bounds: Rect { Rect(size: frame.size) }

    /// Whether it must be laid out again.
    public internal(set) var needsLayout = true
    /// Whether it must be drawn again.
    package internal(set) var needsDisplay = true
    private var lastLayoutSize: Size?

    /// A debugging name (shown in the semantics dump when no label is set).
    public var name: String?

    private static let lastID = Atomic<Int>(0)
    /// Counts this subtree coming into or going from its tree, when it holds a scroll view: the
    /// tree keeps the scroll views it found while its count stays the same (a lazy list's rows
    /// come and go as it scrolls; most hold none).
    private func noteStructureChange() {
        guard let tree else { return }
        func holdsScrollView(_ n: Node) -> Bool { n is ScrollView || n.children.contains(where: holdsScrollView) }
        if holdsScrollView(self) { tree.structureChanges += 1 }
    }
    /// Unique among the nodes of a run, for the node's life: how assistive technology tells
    /// nodes apart from one snapshot of the tree to the next.
    package let nodeID = Node.lastID.add(1, ordering: .relaxed).newValue
    /// Sets the value of an adjustable node when assistive technology asks (a slider's, a
    /// stepper's), as a person dragging or stepping it would.
    package var setAccessibleValue: ((Double) -> Void)?
    /// Replaces the text of an editable node when assistive technology asks.
    package var setAccessibleText: ((String) -> Void)?

    /// Running property animations by property (see `animateChange`).
    var animations: [AnyKeyPath: AnyObject] = [:]
    /// Set while an animation writes a presented value, so the write is not taken over again.
    var isApplyingAnimation = false
    /// Called with this node's frame in its scroll view's viewport whenever the view scrolls
    /// (see `frameInScrollView`).
    public var onScrollGeometryChange: ((Rect) -> Void)?
    /// Animations for changes made outside any transaction, by property (`\Node.opacity`,
    /// `\ImageNode.saturation`, …): SwiftUI's `.animation(_:value:)`.
    package var implicitAnimations: [AnyKeyPath: Animation] = [:]

    /// A node with `children`.
    public init(children: [Node] = []) {
        for c in children { addChild(c) }
    }

    deinit {
        for c in children { c.parent = nil }
    }

    // MARK: - Visual properties

    /// Applied in the node's own coordinates, before moving it to its frame's origin.
    /// Animatable ("transform").
    public var transform: AffineTransform = .identity {
        didSet {
            guard transform != oldValue else { return }
            visualBoundsChanged(own: false)
            if animateChange(\.transform, from: oldValue) { return }
            setNeedsDisplay(old: oldValue)
        }
    }
    /// Group opacity 0…1; below 1 the subtree is drawn as a layer. Animatable ("opacity").
    public var opacity: Double = 1 {
        didSet {
            guard opacity != oldValue else { return }
            if animateChange(\.opacity, from: oldValue) { return }
            setNeedsDisplay()
        }
    }
    /// Clips the node and its subtree to a shape in its bounds.
    public var clip: ClipShape? { didSet { if clip != oldValue { visualBoundsChanged(own: true); setNeedsDisplay() } } }
    /// A layer effect (pixelate, projection) over the subtree.
    public var layerEffect: LayerEffect? { didSet { if layerEffect != oldValue { visualBoundsChanged(own: true); setNeedsDisplay() } } }
    /// A shadow cast by what the node draws: its `shadowShape` (its clip, or its bounds) at the
    /// alpha of its content (`shadowAlpha`: a 30 % fill casts a 30 % shadow), faded with the
    /// node's opacity, as SwiftUI's `.shadow` is cast by the view's rendered alpha.
    public var shadow: ShadowStyle? { didSet { if shadow != oldValue { visualBoundsChanged(own: true); setNeedsDisplay() } } }
    /// A shadow of the subtree's own silhouette (text, icons): drawn through an offscreen
    /// layer, so it costs more than `shadow`, which uses the node's shape.
    package var contentShadow: ShadowStyle? { didSet { if contentShadow != oldValue { visualBoundsChanged(own: true); setNeedsDisplay() } } }
    /// Not drawn, not hit, not in semantics, but still laid out.
    public var isHidden = false { didSet { if isHidden != oldValue { visualBoundsChanged(own: false); setNeedsDisplay() } } }
    /// What assistive technology and tests learn of it.
    public var semantics = Semantics()
    /// Whether pointer input finds it.
    public var hitTestBehavior: HitTestBehavior = .automatic
    /// Whether this node answers pointer input itself (buttons do).
    package var isInteractive: Bool { false }
    /// Whether this node draws content of its own (for `.automatic` hit testing).
    open var paintsContent: Bool { false }
    /// Whether `paint` honours `paintOpacity`, so that a childless node fading out needs no
    /// offscreen layer (one fill or one image cannot overlap itself).
    open var appliesOpacityItself: Bool { false }
    /// The outline `shadow` is cast by, in the node's own space.
    package var shadowShape: Shape { (clip ?? .rect).shape(in: bounds) }
    /// The alpha of what the node draws inside `shadowShape` (1: opaque).
    package var shadowAlpha: Double { 1 }
    /// The opacity `paint` should apply itself (see `appliesOpacityItself`); 1 otherwise.
    package internal(set) var paintOpacity = 1.0

    // MARK: - Tree

    /// Adds `child` last.
    public func addChild(_ child: Node) { insertChild(child, at: children.count) }

    /// Inserts `child` at `index`, taking it from its parent first.
    public func insertChild(_ child: Node, at index: Int) {
        child.removeFromParent()
        child.parent = self
        children.insert(child, at: min(max(index, 0), children.count))
        visualBoundsChanged(own: true)
        child.noteStructureChange()
        child.setNeedsDisplay()
        setNeedsLayout()
    }

    /// Takes the node out of its parent.
    public func removeFromParent() {
        guard let p = parent else { return }
        p.addDamage(windowVisualBounds())
        p.children.removeAll { $0 === self }
        p.visualBoundsChanged(own: true)
        noteStructureChange()
        parent = nil
        p.setNeedsLayout()
    }

    /// Takes every child out.
    public func removeAllChildren() { for c in children { c.removeFromParent() } }

    /// Adds a child that this node lays out itself (a lazy stack's realized item): the
    /// ancestors' layout is not invalidated.
    func adopt(_ child: Node, at index: Int) {
        child.removeFromParent()
        child.parent = self
        children.insert(child, at: min(max(index, 0), children.count))
        visualBoundsChanged(own: true)
        child.noteStructureChange()
        child.needsDisplay = true
        tree?.nodeNeedsDisplay(child)
    }

    /// Removes a child this node laid out itself, damaging its area only.
    func release(_ child: Node) {
        guard child.parent === self else { return }
        addDamage(child.windowVisualBounds())
        children.removeAll { $0 === child }
        visualBoundsChanged(own: true)
        child.noteStructureChange()
        child.parent = nil
    }

    /// The topmost ancestor.
    public var root: Node { parent?.root ?? self }
    /// The tree this node belongs to, if attached.
    public var tree: WidgetTree? { root.host }

    // MARK: - Invalidation

    /// Marks this node and its ancestors for layout, and its area for redraw.
    /// Stops at a layout boundary (a node whose size does not depend on its content, such as
    /// a fixed frame): the tree lays that subtree out on its own, and nothing above moves.
    public func setNeedsLayout() {
        var n: Node? = self
        while let node = n, !node.needsLayout || node === self {
            node.needsLayout = true
            if node.isLayoutBoundary, node.parent != nil {
                tree?.layoutBoundaries.append(node)
                break
            }
            n = node.parent
        }
        setNeedsDisplay()
    }

    /// Whether this node's size is fixed whatever its children want (see `setNeedsLayout`).
    package var isLayoutBoundary: Bool { false }

    /// Marks this node's area for redraw: its current area now, its new area after layout.
    public func setNeedsDisplay() {
        addDamage(windowVisualBounds())
        needsDisplay = true
        tree?.nodeNeedsDisplay(self)
    }

    /// Like `setNeedsDisplay`, for a transform change: damages the area under the old transform.
    func setNeedsDisplay(old: AffineTransform) {
        if tree != nil, !hasLayerAncestor {
            let toParent = old.concatenating(.translation(frame.minX, frame.minY))
            let toWindow = parent.map { toParent.concatenating($0.transformToWindow) } ?? toParent
            addDamage(toWindow.apply(visualBounds()).integral())
        }
        setNeedsDisplay()
    }

    /// Whether an ancestor draws this node through a layer effect.
    var hasLayerAncestor: Bool {
        var n = parent
        while let node = n { if node.layerEffect != nil { return true }; n = node.parent }
        return false
    }

    func addDamage(_ r: Rect) { if !r.isEmpty { tree?.addDamage(r) } }

    // MARK: - Layout

    /// The size this node wants for a proposal. Override; the default takes the proposal,
    /// with nil as 0 (or the largest child's ideal size when it has children).
    open func sizeThatFits(_ proposal: ProposedSize) -> Size {
        if children.isEmpty { return proposal.replacingUnspecified(with: .zero).finite }
        var s = Size.zero
        for c in children { let cs = c.sizeThatFits(proposal); s = Size(width: max(s.width, cs.width), height: max(s.height, cs.height)) }
        return Size(width: proposal.width.map { $0.isFinite ? $0 : s.width } ?? s.width,
                    height: proposal.height.map { $0.isFinite ? $0 : s.height } ?? s.height)
    }

    /// Places the children inside `size` (this node's own bounds). The default puts every
    /// child over the whole bounds, centred at its own size (a ZStack).
    open func placeChildren(in size: Size) {
        for c in children {
            let cs = c.sizeThatFits(ProposedSize(size))
            c.place(at: Alignment.center.origin(of: cs, in: size), size: cs)
        }
    }

    /// Gives this node its frame (in the parent's space) and lays out its children.
    public func place(at origin: Point, size: Size) {
        let new = Rect(origin: origin, size: size.finite)
        if new != frame {
            addDamage(windowVisualBounds())
            visualBoundsChanged(own: new.size != frame.size)
            frame = new
            needsDisplay = true
            tree?.nodeNeedsDisplay(self)
        }
        layoutIfNeeded()
    }

    /// Lays out the children when something changed or the size is new.
    package func layoutIfNeeded() {
        if needsLayout || lastLayoutSize != frame.size {
            lastLayoutSize = frame.size
            needsLayout = false
            placeChildren(in: frame.size)
        }
    }

    // MARK: - Painting

    /// Draws this node's own content in its bounds (children are drawn after, on top).
    open func paint(into list: inout DisplayList) {}

    /// The transform from this node's space to its parent's.
    public var transformToParent: AffineTransform { transform.concatenating(.translation(frame.minX, frame.minY)) }

    /// Appends this node and its subtree to `list`.
    package final func build(into list: inout DisplayList) { build(into: &list, within: nil) }

    /// Appends this node and its subtree to `list`, leaving out what lies wholly outside
    /// `visible` (the parent's space; nil: nothing is left out): rows a lazy list realized
    /// beyond its viewport, chips scrolled out of sight. Inside a pixelate, projection or
    /// drop-shadow layer nothing is left out for what is outside (a block's average, a
    /// projected or a shadow's pixel can come from there); a clip still cuts.
    package func build(into list: inout DisplayList, within visible: Rect?) {
        needsDisplay = false
        guard !isHidden, opacity > 0 else { return }
        let toParent = transformToParent
        if let visible, !toParent.apply(visualBounds()).intersects(visible) { return }
        // What of `visible` the children can show in (their parent's space: this node's).
        var inner: Rect?
        if !children.isEmpty {
            if layerEffect == nil && contentShadow == nil { inner = visible.flatMap { v in toParent.inverted().map { $0.apply(v) } } }
            if clip != nil { inner = inner.map { $0.intersection(bounds) } ?? bounds }
        }
        list.withTransform(toParent) { list in
            let b = bounds
            let direct = opacity < 1 && children.isEmpty && appliesOpacityItself
            let wrapOpacity = opacity < 1 && !direct
            paintOpacity = direct ? opacity : 1
            if wrapOpacity { list.append(.pushLayer(.opacity(opacity), bounds: visualBounds())) }
            // Inside the opacity layer (or at the opacity the node paints with): the shadow
            // fades with what casts it.
            if let s = shadow, shadowAlpha > 0 {
                list.append(.shadow(shadowShape, color: s.color.opacity(shadowAlpha * paintOpacity), blur: s.radius, offset: s.offset))
            }
            if let cs = contentShadow { list.append(.pushLayer(.dropShadow(color: cs.color, radius: cs.radius, offset: cs.offset), bounds: b)) }
            if let e = layerEffect {
                // Pixelate blocks start at the view's own bounds; a projection carries all it draws (shadows too).
                if case .projection = e { list.append(.pushLayer(e, bounds: visualBounds())) } else { list.append(.pushLayer(e, bounds: b)) }
            }
            if let c = clip { list.append(.pushClip(c.shape(in: b))) }
            paint(into: &list)
            for child in children { child.build(into: &list, within: inner) }
            if clip != nil { list.append(.popClip) }
            if layerEffect != nil { list.append(.popLayer) }
            if contentShadow != nil { list.append(.popLayer) }
            if wrapOpacity { list.append(.popLayer) }
        }
    }

    // MARK: - Geometry

    /// The kept `visualBounds` (nil: to be measured).
    private var keptVisualBounds: Rect?

    /// Forgets the kept visual bounds of this node (`own`: its size, shadows, clip, layer or
    /// children changed) and of its ancestors, which hold it (its place or transform changed
    /// too). An ancestor with none kept has none kept above it that depends on this node:
    /// measuring a node measures the children it depends on.
    func visualBoundsChanged(own: Bool) {
        if own { keptVisualBounds = nil }
        var n = parent
        while let node = n, node.keptVisualBounds != nil {
            node.keptVisualBounds = nil
            n = node.parent
        }
    }

    /// The transform from this node's space to the window's.
    public var transformToWindow: AffineTransform {
        var t = transformToParent
        var p = parent
        while let node = p { t = t.concatenating(node.transformToParent); p = node.parent }
        return t
    }

    /// This node's bounds in window points.
    public var windowFrame: Rect { transformToWindow.apply(bounds) }

    /// The area this subtree may draw on, in its own space: bounds, shadow and children,
    /// cut by the clip. Kept until something it depends on changes (`visualBoundsChanged`):
    /// damage asks for it whenever a node moves, and a moving scroll view's content holds
    /// every row.
    package func visualBounds() -> Rect {
        if let kept = keptVisualBounds { return kept }
        let r = measureVisualBounds()
        keptVisualBounds = r
        return r
    }

    /// Works `visualBounds` out afresh. A subclass that draws further than its bounds, its
    /// shadows and its children (a control's focus ring) adds to it.
    package func measureVisualBounds() -> Rect {
        var r = bounds
        for s in [shadow, contentShadow] {
            guard let s else { continue }
            r = r.union(bounds.offsetBy(dx: s.offset.x, dy: s.offset.y).insetBy(dx: -s.extent, dy: -s.extent))
        }
        var content = bounds
        // A clip keeps the children inside the bounds: they need not be measured.
        if clip == nil {
            for c in children where !c.isHidden { content = content.union(c.transformToParent.apply(c.visualBounds())) }
        }
        if case .projection(let p)? = layerEffect {
            let corners = [Point(content.minX, content.minY), Point(content.maxX, content.minY),
                           Point(content.minX, content.maxY), Point(content.maxX, content.maxY)].compactMap { p.apply($0) }
            content = corners.count == 4 ? Rect.bounding(corners) : content
        }
        return r.union(content)
    }

    /// The area to redraw when this node changes, in window points. Inside a pixelate or
    /// projection layer a change moves whole blocks, so the layer's whole area is damaged.
    /// What the clipping ancestors (scroll views, rounded cards) leave visible, in window
    /// points; nil when none clips.
    package var windowClip: Rect? {
        var r: Rect?
        var n = parent
        while let node = n {
            if node.clip != nil { r = r.map { $0.intersection(node.windowFrame) } ?? node.windowFrame }
            n = node.parent
        }
        return r
    }

    /// Whether `other` is this node or inside it.
    public func isAncestor(of other: Node) -> Bool {
        var n: Node? = other
        while let node = n { if node === self { return true }; n = node.parent }
        return false
    }

    /// What to damage when this subtree changes, in window points: its visual bounds (the
    /// outermost layer effect's around it, as a change inside moves whole blocks), less what
    /// clipping ancestors cut away; zero when it shows nowhere or is in no tree.
    package func windowVisualBounds() -> Rect {
        guard !frame.isEmpty || !children.isEmpty else { return .zero }
        // One walk up for the outermost ancestor with a layer effect and the root…
        var owner = self, top = self
        while let p = top.parent {
            if p.layerEffect != nil { owner = p }
            top = p
        }
        guard top.host != nil else { return .zero }
        // …and one from the owner up: into each parent's space, cut by its clip.
        var r = owner.visualBounds()
        var node = owner
        while let p = node.parent {
            r = node.transformToParent.apply(r)
            if p.clip != nil { r = r.intersection(p.bounds) }
            if r.isEmpty { return .zero }
            node = p
        }
        return node.transformToParent.apply(r).integral()
    }
}

extension Size {
    /// Infinite dimensions replaced by 0 (an infinite proposal answered as-is is a bug).
    var finite: Size { Size(width: width.isFinite ? width : 0, height: height.isFinite ? height : 0) }
}
