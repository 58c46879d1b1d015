import Foundation
import LumenTestSupport
import Testing

/// Lumen read and operated by a screen reader: the real binary in Xvfb, a private D-Bus
/// session with the accessibility bus (at-spi2-core), and `scripts/atspi-client.py`, an
/// AT-SPI client (pyatspi) that enables the bus as Orca does, reads the tree, acts on it and
/// reports the events it heard.
extension RealWindowTests {
    @Suite("A screen reader reads and operates Lumen over AT-SPI", .serialized,
           .enabled(if: ProcessInfo.processInfo.environment["DISPLAY"] != nil && ScreenReader.available,
                    "needs Xvfb, dbus-run-session, at-spi2-core and python3-pyatspi (make test)"))
    struct ScreenReaderTests {
        /// The gallery: the application, its frame, the heading, six photos as push buttons
        /// with their values; "click" on the third gives it the seed's full-colour value and a
        /// value event; Tab moves the focus and a focus event arrives.
        @Test func theGalleryReadsClicksAndFocuses() throws {
            let script = ImageFixtures.write(Array("at 4500 key Tab".utf8), "screen-reader-tab.txt")
            let r = try ScreenReader.run(lumen: ["--scene", "gallery", "--script", script, "--exit-after", "9"],
                                         client: ["--click", "2", "--wait-focus", "6", "--watch", "0.5"])
            #expect(r.application == ["name": "Lumen", "role": "application"])
            let before = r.before
            #expect(before.first { $0.role == "frame" }?.name == "Color Reveal gallery — Lumen")
            #expect(before.contains { $0.role == "heading" && $0.name == "Gallery" && $0.text == "Gallery" }, "its words through Text too")
            let photos = before.filter { $0.role == "push button" && $0.valueText != nil }
            #expect(photos.map(\.name) == ["Forest", "Reef", "Canyon", "Mountains", "Meadow", "River at night"])
            #expect(photos.allSatisfy { $0.valueText == "Color follows scrolling" && $0.actions == ["click"] })
            #expect(photos.allSatisfy { $0.states.contains("focusable") && $0.states.contains("enabled") })
            #expect(photos[0].states.contains("showing") && !photos[5].states.contains("showing"), "the last is below the window")
            let canyon = r.after.first { $0.name == "Canyon" }
            #expect(canyon?.valueText == "In full color", "clicked through AT-SPI")
            #expect(r.events.contains { $0.type == "object:property-change:accessible-value" && $0.source == "Canyon" }, "\(r.events)")
            #expect(r.after.filter { $0.valueText == "In full color" }.count == 1, "only the one clicked")
            #expect(r.events.contains { $0.type.hasPrefix("focus") || $0.type == "object:state-changed:focused" }, "Tab: \(r.events)")
            #expect(r.after.contains { $0.states.contains("focused") })
            // Hidden and decorative nodes are absent: the scroll indicator, the bar's icons.
            #expect(!before.contains { $0.role == "image" })
        }

        /// Extents are screen pixels where the node is drawn: the semantics frame (points)
        /// times the scale, from the window's corner.
        @Test(arguments: [1.0, 2.0]) func extentsMatchTheSemanticsFrame(scale: Double) throws {
            let r = try ScreenReader.run(lumen: ["--scene", "gallery", "--scale", String(scale), "--size", "1200x760", "--semantics", "--exit-after", "5"],
                                         client: ["--watch", "0.2"])
            let frame = try #require(r.before.first { $0.role == "frame" }?.extents)
            #expect(frame[2] == Int(1200 * scale) && frame[3] == Int(760 * scale), "\(frame)")
            let reef = try #require(r.before.first { $0.name == "Reef" }?.extents)
            let line = try #require(r.semantics.split(separator: "\n").first { $0.contains("\"Reef\"") })
            // button "Reef" value="…" [304, 662.502, 672×504.126]
            let numbers = line.split(separator: "[").last!.split(whereSeparator: { ",×] ".contains($0) }).compactMap { Double($0) }
            try #require(numbers.count == 4)
            let expected = numbers.map { Int(($0 * scale).rounded()) }
            #expect(abs(reef[0] - frame[0] - expected[0]) <= 1 && abs(reef[1] - frame[1] - expected[1]) <= 1, "\(reef) vs \(expected)")
            #expect(abs(reef[2] - expected[2]) <= 1 && abs(reef[3] - expected[3]) <= 1, "\(reef) vs \(expected)")
        }

        /// On a display mounted turned (`--rotate 90`), extents are where the node shows on the
        /// screen: the scene's rectangle turned a quarter clockwise in the window.
        @Test func extentsTurnWithTheDisplay() throws {
            let r = try ScreenReader.run(lumen: ["--scene", "gallery", "--rotate", "90", "--size", "700x1000", "--scale", "1",
                                                 "--semantics", "--exit-after", "5"], client: ["--watch", "0.2"])
            let frame = try #require(r.before.first { $0.role == "frame" }?.extents)
            #expect(frame[2] == 1000 && frame[3] == 700, "the window is the scene turned: \(frame)")
            let reef = try #require(r.before.first { $0.name == "Reef" }?.extents)
            let line = try #require(r.semantics.split(separator: "\n").first { $0.contains("\"Reef\"") })
            let n = line.split(separator: "[").last!.split(whereSeparator: { ",×] ".contains($0) }).compactMap { Double($0) }
            try #require(n.count == 4)
            // A quarter turn clockwise in a window 1000 wide: (x, y, w, h) → (1000 − y − h, x, h, w).
            let expected = [1000 - n[1] - n[3], n[0], n[3], n[2]].map { Int($0.rounded()) }
            let got = [reef[0] - frame[0], reef[1] - frame[1], reef[2], reef[3]]
            #expect(zip(got, expected).allSatisfy { abs($0 - $1) <= 1 }, "\(got) vs \(expected)")
        }

        /// The spoiler's card is hidden while pixelated and there once revealed through AT-SPI.
        @Test func theSpoilerCardComesOnceRevealed() throws {
            let r = try ScreenReader.run(lumen: ["--scene", "spoiler", "--exit-after", "7"],
                                         client: ["--click-name", "Reveal Spoiler", "--watch", "2"])
            #expect(r.before.contains { $0.role == "push button" && $0.name == "Reveal Spoiler" })
            #expect(!r.before.contains { ($0.name ?? "").contains("Season finale") }, "a secret while pixelated")
            #expect(r.after.contains { ($0.name ?? "").contains("Season finale") }, "\(r.after.map { $0.name ?? "" })")
            #expect(r.events.contains { $0.type == "object:children-changed" || $0.type.hasPrefix("object:children-changed") }, "\(r.events)")
        }

        /// The gradient's card is named after the photo on screen: when the photo changes (every
        /// 1.5 s) a name-change event says so; its unnamed pictures are left out.
        @Test func theGradientsNameFollowsThePhoto() throws {
            let r = try ScreenReader.run(lumen: ["--scene", "gradient", "--exit-after", "6"], client: ["--watch", "3.5"])
            let card = try #require(r.before.first { $0.role == "push button" && ($0.name ?? "").hasPrefix("Photo: ") })
            #expect(!r.before.contains { $0.role == "image" && $0.name == nil }, "decorative pictures are absent")
            let renamed = r.events.filter { $0.type == "object:property-change:accessible-name" && ($0.source ?? "").hasPrefix("Photo: ") }
            #expect(!renamed.isEmpty, "\(r.events)")
            #expect(r.after.contains { $0.role == "push button" && ($0.name ?? "").hasPrefix("Photo: ") && $0.name != card.name })
        }

        /// A lazy list realizing rows as it scrolls says so (children added to the list), and a
        /// tab chosen in the inspector's page tab list sends a selection change.
        @Test func aScrolledListAddsChildrenAndATabListSelects() throws {
            var lines = ["at 300 key i"]
            for i in 0..<12 { lines.append("at \(3000 + i * 120) wheel 0 -3") }
            let script = ImageFixtures.write(Array(lines.joined(separator: "\n").utf8), "screen-reader-list.txt")
            let r = try ScreenReader.run(lumen: ["--scene", "transitions", "--script", script, "--semantics", "--exit-after", "8"],
                                         client: ["--wait-for", "scale", "--click-name", "scale", "--watch", "4"])
            #expect(r.before.contains { $0.role == "list" })
            #expect(r.events.contains { $0.type.hasPrefix("object:children-changed:add") && $0.role == "list" }, "\(r.events.map(\.type))")
            #expect(r.events.contains { $0.type.hasPrefix("object:children-changed:remove") && $0.role == "list" }, "rows that scrolled away go")
            #expect(r.events.contains { $0.type == "object:selection-changed" && $0.role == "page tab list" }, "\(r.events.map(\.type))")
            #expect(r.after.contains { $0.role == "push button" && $0.name == "scale" && $0.states.contains("selected") })
        }

        /// From home, clicking a card through AT-SPI opens its scene: the frame is renamed, the
        /// home's nodes go defunct and the scene's come.
        @Test func openingASceneRenamesTheFrameAndReplacesTheNodes() throws {
            let r = try ScreenReader.run(lumen: ["--scene", "home", "--exit-after", "6"],
                                         client: ["--click-name", "Color Reveal gallery", "--watch", "2.5"])
            #expect(r.before.first { $0.role == "frame" }?.name == "Lumen")
            let card = try #require(r.before.first { $0.name == "Color Reveal gallery" })
            #expect(card.description?.hasPrefix("Six photos that gain colour") == true, "the card's line is its description")
            #expect(r.after.first { $0.role == "frame" }?.name == "Color Reveal gallery — Lumen")
            #expect(r.after.contains { $0.role == "heading" && $0.name == "Gallery" })
            #expect(!r.after.contains { $0.name == "Pixelated spoiler" }, "the home's cards are gone")
            #expect(r.events.contains { $0.type == "object:property-change:accessible-name" && $0.role == "frame" }, "\(r.events.map(\.type))")
            #expect(r.events.contains { $0.type == "object:state-changed:defunct" }, "\(r.events.map(\.type))")
            #expect(r.events.contains { $0.type.hasPrefix("object:children-changed:add") })
        }

        /// An inspector text field's contents replaced through EditableText change the setting.
        @Test func anInspectorTextFieldTakesText() throws {
            let script = ImageFixtures.write(Array("at 300 key i".utf8), "screen-reader-text.txt")
            let r = try ScreenReader.run(lumen: ["--scene", "gradient", "--script", script, "--semantics", "--exit-after", "6"],
                                         client: ["--wait-for", "fallback", "--set-text", "fallback=red,blue", "--watch", "1"])
            let entry = try #require(r.before.first { $0.role == "entry" && $0.name == "fallback" })
            #expect(entry.text == "indigo,black" && entry.states.contains("editable"))
            #expect(r.after.first { $0.role == "entry" && $0.name == "fallback" }?.text == "red,blue")
            #expect(r.events.contains { $0.type == "object:text-changed:insert" && $0.source == "fallback" }, "\(r.events.map(\.type))")
            #expect(r.semantics.contains("lumen --scene gradient --set fallback=red,blue"), "the inspector's command line: \(r.semantics.suffix(500))")
        }

        /// The inspector's slider set through the Value interface changes the scene.
        @Test func anInspectorSliderTakesAValue() throws {
            let script = ImageFixtures.write(Array("at 300 key i".utf8), "screen-reader-inspector.txt")
            let r = try ScreenReader.run(lumen: ["--scene", "gallery", "--script", script, "--semantics", "--exit-after", "6"],
                                         client: ["--wait-for", "cornerRadius", "--set-value", "cornerRadius=120", "--watch", "1"])
            let slider = try #require(r.before.first { $0.role == "slider" && $0.name == "cornerRadius" })
            #expect(slider.range == [24, 0, 120], "value, minimum, maximum: \(String(describing: slider.range))")
            #expect(r.after.first { $0.name == "cornerRadius" }?.range?.first == 120)
            #expect(r.semantics.contains("adjustable \"cornerRadius\" value=\"120\""), "\(r.semantics.prefix(400))")
            #expect(r.stderr.isEmpty || !r.stderr.contains("CRITICAL"), "\(r.stderr)")
        }
    }
}

/// Runs Lumen and the AT-SPI client in a private D-Bus session with the accessibility bus,
/// which starts disabled (`--a11y=0`, whatever the machine's settings): Lumen exports nothing
/// until the client turns `IsEnabled` on, as Orca does when it starts.
enum ScreenReader {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let client = root + "/scripts/atspi-client.py"

    static var available: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-run-session")
            && FileManager.default.isExecutableFile(atPath: "/usr/libexec/at-spi-bus-launcher")
            && FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/pyatspi")
    }

    struct Node {
        var role: String
        var name: String?
        var description: String?
        var states: [String]
        var extents: [Int]?
        var actions: [String]?
        var valueText: String?
        /// Through the Text interface.
        var text: String?
        /// current, minimum, maximum
        var range: [Double]?
        init(_ d: [String: Any]) {
            role = d["role"] as? String ?? ""
            name = (d["name"] as? String).flatMap { $0.isEmpty ? nil : $0 }
            description = (d["description"] as? String).flatMap { $0.isEmpty ? nil : $0 }
            text = d["text"] as? String
            states = d["states"] as? [String] ?? []
            extents = d["extents"] as? [Int]
            actions = d["actions"] as? [String]
            if let v = d["value"] as? [String: Any] {
                valueText = (v["text"] as? String).flatMap { $0.isEmpty ? nil : $0 }
                if let c = v["current"] as? Double, let lo = v["minimum"] as? Double, let hi = v["maximum"] as? Double, hi > lo {
                    range = [c, lo, hi]
                }
            }
        }
    }
    struct Event { var type: String; var source: String?; var role: String? }
    struct Result {
        var application: [String: String]
        var before: [Node]
        var after: [Node]
        var events: [Event]
        /// Lumen's standard output (its `--semantics` dump when asked) and error.
        var semantics: String
        var stderr: String
    }

    static func run(lumen: [String], client clientArgs: [String]) throws -> Result {
        let dir = ImageFixtures.path("screen-reader")
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let quoted = { (a: [String]) in a.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ") }
        let session = """
            /usr/libexec/at-spi-bus-launcher --a11y=0 &
            # Until the accessibility bus answers (a loaded machine starts it late, and a stale
            # socket of the test before refuses connections until the new bus takes its place).
            for i in $(seq 200); do
                address=$(dbus-send --session --dest=org.a11y.Bus --print-reply=literal /org/a11y/bus org.a11y.Bus.GetAddress 2>/dev/null | tr -d ' ')
                [ -n "$address" ] && dbus-send --bus="$address" --dest=org.freedesktop.DBus --print-reply /org/freedesktop/DBus org.freedesktop.DBus.GetId >/dev/null 2>&1 && break
                sleep 0.05
            done
            '\(Binary.url.path)' \(quoted(lumen)) > '\(dir)/lumen.out' 2> '\(dir)/lumen.err' &
            LUMEN=$!
            sleep 1
            /usr/bin/python3 '\(client)' --enable \(quoted(clientArgs)) > '\(dir)/client.json' 2> '\(dir)/client.err'
            wait $LUMEN
            """
        try session.write(toFile: dir + "/session.sh", atomically: true, encoding: .utf8)
        var env = ProcessInfo.processInfo.environment
        env["XDG_CACHE_HOME"] = ImageFixtures.path("xdg-cache")
        env.removeValue(forKey: "LUMEN_ACCESSIBILITY")
        env.removeValue(forKey: "NO_AT_BRIDGE")
        try runInOwnGroup(["/usr/bin/dbus-run-session", "--", "/bin/bash", dir + "/session.sh"], env: env, timeout: 60)
        let json = try Data(contentsOf: URL(fileURLWithPath: dir + "/client.json"))
        let clientErr = (try? String(contentsOfFile: dir + "/client.err", encoding: .utf8)) ?? ""
        guard let d = try JSONSerialization.jsonObject(with: json) as? [String: Any], d["error"] == nil else {
            throw ScreenReaderError(description: "the client failed: \(String(decoding: json, as: UTF8.self)) \(clientErr)")
        }
        return Result(application: d["application"] as? [String: String] ?? [:],
                      before: (d["before"] as? [[String: Any]] ?? []).map(Node.init),
                      after: (d["after"] as? [[String: Any]] ?? []).map(Node.init),
                      events: (d["events"] as? [[String: Any]] ?? []).map { Event(type: $0["type"] as? String ?? "", source: $0["source"] as? String, role: $0["role"] as? String) },
                      semantics: (try? String(contentsOfFile: dir + "/lumen.out", encoding: .utf8)) ?? "",
                      stderr: (try? String(contentsOfFile: dir + "/lumen.err", encoding: .utf8)) ?? "")
    }

    struct ScreenReaderError: Error, CustomStringConvertible { var description: String }

    /// Runs `argv` in a process group of its own and waits for it (polling waitpid), then
    /// kills what is left of the group: the accessibility bus and its daemons outlive a D-Bus
    /// session, and must not outlive the test.
    static func runInOwnGroup(_ argv: [String], env: [String: String], timeout: Double) throws {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let cArgs = argv.map { strdup($0) } + [nil]
        let cEnv = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (cArgs + cEnv).forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, argv[0], &actions, &attributes, cArgs, cEnv)
        guard rc == 0 else { throw ScreenReaderError(description: "cannot start \(argv[0]): \(rc)") }
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > deadline { kill(pid, SIGKILL); waitpid(pid, &status, 0); break }
            usleep(50_000)
        }
        kill(-pid, SIGKILL)
    }
}
