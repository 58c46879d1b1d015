import Geometry

/// A value that animations can add, subtract and scale: the arithmetic of interpolation.
/// (SwiftUI's protocol of the same name.)
public protocol VectorArithmetic: Equatable {
    /// The value with every component 0.
    static var zero: Self { get }
    /// The sum, component by component.
    static func + (a: Self, b: Self) -> Self
    /// The difference, component by component.
    static func - (a: Self, b: Self) -> Self
    /// Multiplies every component by `factor`.
    func scaled(by factor: Double) -> Self
    /// The sum of the squares of the components (for rest tests).
    var magnitudeSquared: Double { get }
}

/// A number is a vector of one component: what every animation's data is built from.
extension Double: VectorArithmetic {
    public func scaled(by factor: Double) -> Double { self * factor }
    public var magnitudeSquared: Double { self * self }
}

/// Two animatable values animated together.
public struct AnimatablePair<First: VectorArithmetic, Second: VectorArithmetic>: VectorArithmetic {
    /// The first value.
    public var first: First
    /// The second value.
    public var second: Second
    /// The pair of `first` and `second`.
    public init(_ first: First, _ second: Second) { self.first = first; self.second = second }
    /// Both values zero.
    public static var zero: Self { Self(.zero, .zero) }
    /// The sum, value by value.
    public static func + (a: Self, b: Self) -> Self { Self(a.first + b.first, a.second + b.second) }
    /// The difference, value by value.
    public static func - (a: Self, b: Self) -> Self { Self(a.first - b.first, a.second - b.second) }
    public func scaled(by f: Double) -> Self { Self(first.scaled(by: f), second.scaled(by: f)) }
    public var magnitudeSquared: Double { first.magnitudeSquared + second.magnitudeSquared }
}

/// A type whose values can be animated through a vector representation.
public protocol Animatable {
    /// The vector the value is animated as.
    associatedtype AnimatableData: VectorArithmetic
    /// The value as that vector; setting it sets the value.
    var animatableData: AnimatableData { get set }
}

/// A number animates as itself.
extension Double: Animatable {
    /// The number itself.
    public var animatableData: Double { get { self } set { self = newValue } }
}

/// A point animates its x and y.
extension Point: Animatable {
    /// (x, y).
    public var animatableData: AnimatablePair<Double, Double> {
        get { AnimatablePair(x, y) }
        set { x = newValue.first; y = newValue.second }
    }
}

/// A size animates its width and height.
extension Size: Animatable {
    /// (width, height).
    public var animatableData: AnimatablePair<Double, Double> {
        get { AnimatablePair(width, height) }
        set { width = newValue.first; height = newValue.second }
    }
}

/// A unit point animates its x and y.
extension UnitPoint: Animatable {
    /// (x, y).
    public var animatableData: AnimatablePair<Double, Double> {
        get { AnimatablePair(x, y) }
        set { x = newValue.first; y = newValue.second }
    }
}

/// A rectangle animates its origin and size.
extension Rect: Animatable {
    /// The origin and the size.
    public var animatableData: AnimatablePair<Point.AnimatableData, Size.AnimatableData> {
        get { AnimatablePair(origin.animatableData, size.animatableData) }
        set { origin.animatableData = newValue.first; size.animatableData = newValue.second }
    }
}

/// A colour animates its premultiplied components, so a fade through clear has no dark fringe.
extension Color: Animatable {
    /// Premultiplied components (r·a, g·a, b·a, a), so a fade to clear does not darken.
    public var animatableData: AnimatablePair<AnimatablePair<Double, Double>, AnimatablePair<Double, Double>> {
        get { AnimatablePair(AnimatablePair(red * alpha, green * alpha), AnimatablePair(blue * alpha, alpha)) }
        set {
            let a = newValue.second.second
            alpha = a
            if a > 1e-9 {
                red = newValue.first.first / a; green = newValue.first.second / a; blue = newValue.second.first / a
            }
        }
    }
}

/// A transform animates its six coefficients.
extension AffineTransform: Animatable {
    /// The six coefficients, interpolated component by component.
    public var animatableData: AnimatablePair<AnimatablePair<Double, Double>, AnimatablePair<AnimatablePair<Double, Double>, AnimatablePair<Double, Double>>> {
        get { AnimatablePair(AnimatablePair(a, b), AnimatablePair(AnimatablePair(c, d), AnimatablePair(tx, ty))) }
        set {
            a = newValue.first.first; b = newValue.first.second
            c = newValue.second.first.first; d = newValue.second.first.second
            tx = newValue.second.second.first; ty = newValue.second.second.second
        }
    }
}
