import Geometry
import Testing
@testable import Render

@Suite("Display list")
struct DisplayListTests {
    @Test func balancedNesting() {
        var list = DisplayList()
        list.withClip(.rect(.zero)) { l in
            l.withLayer(.opacity(0.5), bounds: .zero) { $0.withTransform(.translation(1, 1)) { $0.fill(.rect(.zero), .red) } }
        }
        #expect(list.isBalanced)
        #expect(list.count == 7)
        #expect(!DisplayList([.pushClip(.rect(.zero)), .popLayer]).isBalanced)
    }

    @Test func identityTransformAddsNothing() {
        var list = DisplayList()
        list.withTransform(.identity) { $0.fill(.rect(.zero), .red) }
        #expect(list.count == 1)
    }
}
