import Effects
import Geometry
import Render

/// SwiftUI-style modifiers: each wraps the node in a layout node (or sets a property) and
/// returns the result, so they chain.
extension Node {
    public func padding(_ all: Double) -> Node { Padding(Insets(all), self) }
    public func padding(_ insets: Insets) -> Node { Padding(insets, self) }

    public func frame(width: Double? = nil, height: Double? = nil, alignment: Alignment = .center) -> Node {
        Frame(self, width: width, height: height, alignment: alignment)
    }

    public func frame(minWidth: Double? = nil, maxWidth: Double? = nil, minHeight: Double? = nil, maxHeight: Double? = nil,
                      alignment: Alignment = .center) -> Node {
        Frame(self, minWidth: minWidth, maxWidth: maxWidth, minHeight: minHeight, maxHeight: maxHeight, alignment: alignment)
    }

    public func aspectRatio(_ ratio: Double, contentMode: ContentMode = .fit) -> Node { AspectRatio(ratio, mode: contentMode, self) }

    public func overlay(_ node: Node, alignment: Alignment = .center) -> Node {
        if let d = self as? Decorated, d.alignment == alignment { d.addChild(node); return d }
        return Decorated(self, overlays: [node], alignment: alignment)
    }

    public func background(_ node: Node, alignment: Alignment = .center) -> Node {
        Decorated(self, backgrounds: [node], alignment: alignment)
    }

    /// A filled shape behind the node (SwiftUI's `background(_:in:)`).
    public func background(_ color: Color, in shape: ClipShape = .rect) -> Node {
        background(ShapeNode(shape, fill: .color(color)))
    }

    @discardableResult public func clipShape(_ shape: ClipShape) -> Self { clip = shape; return self }
    @discardableResult public func shadow(_ style: ShadowStyle) -> Self { shadow = style; return self }
    @discardableResult public func opacity(_ value: Double) -> Self { opacity = value; return self }
    @discardableResult public func named(_ n: String) -> Self { name = n; return self }

    @discardableResult public func accessibility(label: String? = nil, value: String? = nil,
                                                 traits: Set<Semantics.Trait>? = nil, hidden: Bool? = nil) -> Self {
        if let label { semantics.label = label }
        if let value { semantics.value = value }
        if let traits { semantics.traits = traits }
        if let hidden { semantics.hidden = hidden }
        return self
    }
}
