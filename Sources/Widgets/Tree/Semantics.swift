/// What assistive technology and tests learn about a node.
public struct Semantics: Hashable, Sendable {
    /// What kind of element it is, and its state.
    public enum Trait: String, Sendable, Hashable, Comparable, CaseIterable {
        /// Pressed to act: AT-SPI's push button.
        case button
        /// A picture: AT-SPI's image.
        case image
        /// A heading: AT-SPI's heading.
        case header
        /// Static text: AT-SPI's label.
        case text
        /// Selected (a chosen row, a switch that is on).
        case selected
        /// Holding the keyboard focus.
        case focused
        /// A value set by dragging or arrow keys (a slider, a stepper): AT-SPI's slider and
        /// spin button.
        case adjustable
        /// On or off (a switch): AT-SPI's toggle button; `selected` when on.
        case toggle
        /// Editable text.
        case textField
        public static func < (a: Trait, b: Trait) -> Bool { a.rawValue < b.rawValue }
    }
    /// What a node that holds others is, for assistive technology (AT-SPI's scroll pane, list,
    /// page tab list, panel). Containers say nothing by themselves, so the text dump leaves
    /// them out; the accessible tree keeps them as its structure.
    public enum Container: String, Sendable, Hashable {
        /// A scroll view: AT-SPI's scroll pane.
        case scrollPane
        /// A list of like items: AT-SPI's list.
        case list
        /// A row of tabs: AT-SPI's page tab list.
        case tabList
        /// A group of controls: AT-SPI's panel.
        case panel
    }
    /// A value a person sets in a range (a slider, a stepper), as numbers.
    public struct Range: Sendable, Hashable {
        /// The value now.
        public var value: Double
        /// The least value.
        public var minimum: Double
        /// The greatest value.
        public var maximum: Double
        /// The smallest change (0: continuous).
        public var step: Double
        /// Shown as a stepper (AT-SPI's spin button) rather than a slider.
        public var isStepper: Bool
        /// A range at `value` from `minimum` to `maximum` in steps of `step`.
        public init(value: Double, minimum: Double, maximum: Double, step: Double, isStepper: Bool = false) {
            self.value = value; self.minimum = minimum; self.maximum = maximum; self.step = step; self.isStepper = isStepper
        }
    }
    /// The node's name, as a screen reader says it.
    public var label: String?
    /// Its value, in words ("In full color").
    public var value: String?
    /// What the node is for, said after its name and value (AT-SPI's description).
    public var hint: String?
    /// What kind of element it is, and its state.
    public var traits: Set<Trait>
    /// Hides this node and everything under it.
    public var hidden: Bool
    /// What the node contains, when it is a container.
    public var container: Container?
    /// The numbers behind an adjustable value.
    public var range: Range?
    /// Semantics with this label, value and traits, hidden or not.
    public init(label: String? = nil, value: String? = nil, traits: Set<Trait> = [], hidden: Bool = false) {
        self.label = label; self.value = value; self.traits = traits; self.hidden = hidden
    }
    /// Whether the node says anything by itself.
    public var isEmpty: Bool { label == nil && value == nil && hint == nil && traits.isEmpty }
}
