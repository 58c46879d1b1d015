/// The curves scene as SwiftUI: the chosen curve or spring as an `Animation`, moving a ball
/// across when tapped, so the feel tuned in Lumen goes into `withAnimation` as it is.
package struct AnimationCurveCode {
    /// A SwiftUI `Animation` expression, as Lumen's curve specs name them.
    package enum Curve: Equatable, Sendable {
        /// `.linear`, `.easeInOut`, `.spring`, `.smooth`, `.bouncy`, …: a static property.
        case named(String)
        /// `.easeIn(duration: 0.5)`.
        case timed(String, duration: Double)
        /// `.timingCurve(0.34, 1.56, 0.64, 1, duration: 0.35)`.
        case timingCurve(Double, Double, Double, Double, duration: Double)
        /// `.spring(response: 0.5, dampingFraction: 0.8)`.
        case springResponse(Double, dampingFraction: Double)
        /// `.spring(duration: 0.5, bounce: 0.3)`.
        case springDuration(Double, bounce: Double)

        /// SwiftUI's default duration for the timing curves, seconds.
        package static let defaultDuration = 0.35

        package var code: String {
            let n = SwiftLiteral.number
            switch self {
            case .named(let name): return "." + name
            case .timed(let name, let d): return SwiftLiteral.same(d, Self.defaultDuration) ? "." + name : ".\(name)(duration: \(n(d)))"
            case .timingCurve(let a, let b, let c, let d, let t):
                return ".timingCurve(\(n(a)), \(n(b)), \(n(c)), \(n(d))" + (SwiftLiteral.same(t, Self.defaultDuration) ? ")" : ", duration: \(n(t)))")
            case .springResponse(let r, let z): return ".spring(response: \(n(r)), dampingFraction: \(n(z)))"
            case .springDuration(let d, let b):
                var args = SwiftArguments()
                args.add("duration", d, default: 0.5)
                args.add("bounce", b, default: 0)
                return args.items.isEmpty ? ".spring" : "." + args.call("spring")
            }
        }
    }

    package var curve: Curve
    package var settings: [String]
    package init(curve: Curve, settings: [String]) { self.curve = curve; self.settings = settings }

    package var source: String {
        var code = SwiftSource()
        code.header(SnippetHeader.lines(scene: "Animation curves", component: nil, needs: nil, settings: settings))
        code.block("struct CurvePreview: View") { code in
            code.line("@State private var isAtEnd = false")
            code.line()
            code.block("var body: some View") { code in
                code.line("Circle()")
                code.modifiers([".fill(.blue)", ".frame(width: 44, height: 44)",
                                ".frame(maxWidth: .infinity, alignment: isAtEnd ? .trailing : .leading)", ".padding()",
                                ".contentShape(.rect)"])
                code.indented { code in
                    code.block(".onTapGesture") { code in
                        code.line("withAnimation(\(curve.code)) { isAtEnd.toggle() }")
                    }
                }
            }
        }
        code.preview("CurvePreview()")
        return code.text
    }
}
