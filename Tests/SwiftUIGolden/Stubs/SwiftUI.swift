// A stand-in for the part of Apple's SwiftUI the generated snippets use, declared with the
// signatures of Apple's documentation, so that `swiftc -typecheck` checks the snippets'
// names, labels, argument order and types on Linux (SwiftUICodeTests). Only the interface
// matters: nothing here draws. Not part of Lumen.
@_exported import Foundation

public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}
extension Never: View { public var body: Never { return fatalError() } }
/// A view SwiftUI draws itself.
public protocol PrimitiveView: View where Body == Never {}
extension PrimitiveView { public var body: Never { return fatalError() } }

@resultBuilder public enum ViewBuilder {
    public static func buildExpression<V: View>(_ v: V) -> V { v }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<each V: View>(_ v: repeat each V) -> TupleView<(repeat each V)> { TupleView() }
    public static func buildIf<V: View>(_ v: V?) -> V? { v }
    public static func buildEither<T: View, F: View>(first: T) -> ConditionalContent<T, F> { ConditionalContent() }
    public static func buildEither<T: View, F: View>(second: F) -> ConditionalContent<T, F> { ConditionalContent() }
}
extension Optional: View where Wrapped: View { public var body: Never { return fatalError() } }
public struct EmptyView: PrimitiveView { public init() {} }
public struct TupleView<T>: PrimitiveView {}
public struct ConditionalContent<T, F>: PrimitiveView {}
/// What every modifier returns here.
public struct Modified<Content>: PrimitiveView {}

// MARK: Values

public struct UnitPoint: Hashable, Sendable {
    public var x: CGFloat, y: CGFloat
    public init(x: CGFloat, y: CGFloat) { self.x = x; self.y = y }
    public static let topLeading = UnitPoint(x: 0, y: 0), top = UnitPoint(x: 0.5, y: 0), topTrailing = UnitPoint(x: 1, y: 0)
    public static let leading = UnitPoint(x: 0, y: 0.5), center = UnitPoint(x: 0.5, y: 0.5), trailing = UnitPoint(x: 1, y: 0.5)
    public static let bottomLeading = UnitPoint(x: 0, y: 1), bottom = UnitPoint(x: 0.5, y: 1), bottomTrailing = UnitPoint(x: 1, y: 1)
}
public struct Alignment: Sendable {
    public static let center = Alignment(), leading = Alignment(), trailing = Alignment(), top = Alignment(), bottom = Alignment()
    public static let topLeading = Alignment(), bottomLeading = Alignment(), bottomTrailing = Alignment(), topTrailing = Alignment()
}
public struct HorizontalAlignment: Sendable { public static let leading = Self(), center = Self(), trailing = Self() }
public enum Axis: Sendable { case horizontal, vertical
    public struct Set: OptionSet, Sendable { public let rawValue: Int8; public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1), vertical = Set(rawValue: 2) }
}
public enum Edge: Sendable { case top, leading, bottom, trailing
    public struct Set: OptionSet, Sendable { public let rawValue: Int8; public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let top = Set(rawValue: 1), leading = Set(rawValue: 2), bottom = Set(rawValue: 4), trailing = Set(rawValue: 8)
        public static let horizontal: Set = [.leading, .trailing], vertical: Set = [.top, .bottom], all: Set = [.horizontal, .vertical] }
}
public struct SafeAreaRegions: OptionSet, Sendable { public let rawValue: Int; public init(rawValue: Int) { self.rawValue = rawValue }
    public static let all = SafeAreaRegions(rawValue: 3) }
public struct Angle: Sendable { public var degrees: Double
    public static func degrees(_ d: Double) -> Angle { Angle(degrees: d) } }
public struct LocalizedStringResource: ExpressibleByStringInterpolation, Sendable {
    public init(stringLiteral value: String) {}
    public init(stringInterpolation: DefaultStringInterpolation) {}
}
public enum AccessibilityChildBehavior: Sendable { case ignore, contain, combine }
public enum ControlSize: Sendable { case mini, small, regular, large, extraLarge }
public struct AnyTransition: Sendable { public static let opacity = AnyTransition() }
public enum RoundedCornerStyle: Sendable { case circular, continuous }
public struct FillStyle: Sendable { public init() {} }

public struct Font: Sendable {
    public enum TextStyle: Sendable { case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption }
    public enum Design: Sendable { case `default`, serif, rounded, monospaced }
    public struct Weight: Sendable { public static let regular = Weight(), semibold = Weight(), bold = Weight() }
    public static func system(size: CGFloat, weight: Weight? = nil, design: Design? = nil) -> Font { Font() }
    public static func system(_ style: TextStyle, design: Design? = nil, weight: Weight? = nil) -> Font { Font() }
    public static let largeTitle = Font(), title = Font(), title2 = Font(), headline = Font(), body = Font(), subheadline = Font()
    public func bold() -> Font { self }
}

public struct Animation: Sendable {
    public static let `default` = Animation(), linear = Animation(), easeIn = Animation(), easeOut = Animation(), easeInOut = Animation()
    public static let spring = Animation(), smooth = Animation(), snappy = Animation(), bouncy = Animation(), interactiveSpring = Animation()
    public static func linear(duration: TimeInterval) -> Animation { Animation() }
    public static func easeIn(duration: TimeInterval) -> Animation { Animation() }
    public static func easeOut(duration: TimeInterval) -> Animation { Animation() }
    public static func easeInOut(duration: TimeInterval) -> Animation { Animation() }
    public static func timingCurve(_ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double, duration: TimeInterval = 0.35) -> Animation { Animation() }
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: TimeInterval = 0) -> Animation { Animation() }
    public static func spring(duration: TimeInterval = 0.5, bounce: Double = 0, blendDuration: Double = 0) -> Animation { Animation() }
}
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result { try body() }

@propertyWrapper public struct State<Value> {
    public init(wrappedValue value: Value) { stored = value }
    private var stored: Value
    public var wrappedValue: Value { get { stored } nonmutating set {} }
}
public struct EnvironmentValues { public var accessibilityReduceMotion: Bool { false } }
@propertyWrapper public struct Environment<Value> {
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }
    let keyPath: KeyPath<EnvironmentValues, Value>
    public var wrappedValue: Value { EnvironmentValues()[keyPath: keyPath] }
}

// MARK: Styles and shapes

public protocol ShapeStyle: Sendable {}
public struct Color: PrimitiveView, ShapeStyle, Hashable {
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {}
    public init(_ color: UIColor) {}
    public static let black = Color(red: 0, green: 0, blue: 0), white = Color(red: 1, green: 1, blue: 1), gray = black, red = black
    public static let orange = black, yellow = black, green = black, mint = black, teal = black, cyan = black, blue = black
    public static let indigo = black, purple = black, pink = black, brown = black, clear = black
    public func opacity(_ opacity: Double) -> Color { self }
    public var gradient: AnyGradient { AnyGradient() }
}
extension ShapeStyle where Self == Color {
    public static var black: Color { .black }
    public static var white: Color { .white }
    public static var yellow: Color { .yellow }
    public static var blue: Color { .blue }
    public static var red: Color { .red }
}
public final class UIColor: Sendable { public static let systemGroupedBackground = UIColor() }
public struct AnyGradient: ShapeStyle {}
public struct BackgroundStyle: ShapeStyle {}
public struct HierarchicalShapeStyle: ShapeStyle {}
extension ShapeStyle where Self == BackgroundStyle { public static var background: BackgroundStyle { BackgroundStyle() } }
extension ShapeStyle where Self == HierarchicalShapeStyle { public static var secondary: HierarchicalShapeStyle { HierarchicalShapeStyle() } }
public struct LinearGradient: PrimitiveView, ShapeStyle {
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {}
}

public protocol Shape: View, Sendable {}
extension Shape {
    public var body: Never { return fatalError() }
    public func fill<S: ShapeStyle>(_ content: S, style: FillStyle = FillStyle()) -> Modified<Self> { Modified() }
}
public protocol InsettableShape: Shape {}
extension InsettableShape {
    public func strokeBorder<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true) -> Modified<Self> { Modified() }
}
public struct Rectangle: InsettableShape { public init() {} }
public struct Circle: InsettableShape { public init() {} }
public struct RoundedRectangle: InsettableShape { public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {} }
extension Shape where Self == Rectangle { public static var rect: Rectangle { Rectangle() } }
extension Shape where Self == RoundedRectangle {
    public static func rect(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) -> RoundedRectangle { RoundedRectangle(cornerRadius: cornerRadius, style: style) }
}

// MARK: Views

public struct Text: PrimitiveView { public init(_ content: String) {} }
public struct Image: PrimitiveView, Hashable {
    public init(_ name: String) {}
    public init(systemName: String) {}
    public func resizable() -> Image { self }
}
public struct Divider: PrimitiveView { public init() {} }
public struct ZStack<Content: View>: PrimitiveView { public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {} }
public struct VStack<Content: View>: PrimitiveView {
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
}
public struct LazyVStack<Content: View>: PrimitiveView {
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
}
public struct ScrollView<Content: View>: PrimitiveView {
    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {}
}
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: PrimitiveView {
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
}
public struct Button<Label: View>: PrimitiveView {}
extension Button where Label == Text {
    public init<S: StringProtocol>(_ title: S, systemImage: String, action: @escaping () -> Void) {}
}
public protocol PrimitiveButtonStyle {}
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle {}
extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    public static var borderedProminent: BorderedProminentButtonStyle { BorderedProminentButtonStyle() }
}

// MARK: Scroll transitions

public struct ScrollTransitionConfiguration: Sendable {
    public static let interactive = ScrollTransitionConfiguration(), animated = ScrollTransitionConfiguration(), identity = ScrollTransitionConfiguration()
}
public enum ScrollTransitionPhase: Sendable { case topLeading, identity, bottomTrailing
    public var isIdentity: Bool { self == .identity }
    public var value: Double { 0 }
}
public protocol VisualEffect: Sendable {}
public struct EmptyVisualEffect: VisualEffect {}
public struct ModifiedEffect: VisualEffect {}
extension VisualEffect {
    public func scaleEffect(_ scale: CGFloat, anchor: UnitPoint = .center) -> ModifiedEffect { ModifiedEffect() }
    public func opacity(_ opacity: Double) -> ModifiedEffect { ModifiedEffect() }
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> ModifiedEffect { ModifiedEffect() }
    public func rotation3DEffect(_ angle: Angle, axis: (x: CGFloat, y: CGFloat, z: CGFloat), anchor: UnitPoint = .center,
                                 anchorZ: CGFloat = 0, perspective: CGFloat = 1) -> ModifiedEffect { ModifiedEffect() }
}
public protocol ScrollTargetBehavior {}
public struct ViewAlignedScrollTargetBehavior: ScrollTargetBehavior {}
extension ScrollTargetBehavior where Self == ViewAlignedScrollTargetBehavior {
    public static var viewAligned: ViewAlignedScrollTargetBehavior { ViewAlignedScrollTargetBehavior() }
}

// MARK: Modifiers

extension View {
    public func font(_ font: Font?) -> Modified<Self> { Modified() }
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> Modified<Self> { Modified() }
    public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil,
                      idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center) -> Modified<Self> { Modified() }
    public func padding(_ length: CGFloat) -> Modified<Self> { Modified() }
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> Modified<Self> { Modified() }
    public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> Modified<Self> { Modified() }
    public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> Modified<Self> { Modified() }
    public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> Modified<Self> { Modified() }
    public func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle()) -> Modified<Self> { Modified() }
    public func overlay<V: View>(_ overlay: V, alignment: Alignment = .center) -> Modified<Self> { Modified() }
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> Modified<Self> { Modified() }
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Modified<Self> { Modified() }
    public func shadow(color: Color = Color(red: 0, green: 0, blue: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> Modified<Self> { Modified() }
    public func opacity(_ opacity: Double) -> Modified<Self> { Modified() }
    public func scaledToFill() -> Modified<Self> { Modified() }
    public func scaledToFit() -> Modified<Self> { Modified() }
    public func id<ID: Hashable>(_ id: ID) -> Modified<Self> { Modified() }
    public func transition(_ t: AnyTransition) -> Modified<Self> { Modified() }
    public func task<T: Equatable>(id value: T, priority: TaskPriority = .userInitiated, _ action: @escaping @Sendable () async -> Void) -> Modified<Self> { Modified() }
    public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> Modified<Self> { Modified() }
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> Modified<Self> { Modified() }
    public func accessibilityHidden(_ hidden: Bool) -> Modified<Self> { Modified() }
    public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> Modified<Self> { Modified() }
    public func controlSize(_ size: ControlSize) -> Modified<Self> { Modified() }
    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> Modified<Self> { Modified() }
    public func scrollTransition<E: VisualEffect>(_ configuration: ScrollTransitionConfiguration = .interactive, axis: Axis? = nil,
                                                  transition: @escaping @Sendable (EmptyVisualEffect, ScrollTransitionPhase) -> E) -> Modified<Self> { Modified() }
    public func scrollTargetLayout(isEnabled: Bool = true) -> Modified<Self> { Modified() }
    public func scrollTargetBehavior<B: ScrollTargetBehavior>(_ behavior: B) -> Modified<Self> { Modified() }
}
