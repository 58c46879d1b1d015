import BuiltInScenes
import Geometry
import Input
import Testing
import Widgets
import Scenes

/// The tree assistive technology is given (`WidgetTree.accessibleNodes`), and what it may ask
/// (`perform`), without D-Bus: roles, names, values, ranges, states, structure, and actions
/// done as input.
@Suite struct AccessibleTreeTests {
    func app(_ scene: String, size: Size = Size(width: 1280, height: 800)) throws -> SceneRunner {
        var o = SceneOptions()
        o.scene = scene
        o.size = size
        let r = try Harness.runner(o, chrome: true)
        r.runHeadless(to: 0.5)
        return r
    }

    func nodes(_ r: SceneRunner) -> [AccessibleNode] { r.tree.accessibleNodes().nodes }

    @Test func theGalleryIsAScrollPaneOfAHeadingAndSixPhotoButtons() throws {
        let r = try app("gallery")
        let all = nodes(r)
        let pane = try #require(all.first { $0.role == .scrollPane })
        let inPane = all.filter { $0.parent == pane.id }
        #expect(inPane.map(\.role) == [.heading] + Array(repeating: .pushButton, count: 6))
        #expect(inPane.map(\.name) == ["Gallery", "Forest", "Reef", "Canyon", "Mountains", "Meadow", "River at night"])
        #expect(inPane.dropFirst().allSatisfy { $0.valueText == "Color follows scrolling" && $0.clickable && $0.states.contains(.focusable) })
        #expect(inPane[1].states.contains(.showing) && !inPane[6].states.contains(.showing), "the last photo is below the window")
        #expect(!all.contains { $0.role == .image }, "the bar's icons and the scroll indicator are decorative")
        #expect(all.filter { $0.parent == 0 }.map(\.name).contains("Home"))
        // Ids stay from one snapshot to the next; every parent comes before its children.
        #expect(nodes(r).map(\.id) == all.map(\.id))
        for (i, n) in all.enumerated() where n.parent != 0 { #expect(all[..<i].contains { $0.id == n.parent }) }
        // Scrolled 600 pt, the first photo's last 42 pt are under the bar: in the window, but
        // not in the scroll view's viewport, so not showing.
        r.scroll(to: 600)
        let forest = try #require(nodes(r).first { $0.name == "Forest" })
        #expect(forest.frame.maxY > 0 && forest.frame.maxY < 48, "\(forest.frame)")
        #expect(!forest.states.contains(.showing))
    }

    @Test func aClickPressesAsSpaceAndFocusScrollsIntoView() throws {
        let r = try app("gallery")
        let river = try #require(nodes(r).first { $0.name == "River at night" })
        #expect(r.perform(.click, on: river.id))
        r.runHeadless(to: r.clock.now + 1)
        #expect(nodes(r).first { $0.id == river.id }?.valueText == "In full color")
        #expect(r.perform(.focus, on: river.id))
        r.runHeadless(to: r.clock.now + 1)
        let after = try #require(nodes(r).first { $0.id == river.id })
        #expect(after.states.contains(.focused) && after.states.contains(.showing), "focused and scrolled into view")
        #expect(r.tree.accessibleNodes().focused == river.id)
        let forest = try #require(nodes(r).first { $0.name == "Forest" })
        #expect(r.perform(.scrollTo, on: forest.id))
        r.runHeadless(to: r.clock.now + 1)
        #expect(nodes(r).first { $0.id == forest.id }?.states.contains(.showing) == true)
        #expect(!r.perform(.click, on: 999_999_999), "a node that went")
    }

    /// The seed: while pixelated, the card's text is hidden from screen readers.
    @Test func theSpoilersSecretIsAbsentUntilRevealed() throws {
        let r = try app("spoiler")
        #expect(!nodes(r).contains { ($0.name ?? "").contains("Season finale") })
        let reveal = try #require(nodes(r).first { $0.name == "Reveal Spoiler" && $0.role == .pushButton })
        r.perform(.click, on: reveal.id)
        r.runHeadless(to: r.clock.now + 2)
        #expect(nodes(r).contains { ($0.name ?? "").contains("Season finale") })
        #expect(nodes(r).contains { $0.name == "Hide Again" })
    }

    /// The inspector: a slider and a stepper with their numbers, set through `setValue`;
    /// choices as a page tab list of selectable buttons, the chosen one selected; a toggle.
    @Test func inspectorControlsCarryRangesAndTakeValues() throws {
        let r = try app("gradient")
        r.handle(.key(KeyEvent(.character("i"), time: r.clock.now)))
        r.runHeadless(to: r.clock.now + 0.5)
        let bands = try #require(nodes(r).first { $0.name == "bands" && $0.role == .spinButton })
        #expect(bands.range == Semantics.Range(value: 3, minimum: 1, maximum: 24, step: 1, isStepper: true))
        #expect(nodes(r).filter { $0.parent == bands.id }.map(\.name) == ["Decrease bands", "Increase bands"])
        #expect(r.perform(.setValue(7), on: bands.id))
        r.runHeadless(to: r.clock.now + 0.5)
        #expect(r.sceneSettings["gradient"]?["bands"] == "7")
        #expect(nodes(r).first { $0.id == bands.id }?.valueText == "7")
        let tabs = try #require(nodes(r).first { $0.role == .pageTabList })
        let chips = nodes(r).filter { $0.parent == tabs.id }
        #expect(chips.map(\.name) == ["bundled", "drawn"] && chips.allSatisfy { $0.states.contains(.selectable) })
        #expect(chips.filter { $0.states.contains(.selected) }.map(\.name) == ["bundled"])
        let toggle = try #require(nodes(r).first { $0.role == .toggleButton && $0.name == "Reduce Motion" })
        #expect(toggle.states.contains(.checkable) && !toggle.states.contains(.checked))
        r.perform(.click, on: toggle.id)
        r.runHeadless(to: r.clock.now + 0.2)
        #expect(nodes(r).first { $0.id == toggle.id }?.states.contains(.checked) == true)

        // The colours' text field: an entry whose text a screen reader replaces (committed when
        // the setting accepts it, left red and uncommitted when not, as typing would be).
        let entry = try #require(nodes(r).first { $0.role == .entry && $0.name == "fallback" })
        #expect(entry.valueText == "indigo,black" && entry.states.contains(.editable))
        #expect(r.perform(.setText("red,blue"), on: entry.id))
        r.runHeadless(to: r.clock.now + 0.2)
        #expect(r.sceneSettings["gradient"]?["fallback"] == "red,blue")
        r.perform(.setText("wobbly"), on: entry.id)
        r.runHeadless(to: r.clock.now + 0.2)
        #expect(nodes(r).first { $0.id == entry.id }?.valueText == "wobbly")
        #expect(r.sceneSettings["gradient"]?["fallback"] == "red,blue", "not a colour list: not committed")

        let h = try app("hero")
        h.handle(.key(KeyEvent(.character("i"), time: h.clock.now)))
        h.runHeadless(to: h.clock.now + 0.5)
        let zoom = try #require(nodes(h).first { $0.name == "zoom" && $0.role == .slider })
        #expect(zoom.range.map { $0.minimum < $0.value && $0.value <= $0.maximum && !$0.isStepper } == true)
        #expect(h.perform(.setValue(zoom.range!.maximum), on: zoom.id))
        h.runHeadless(to: h.clock.now + 0.5)
        #expect(nodes(h).first { $0.id == zoom.id }?.range?.value == zoom.range!.maximum)
    }
}
