import Animation
import Geometry
import Render

/// A tappable control: hit-tested, drawn pressed, hovered and focused; fires its action when
/// a press is released inside it, or on Space / Return when focused.
///
/// Styles: `.borderedProminent` (a filled, rounded, large button with an icon and a title, as
/// the spoiler demo's) and `.plain` (any content, e.g. a photo, dimmed while pressed).
public final class Button: Control {
    /// How the button looks.
    public enum Style: Sendable {
        /// Filled, rounded and large, with an icon and a title.
        case borderedProminent
        /// Its content as it is, dimmed while pressed.
        case plain
    }

    /// How it looks: filled and rounded, or its content as it is.
    public let style: Style
    /// Called when a press is let go inside it, or Space or Return is pressed while it has focus.
    public var action: () -> Void
    /// The title of a bordered button (also its semantics label).
    public var title: String { didSet { titleNode?.string = title; semantics.label = title } }
    /// The icon of a bordered button.
    public var icon: Icon? {
        didSet {
            iconNode?.string = icon?.text ?? ""
            if iconNode?.isHidden != (icon == nil) { iconNode?.isHidden = icon == nil; setNeedsLayout() }
        }
    }
    /// The fill of a bordered button.
    public var tint: Color = .accent { didSet { setNeedsDisplay() } }

    /// Times the action has fired (for readouts and tests).
    public private(set) var activations = 0

    private var titleNode: TextNode?
    /// The title's text node of a bordered button (nil for a plain one).
    public var titleLabel: TextNode? { titleNode }
    private var iconNode: TextNode?
    private let content: Node
    /// The bordered button's icon and title, and the outgoing ones while they cross-fade.
    private var labelRow: Node?
    private var outgoingRow: Node?

    /// Corner radius of the bordered style (SwiftUI's large control size).
    static let cornerRadius = 14.0

    /// A bordered-prominent button with a title and an optional icon.
    public init(_ title: String, icon: Icon? = nil, action: @escaping () -> Void = {}) {
        style = .borderedProminent
        self.title = title
        self.icon = icon
        self.action = action
        let t = TextNode(title, style: .body, weight: .semibold, color: .white).accessibility(hidden: true)
        let i = TextNode(icon?.text ?? "", font: .icons(size: 22), color: .white).accessibility(hidden: true)
        i.isHidden = icon == nil
        titleNode = t
        iconNode = i
        let row = HStack(spacing: 8, [i, t]).padding(Insets(vertical: 14, horizontal: 20))
        labelRow = row
        content = ZStack([row])
        super.init(content)
        semantics = Semantics(label: title, traits: [.button])
        clip = nil
    }

    /// A plain button around any content (a tappable photo).
    public init(label: String, content: Node, action: @escaping () -> Void = {}) {
        style = .plain
        title = label
        self.action = action
        self.content = content
        super.init(content)
        semantics = Semantics(label: label, traits: [.button])
    }


    public override func pressedChanged() {
        if style == .plain { content.opacity = isPressed ? 0.7 : 1 }
        setNeedsDisplay()
    }

    /// Changes a bordered button's title and icon together. Inside an animated transaction the
    /// old label fades out as the new one fades in (SwiftUI cross-fades a Label whose text and
    /// image change within `withAnimation`); otherwise they change at once.
    public func setLabel(_ title: String, icon: Icon?) {
        guard style == .borderedProminent, title != self.title || icon != self.icon else { return }
        let animation = Transaction.current?.animation
        if animation != nil, let row = labelRow, let stack = content as? ZStack {
            outgoingRow?.removeFromParent()
            let oldIcon = TextNode(self.icon?.text ?? "", font: .icons(size: 22), color: .white).accessibility(hidden: true)
            oldIcon.isHidden = self.icon == nil
            let old = HStack(spacing: 8, [oldIcon, TextNode(self.title, style: .body, weight: .semibold, color: .white).accessibility(hidden: true)])
                .padding(Insets(vertical: 14, horizontal: 20))
            stack.insertChild(old, at: 0)
            outgoingRow = old
            withAnimation(nil) { row.opacity = 0 }
            withAnimation(animation, {
                old.opacity = 0
                row.opacity = 1
            }, completion: { [weak self, weak old] in
                guard let self, let old, outgoingRow === old else { return }
                old.removeFromParent()
                outgoingRow = nil
                setNeedsLayout()
            })
        }
        self.title = title
        self.icon = icon
    }

    /// Runs the action (a release inside, or Space / Return while focused).
    public override func activate() {
        activations += 1
        action()
    }

    /// The shape the button is drawn and hit in.
    var shape: ClipShape {
        style == .borderedProminent ? .roundedRect(radius: Button.cornerRadius, style: .continuous) : (content.clip ?? clip ?? .rect)
    }

    public override func paint(into list: inout DisplayList) {
        let b = bounds
        if style == .borderedProminent {
            list.fill(shape.shape(in: b), tint)
            if isPressed { list.fill(shape.shape(in: b), Color.black.opacity(0.22)) } else if isHovered { list.fill(shape.shape(in: b), Color.white.opacity(0.12)) }
        }
    }

    public override var focusShape: ClipShape { shape }
}
