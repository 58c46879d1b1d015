import Geometry
import Render
import Testing

/// What a reused back buffer lacks, by its age (EGL_EXT_buffer_age's meaning: age n holds the
/// frame shown n frames ago).
@Suite struct DamageRingTests {
    static let a = Rect(x: 0, y: 0, width: 10, height: 10)
    static let b = Rect(x: 100, y: 50, width: 20, height: 5)
    static let c = Rect(x: 30, y: 200, width: 4, height: 4)

    func ring() -> DamageRing {
        var r = DamageRing(capacity: 4)
        for d in [Self.a, Self.b, Self.c] { r.add(d) }   // c is the last frame shown
        return r
    }

    @Test func ageZeroIsUnknownAndRedrawnWhole() { #expect(ring().stale(age: 0) == nil) }

    @Test func ageOneHoldsTheLastFrame() { #expect(ring().stale(age: 1) == .zero) }

    @Test func ageTwoLacksTheLastFramesDamage() { #expect(ring().stale(age: 2) == Self.c) }

    @Test func ageThreeLacksTheLastTwo() { #expect(ring().stale(age: 3) == Self.b.union(Self.c)) }

    @Test func olderThanTheRingRemembersIsWhole() {
        #expect(ring().stale(age: 4) == Self.a.union(Self.b).union(Self.c))
        #expect(ring().stale(age: 5) == nil)
        var r = DamageRing(capacity: 2)
        for d in [Self.a, Self.b, Self.c] { r.add(d) }
        #expect(r.stale(age: 3) == Self.b.union(Self.c) && r.stale(age: 4) == nil)
    }

    @Test func aResizeForgetsEverything() {
        var r = ring()
        r.reset()
        #expect(r.stale(age: 1) == .zero && r.stale(age: 2) == nil)
    }

    @Test func emptyDamageAddsNothing() {
        var r = DamageRing()
        r.add(Self.b)
        r.add(.zero)
        #expect(r.stale(age: 3) == Self.b)
    }
}
