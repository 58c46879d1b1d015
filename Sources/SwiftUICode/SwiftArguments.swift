/// A call's argument list, in the order the callee declares its parameters (a memberwise
/// initializer takes them in that order only), leaving out each one that equals its default.
package struct SwiftArguments {
    package private(set) var items: [String] = []
    package init() {}

    /// An argument that is always written (`image: Image(name)`), or unlabelled (`label` nil).
    package mutating func add(_ label: String?, _ code: String) {
        items.append(label.map { "\($0): \(code)" } ?? code)
    }

    /// A number, written only when it differs from `defaultValue`.
    package mutating func add(_ label: String, _ value: Double, default defaultValue: Double) {
        if !SwiftLiteral.same(value, defaultValue) { add(label, SwiftLiteral.number(value)) }
    }

    /// A whole number, written only when it differs from `defaultValue`.
    package mutating func add(_ label: String, _ value: Int, default defaultValue: Int) {
        if value != defaultValue { add(label, "\(value)") }
    }

    /// Any value with code, written only when it differs from `defaultValue`.
    package mutating func add<V: Equatable>(_ label: String, _ value: V, default defaultValue: V, code: (V) -> String) {
        if value != defaultValue { add(label, code(value)) }
    }

    /// `name(arguments)`.
    package func call(_ name: String) -> String { name + "(" + items.joined(separator: ", ") + ")" }
}
