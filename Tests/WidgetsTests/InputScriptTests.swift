import Geometry
import Input
import Testing
import Widgets

@Suite("Input scripts")
struct InputScriptTests {
    @Test func keysTakeModifiersInAnyOrder() throws {
        let s = try InputScript.parse("at 0 key ctrl+alt+q\nat 1 key Alt+Control+Q\nat 2 key shift+tab\nat 3 key +\nat 4 key ctrl++")
        #expect(s.steps[0].command == .key(.character("q"), shift: false, control: true, alt: true))
        #expect(s.steps[1].command == .key(.character("q"), shift: false, control: true, alt: true))
        #expect(s.steps[2].command == .key(.tab, shift: true))
        #expect(s.steps[3].command == .key(.character("+"), shift: false))
        #expect(s.steps[4].command == .key(.character("+"), shift: false, control: true))
    }

    @Test func scriptsParseAndBadLinesSayWhere() throws {
        let s = try InputScript.parse("""
        # a comment
        at 100 mouse-down 10 20
        at 50 wheel 0 -3
        at 200 finger-move 2 30.5 40
        at 300 key Page Down
        at 400 screenshot a.png
        at 500 quit
        """)
        #expect(s.steps.map(\.time) == [0.05, 0.1, 0.2, 0.3, 0.4, 0.5])
        #expect(s.steps[0].command == .wheel(Point(0, -3), precise: false))
        #expect(s.steps[3].command == .key(.pageDown, shift: false))
        for (bad, why) in [("at x quit", "line 1: expected"), ("at 10 jump 1 2", "unknown command 'jump'"),
                           ("at 10 mouse-down 1", "takes 2 numbers"), ("\nat 10 finger-down 1.5 2 3", "line 2: finger ids"),
                           // Once a crash (found by the script fuzz target): an id beyond any Int.
                           ("at 10 finger-up 7777777777777777777777 3 4", "finger ids are whole numbers from 0 to 1000"),
                           ("at 10 key Hyper", "unknown key 'Hyper'")] {
            do { _ = try InputScript.parse(bad); Issue.record("accepted \(bad)") } catch { #expect(error.message.contains(why), "\(error.message)") }
        }
    }

    /// SDL's key names and the spaced spellings the user guide lists are the same keys.
    @Test func keyNamesInBothSpellings() {
        let pairs: [(String, Key)] = [("PageDown", .pageDown), ("Page Down", .pageDown), ("PageUp", .pageUp), ("Page Up", .pageUp),
                                      ("Return", .enter), ("Enter", .enter), ("Space", .space), ("Tab", .tab), ("Escape", .escape),
                                      ("Home", .home), ("End", .end), ("Up", .up), ("Down", .down), ("Left", .left), ("Right", .right),
                                      ("Backspace", .backspace), ("3", .character("3")), ("m", .character("m")), ("Q", .character("q")),
                                      ("F5", .function(5))]
        for (name, key) in pairs { #expect(Key(name: name) == key, "\(name)") }
        #expect(Key(name: "Hyper") == nil)
        #expect(Key.character("3").digit == 3 && Key.tab.digit == nil)
    }

    @Test func aWheelTurnsWhereThePointerLastWas() throws {
        let s = try InputScript.parse("at 0 wheel 0 -1\nat 10 mouse-move 40 50\nat 20 wheel 0 -1")
        let size = Size(width: 200, height: 100)
        var mouse = InputScript.MouseState()
        var locations: [Point] = []
        for step in s.steps {
            if case .wheel(let w)? = step.command.inputEvent(at: 0, mouse: mouse, windowSize: size) { locations.append(w.location) }
            mouse.apply(step.command)
        }
        #expect(locations == [Point(100, 50), Point(40, 50)], "the centre before any pointer step, then the pointer")
    }
}
