/// What assistive technology and tests learn about a node.
public struct Semantics: Hashable, Sendable {
    public enum Trait: String, Sendable, Hashable, Comparable, CaseIterable {
        case button, image, header, text, selected, focused
        /// A value set by dragging or arrow keys (a slider, a stepper): AT-SPI's slider and
        /// spin button.
        case adjustable
        /// On or off (a switch): AT-SPI's toggle button; `selected` when on.
        case toggle
        /// Editable text.
        case textField
        public static func < (a: Trait, b: Trait) -> Bool { a.rawValue < b.rawValue }
    }
    public var label: String?
    public var value: String?
    public var traits: Set<Trait>
    /// Hides this node and everything under it.
    public var hidden: Bool
    public init(label: String? = nil, value: String? = nil, traits: Set<Trait> = [], hidden: Bool = false) {
        self.label = label; self.value = value; self.traits = traits; self.hidden = hidden
    }
    /// Whether the node says anything by itself.
    public var isEmpty: Bool { label == nil && value == nil && traits.isEmpty }
}
