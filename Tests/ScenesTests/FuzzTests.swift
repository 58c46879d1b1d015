import BuiltInScenes
import Foundation
import Geometry
import Input
import Render
import Testing
import Widgets
import Scenes

/// 100,000 random events (taps, drags, flings with several fingers, wheel bursts, keys,
/// resizes) over every scene, headless, from a fixed seed: nothing crashes, every display list
/// is balanced, every scroll offset is finite and inside its range once motion settles, and
/// no control is left pressed once every finger and button is up.
@Suite struct FuzzTests {
    /// SplitMix64 (Steele, Lea & Flood, 2014): a small, fixed-seed generator.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func point(in s: Size) -> Point { Point(unit() * s.width, unit() * s.height) }
    }

    static let total = 100_000

    /// The types from the root to `n`, hidden ones marked (for messages).
    static func path(_ n: Node) -> String {
        var names: [String] = []
        var node: Node? = n
        while let c = node { names.append("\(type(of: c))\(c.isHidden ? "(hidden)" : "")"); node = c.parent }
        return names.reversed().joined(separator: " > ")
    }
    static let keys: [Key] = [.tab, .space, .enter, .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .escape,
                              .character("1"), .character("3"), .character("5"), .character("i"), .character("m"),
                              .character("f"), .character("?"), .character("a")]

    @Test(arguments: SceneCatalog.lumen.names)
    func randomInputLeavesEveryInvariant(scene: String) throws {
        // A seed of its own for each scene, the same on every run (String's hashValue is not).
        var rng = Random(state: scene.utf8.reduce(7) { $0 &* 31 &+ UInt64($1) })
        var o = SceneOptions()
        o.scene = scene
        o.size = Size(width: 800, height: 600)
        let r = try Harness.runner(o, chrome: true)
        r.runHeadless(to: 0.1)
        var t = r.clock.now
        var size = o.size
        var fingersDown: Set<Int> = []
        var mouseDown = false
        let events = Self.total / SceneCatalog.lumen.names.count
        var lists = 0

        func send(_ e: InputEvent) { r.handle(e) }
        /// Events carry the clock's time for host time `t`, as the window's do (the clock runs
        /// slower than the host with the inspector's slow animations on).
        func now() -> Double { r.advance(to: t); return r.clock.time(atHost: t) }
        func pointer(_ id: Int, _ kind: PointerKind, _ phase: PointerEvent.Phase, _ p: Point) {
            send(.pointer(PointerEvent(id: id, kind: kind, phase: phase, location: p, time: now())))
        }
        func frame() {
            r.advance(to: t)
            let (list, _) = r.buildFrame()
            lists += 1
            #expect(list.isBalanced, "\(scene): an unbalanced display list at \(t) s")
        }

        var i = 0
        while i < events {
            t += rng.unit() * 0.03
            switch rng.below(10) {
            case 0, 1:   // a tap, mouse or finger
                let p = rng.point(in: size), kind: PointerKind = rng.below(2) == 0 ? .mouse : .touch
                pointer(kind == .mouse ? 0 : 1, kind, .down, p); t += 0.05
                pointer(kind == .mouse ? 0 : 1, kind, .up, p); i += 2
            case 2, 3:   // a drag or a fling with one finger, or the mouse
                let kind: PointerKind = rng.below(3) == 0 ? .mouse : .touch
                var p = rng.point(in: size)
                let v = Point((rng.unit() - 0.5) * 3000, (rng.unit() - 0.5) * 3000)
                pointer(2, kind, .down, p)
                for _ in 0..<(3 + rng.below(8)) {
                    t += 0.008 + rng.unit() * 0.01
                    p = Point(p.x + v.x * 0.01, p.y + v.y * 0.01)
                    pointer(2, kind, .move, p); i += 1
                }
                pointer(2, kind, .up, p); i += 2
            case 4:      // two fingers down at once, moving, lifted in either order
                let a = rng.point(in: size), b = rng.point(in: size)
                pointer(3, .touch, .down, a); pointer(4, .touch, .down, b)
                fingersDown.formUnion([3, 4])
                for k in 0..<4 {
                    t += 0.012
                    pointer(3, .touch, .move, Point(a.x, a.y - Double(k) * 30)); pointer(4, .touch, .move, Point(b.x + Double(k) * 20, b.y))
                }
                if rng.below(2) == 0 { pointer(3, .touch, .up, a); pointer(4, .touch, rng.below(4) == 0 ? .cancel : .up, b) }
                else { pointer(4, .touch, .up, b); pointer(3, .touch, .up, a) }
                fingersDown.subtract([3, 4]); i += 12
            case 5:      // a wheel burst
                let at = rng.point(in: size)
                for _ in 0..<(1 + rng.below(12)) {
                    t += 0.01 + rng.unit() * 0.05
                    send(.wheel(WheelEvent(delta: Point(0, Double(rng.below(7)) - 3), isPrecise: rng.below(3) == 0, location: at, time: now())))
                    i += 1
                }
            case 6:      // a key
                send(.key(KeyEvent(Self.keys[rng.below(Self.keys.count)], shift: rng.below(4) == 0, time: now()))); i += 1
            case 7:      // the mouse wandering, its button held or not
                if rng.below(4) == 0 { mouseDown.toggle(); pointer(0, .mouse, mouseDown ? .down : .up, rng.point(in: size)) }
                pointer(0, .mouse, .move, rng.point(in: size)); i += 1
            case 8:      // a resize
                size = Size(width: 200 + Double(rng.below(1400)), height: 200 + Double(rng.below(1000)))
                r.tree.size = size; i += 1
            default:     // time passes, a frame is drawn
                t += rng.unit() * 0.5
                frame(); i += 1
            }
            if rng.below(8) == 0 { frame() }
        }
        // Everything up; then let all motion settle.
        if mouseDown { pointer(0, .mouse, .up, Point(1, 1)) }
        for id in fingersDown { pointer(id, .touch, .up, Point(1, 1)) }
        // Slow animations (the inspector's ×10 switch, which the fuzz may have turned on) run
        // the clock behind the events' own times: settle at full speed.
        r.clock.slowdown = 1
        for _ in 0..<200 { t += 0.05; frame() }

        #expect(lists > events / 40, "frames were built along the way: \(lists)")
        for view in r.tree.scrollViews {
            #expect(view.offset.isFinite, "\(scene): a scroll offset is \(view.offset)")
            #expect(view.range.contains(view.offset) || abs(view.offset - view.range.lowerBound) < 0.5 || abs(view.offset - view.range.upperBound) < 0.5,
                    "\(scene) (now \(type(of: r.scene).name), \(r.tree.size)): offset \(view.offset) outside \(view.range) after settling, moving \(r.isMoving), in \(Self.path(view)), phase \(view.phase)")
        }
        func controls(_ n: Node) -> [Control] { ((n as? Control).map { [$0] } ?? []) + n.children.flatMap(controls) }
        let pressed = controls(r.tree.root).filter(\.isPressed)
        #expect(pressed.isEmpty, "\(scene): \(pressed.count) controls left pressed")
    }
}
