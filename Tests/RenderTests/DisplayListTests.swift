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

@Suite("Image assets")
struct ImageAssetTests {
    @Test func observersAreToldOnceAndLetGo() {
        let a = ImageAsset(name: "a")
        var calls = 0
        a.observe { _ in calls += 1 }
        a.observe { _ in calls += 1 }
        #expect(a.observerCount == 2)
        a.resolve(.failed("x"))
        #expect(calls == 2 && a.observerCount == 0)
        a.observe { _ in calls += 1 }
        #expect(a.observerCount == 0, "a resolved asset keeps no observers")
    }
}
