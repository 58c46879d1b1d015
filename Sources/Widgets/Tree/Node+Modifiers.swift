import Effects
import Geometry
import Render

/// SwiftUI-style modifiers: each wraps the node in a layout node (or sets a property) and
/// returns the result, so they chain.
extension Node {
    /// The node with `all` points around it.
    public func padding(_ all: Double) -> Node { Padding(Insets(all), self) }
    /// The node with `insets` around it.
    public func padding(_ insets: Insets) -> Node { Padding(insets, self) }

    /// The node in a frame of a fixed width and height (SwiftUI's `.frame(width:height:alignment:)`).
    public func frame(width: Double? = nil, height: Double? = nil, alignment: Alignment = .center) -> Node {
        Frame(self, width: width, height: height, alignment: alignment)
    }

    /// The node in a frame bounded in width and height (SwiftUI's `.frame(minWidth:…)`).
    public func frame(minWidth: Double? = nil, maxWidth: Double? = nil, minHeight: Double? = nil, maxHeight: Double? = nil,
                      alignment: Alignment = .center) -> Node {
        Frame(self, minWidth: minWidth, maxWidth: maxWidth, minHeight: minHeight, maxHeight: maxHeight, alignment: alignment)
    }

    /// The node at `ratio` (width over height), fitted or filled.
    public func aspectRatio(_ ratio: Double, contentMode: ContentMode = .fit) -> Node { AspectRatio(ratio, mode: contentMode, self) }

    /// The node with `node` over it.
    public func overlay(_ node: Node, alignment: Alignment = .center) -> Node {
        if let d = self as? Decorated, d.alignment == alignment { d.addChild(node); return d }
        return Decorated(self, overlays: [node], alignment: alignment)
    }

    /// The node with `node` behind it.
    public func background(_ node: Node, alignment: Alignment = .center) -> Node {
        Decorated(self, backgrounds: [node], alignment: alignment)
    }

    /// A filled shape behind the node (SwiftUI's `background(_:in:)`).
    public func background(_ color: Color, in shape: ClipShape = .rect) -> Node {
        background(ShapeNode(shape, fill: .color(color)))
    }

    /// Clips the node (and what it draws) to `shape`.
    @discardableResult public func clipShape(_ shape: ClipShape) -> Self { clip = shape; return self }
    /// Draws a shadow under the node's shape.
    @discardableResult public func shadow(_ style: ShadowStyle) -> Self { shadow = style; return self }
    /// Sets the node's opacity, 0…1.
    @discardableResult public func opacity(_ value: Double) -> Self { opacity = value; return self }
    /// Names the node, for tests and traces.
    @discardableResult public func named(_ n: String) -> Self { name = n; return self }

    /// Sets what assistive technology learns of the node.
    @discardableResult public func accessibility(label: String? = nil, value: String? = nil,
                                                 traits: Set<Semantics.Trait>? = nil, hidden: Bool? = nil) -> Self {
        if let label { semantics.label = label }
        if let value { semantics.value = value }
        if let traits { semantics.traits = traits }
        if let hidden { semantics.hidden = hidden }
        return self
    }
}
