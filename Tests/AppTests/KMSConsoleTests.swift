import Geometry
import Foundation
import LumenTestSupport
import Render
import Testing
import Pixels

/// Lumen straight on the console, no display server: the real binary on SDL's KMS/DRM driver in
/// a virtual machine booted from Debian's kernel, its display a virtio-gpu and its input a
/// virtio tablet, this machine's files its root (`scripts/kms-run`). What the display shows is
/// QEMU's screendump of the scanout, the frame the page flip put there. A boot costs about 13 s
/// of CPU under TCG and a kiosk's start on llvmpipe more, so checks that need the same machine
/// and no frame of their own share one run (`KMSMachines`); the machines run side by side.
@Suite("A kiosk on the console (KMS/DRM)",
       .enabled(if: KMSRun.available || ProcessInfo.processInfo.environment["CI"] == "true",
                "needs qemu-system-x86, linux-image-amd64 and busybox-static (make test installs them)"))
struct KMSConsoleTests {
    /// A kiosk started with no display server finds KMS by itself (SDL_VIDEODRIVER unset, as
    /// on a console), a tap on the touchscreen (the tablet's evdev events, read by SDL from
    /// /dev/input) reveals the photo under it, and the display shows Lumen's frame pixel for
    /// pixel. A stop (SIGTERM, as systemd's) ends it with status 0. Cairo's frame through a
    /// texture (what `auto` picks on llvmpipe), in the machine whose display is unplugged and
    /// plugged in again (the tap comes while it is out: `KMSMachines.frameAuto`).
    @Test func theDisplayShowsTheKiosksFrame() throws {
        try Self.checkFrame(try KMSMachines.frameAuto.get(), renderer: "auto")
    }

    /// The same with the GPU renderer (`--renderer gl`), the display plugged in throughout:
    /// after the tap's small damage too, so what each flipped buffer missed was drawn (the GPU
    /// renderer redraws only the damage there: GBM's EGL tells the buffer's age).
    @Test func theDisplayShowsTheGPURenderersFrame() throws {
        let r = try KMSRun.run("frame-gl", lumen: ["--kiosk", "--scene", "gallery", "--idle", "0", "--renderer", "gl", "--semantics"],
                               steps: ["W=$(wakeups); sleep 3; echo $(( $(wakeups) - W )) > $O/idle-wakeups.txt",
                                       "kms-screendump $O/before.ppm", "F=$(frames)", "kms-pointer 320 300", "kms-pointer 320 300 down", "sleep 0.3",
                                       "kms-pointer 320 300 up", "still $F", "kms-screendump $O/shown.ppm"])
        try Self.checkFrame(r, renderer: "gl")
    }

    /// What both frame tests check of a run: its renderer, its log line, the tap's reveal, its
    /// idle wake-ups, and the display against the kiosk's last frame.
    static func checkFrame(_ r: KMSRun.Run, renderer: String) throws {
        #expect(r.status == 0, "stopped cleanly: \(r.log)")
        #expect(r.trace.contains(renderer == "gl" ? ",gl: " : ",cairo"), "drawn by \(renderer): \(r.trace.suffix(200))")
        // The kiosk's log says how it draws: Cairo's frame through a texture, or the GL window
        // redrawing only the damage.
        let said = r.stderr.split(separator: "\n").first { $0.contains("lumen: drawing with ") } ?? ""
        #expect(said.contains(renderer == "gl" ? ", vsync, partial redraw (EGL buffer age)" : "; shown through texture on opengl"), "\(r.stderr)")
        #expect(r.stdout.contains("button \"Forest\" value=\"In full color\""), "the tap revealed the photo: \(r.stdout.prefix(300))")
        // Still and untouched, it sleeps: SDL 2.26's own wait on KMS woke every millisecond.
        let wakeups = Int(((try? String(contentsOfFile: r.out + "/idle-wakeups.txt", encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(wakeups.map { $0 < 30 } == true, "an idle kiosk's main thread woke \(wakeups.map(String.init) ?? "?") times in 3 s")
        let before = try KMSRun.ppm(r.out + "/before.ppm"), shown = try KMSRun.ppm(r.out + "/shown.ppm"), drawn = try PNGFile.read(r.out + "/app.png")
        try #require(shown.width == 640 && shown.height == 400 && drawn.width == 640 && drawn.height == 400,
                     "the display's mode: shown \(shown.width)×\(shown.height), drawn \(drawn.width)×\(drawn.height)")
        let d = PixelComparison.difference(shown, drawn)
        #expect(d.mean == 0 && d.outliers == 0, "the display is Lumen's frame: mean |Δ| \(d.mean), share over 24 \(d.outliers)")
        // Colour follows scrolling: at rest the photo is partly coloured; revealed, fully.
        let photo = Rect(x: 40, y: 110, width: 560, height: 270)
        let grey = PixelComparison.chroma(before, photo).mean, colour = PixelComparison.chroma(shown, photo).mean
        #expect(colour > grey * 1.5, "more colour on the display after the tap: mean chroma \(grey) before, \(colour) after")
    }

    /// A machine whose display is on its second connector (the first not connected): the kiosk
    /// is on the connected one.
    @Test func theKioskIsOnTheConnectedDisplay() throws {
        let r = try KMSMachines.console.get()
        #expect(r.status == 0, "\(r.log)")
        let shown = try KMSRun.ppm(r.out + "/connector.ppm"), drawn = try PNGFile.read(r.out + "/app.png")
        try #require(shown.width == drawn.width && shown.height == drawn.height, "shown \(shown.width)×\(shown.height), drawn \(drawn.width)×\(drawn.height)")
        let d = PixelComparison.difference(shown, drawn)
        #expect(d.mean == 0, "the second connector shows the frame: mean |Δ| \(d.mean)")
    }

    /// The display unplugged and plugged in again (the kernel's own hotplug path: the connector
    /// forced off through sysfs, which sends the hotplug event a cable's pull sends): the kiosk
    /// runs on through it, a tap while no display is there still reveals a photo, and once the
    /// display is back it shows Lumen's frame.
    @Test func aKioskRunsOnThroughAnUnpluggedDisplay() throws {
        let r = try KMSMachines.frameAuto.get()
        #expect(r.status == 0, "stopped cleanly: \(r.log)")
        func read(_ f: String) -> String { ((try? String(contentsOfFile: r.out + "/" + f, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(read("unplugged.txt") == "disconnected" && read("plugged.txt") == "connected", "the connector: \(read("unplugged.txt")), then \(read("plugged.txt"))")
        #expect(FileManager.default.fileExists(atPath: r.out + "/ran-on"), "Lumen ended while the display was out: \(r.log)")
        #expect(r.stdout.contains("button \"Forest\" value=\"In full color\""), "the tap revealed the photo: \(r.stdout.prefix(300))")
        let shown = try KMSRun.ppm(r.out + "/shown.ppm"), drawn = try PNGFile.read(r.out + "/app.png")
        try #require(shown.width == drawn.width && shown.height == drawn.height, "shown \(shown.width)×\(shown.height), drawn \(drawn.width)×\(drawn.height)")
        let d = PixelComparison.difference(shown, drawn)
        #expect(d.mean == 0 && d.outliers == 0, "the display is back with Lumen's frame: mean |Δ| \(d.mean), share over 24 \(d.outliers)")
    }

    /// The keyboard on the console (evdev, read by SDL): a kiosk ignores q (the machine's
    /// keyboard) and quits on Ctrl+Alt+Q (a keyboard plugged in), by itself, with status 0.
    @Test func theExitChordQuitsAKioskOnTheConsole() throws {
        let r = try KMSMachines.console.get()
        #expect(r.status == 0, "\(r.log)")
        #expect(FileManager.default.fileExists(atPath: r.out + "/q-ignored"), "q alone quit the kiosk: \(r.log)")
        #expect(FileManager.default.fileExists(atPath: r.out + "/ended-by-chord"), "Ctrl+Alt+Q did not end it: \(r.log)")
    }

    /// A tablet's accelerometer reports all the time and a worn gamepad's stick jitters, and
    /// SDL's console input reads neither (udev sorts them as such): an idle kiosk does not wake for them (Lumen's own
    /// wait on the input devices once woke at each report: 100 wake-ups a second, all day).
    @Test(arguments: ["accelerometer", "gamepad"])
    func aDeviceSDLDoesNotReadDoesNotWakeAnIdleKiosk(kind: String) throws {
        let r = try KMSMachines.console.get()
        #expect(r.status == 0, "\(r.log)")
        try #require(r.number("\(kind)-devices.txt") == 1, "the \(kind) was made: \(r.log)")
        let wakeups = r.number("\(kind)-wakeups.txt")
        #expect(wakeups.map { $0 < 30 } == true, "with a \(kind) reporting, an idle kiosk woke \(wakeups.map(String.init) ?? "?") times in 3 s")
        let lines = Self.sorting(r, "Lumen test \(kind)")
        #expect(lines.last?.hasSuffix(": \(kind == "gamepad" ? "joystick" : kind), as udev sorts it; left alone") == true, "\(lines)")
    }

    /// How the kiosk logged the device named `name` (its lines, in order).
    static func sorting(_ r: KMSRun.Run, _ name: String) -> [String] {
        r.stderr.split(separator: "\n").map(String.init).filter { $0.contains("lumen: input: ") && $0.contains("\"\(name)\"") }
    }

    /// A touchscreen and a mouse plugged in while the kiosk shows a still picture are each
    /// sorted by udev's properties (libudev) and read: the drag and the wheel each scroll the
    /// page. A keyboard plugged in is sorted and read too: its Ctrl+Alt+Q ends the kiosk
    /// (which takes no other key).
    @Test(arguments: ["touchscreen", "mouse", "keyboard"])
    func aDevicePluggedInIsSortedByUdevAndAnswered(kind: String) throws {
        let r = try KMSMachines.console.get()
        let lines = Self.sorting(r, "Lumen test \(kind)")
        #expect(lines.last?.hasSuffix(": \(kind), as udev sorts it; read") == true, "\(lines) \(r.log)")
        if kind == "keyboard" {
            let held = r.number("keyboard-readers.txt").map(String.init) ?? "?", stale = r.number("stale-input.txt").map(String.init) ?? "?"
            let udev = r.file("keyboard-udev.txt").split(separator: "\n").filter { $0.hasPrefix("UDEV ") }
            #expect(FileManager.default.fileExists(atPath: r.out + "/ended-by-chord"),
                    """
                    its Ctrl+Alt+Q did not end the kiosk (descriptors of the keyboard held: \(held); of removed input nodes before it: \(stale)): \(r.log)
                    udev's messages: \(udev)
                    \(r.file("keyboard-diagnosis.txt"))
                    """)
            return
        }
        let scroll = r.file("\(kind)-scroll.txt").trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "|", omittingEmptySubsequences: false)
        #expect(scroll.count == 2 && scroll[0] != scroll[1], "the \(kind) did not scroll the page: offsets \(scroll)")
    }

    /// A touchscreen whose udev rules take 3 s: its node comes at once and is sorted by a
    /// guess; once udev's monitor says udev has finished (after the rule's mark is written),
    /// it is sorted by udev's properties, with no polling meanwhile (few wake-ups), and its
    /// drag scrolls the page.
    @Test func aDeviceUdevHasNotFinishedIsPickedUpWhenItsMonitorSaysSo() throws {
        let r = try KMSMachines.console.get()
        let lines = Self.sorting(r, "Lumen test slow touchscreen")
        #expect(lines.count == 2 && lines[0].hasSuffix("touchscreen, guessed (not sorted by udev yet); read")
                && lines[1].hasSuffix("touchscreen, as udev sorts it; read"), "\(lines) \(r.log)")
        #expect(r.file("slow-sorted.txt").hasPrefix("after"), "sorted by udev before udev had finished: \(r.file("slow-sorted.txt"))")
        let wakeups = r.number("slow-wakeups.txt")
        #expect(wakeups.map { $0 < 30 } == true, "waiting for udev, the kiosk woke \(wakeups.map(String.init) ?? "?") times")
        let scroll = r.file("slow-scroll.txt").trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "|", omittingEmptySubsequences: false)
        #expect(scroll.count == 2 && scroll[0] != scroll[1], "its drag did not scroll the page: offsets \(scroll)")
    }

    /// A user who may not open the display (not in the video group) is told so in one line.
    @Test func aUserWhoMayNotOpenTheDisplayIsTold() throws {
        let r = try KMSMachines.console.get()
        #expect(r.number("user-status.txt") == 1, "\(r.log)")
        let lines = r.file("user-stderr.txt").split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("/dev/dri/card0 found") && lines[0].contains("video group"), "\(r.file("user-stderr.txt"))")
    }

    /// With no display device at all (a server with no GPU: /dev/dri empty, as Lumen and SDL
    /// see it), one line says why and Lumen exits 1.
    @Test func withNoDisplayDeviceOneLineSaysWhy() throws {
        let r = try KMSMachines.console.get()
        #expect(r.number("none-status.txt") == 1, "\(r.log)")
        let lines = r.file("none-stderr.txt").split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("no DRM display device in /dev/dri"), "\(r.file("none-stderr.txt"))")
    }
}

/// Machines whose one run several tests read.
enum KMSMachines {
    /// A kiosk of the gallery drawn by `auto` (Cairo through a texture): idle 3 s, its wake-ups
    /// counted; the display's picture; the display unplugged (its connector forced off through
    /// sysfs, as a cable's pull), a tap on the photo at (320, 300) while it is out, the display
    /// plugged in again and, once still, its picture.
    static let frameAuto: Result<KMSRun.Run, any Error> = Result {
        let connector = "/sys/class/drm/card0-Virtual-1/status"
        return try KMSRun.run("frame-auto", lumen: ["--kiosk", "--scene", "gallery", "--idle", "0", "--renderer", "auto", "--semantics"],
                              steps: ["W=$(wakeups); sleep 3; echo $(( $(wakeups) - W )) > $O/idle-wakeups.txt", "kms-screendump $O/before.ppm",
                                      "echo off > \(connector)", "cat \(connector) > $O/unplugged.txt", "sleep 2", "F=$(frames)",
                                      "kms-pointer 320 300", "kms-pointer 320 300 down", "sleep 0.3", "kms-pointer 320 300 up", "still $F",
                                      "kill -0 $P && touch $O/ran-on", "echo detect > \(connector)", "cat \(connector) > $O/plugged.txt",
                                      "sleep 2", "still", "kms-screendump $O/shown.ppm"])
    }

    /// A kiosk of swatches on the console of a machine whose display is on its second connector
    /// (the first not connected). Before it, the same kiosk started as `nobody` (not in the
    /// video group), which must be refused, and with /dev/dri empty (a mount namespace of its
    /// own: a server with no GPU, as Lumen and SDL see it), which must say so. Once it is still,
    /// while it is idle, an accelerometer and then a gamepad
    /// report 100 times a second for 3 s each, its wake-ups counted; then a touchscreen, a
    /// touchscreen whose udev rules are slow and a mouse are plugged in, one by one, each
    /// scrolling the page; once it is still again, the second connector's picture (the frame
    /// it keeps to the end); then `q`, which it must ignore, and a keyboard plugged in, whose
    /// Ctrl+Alt+Q must end it.
    static let console: Result<KMSRun.Run, any Error> = Result {
        let device = TestAssets.repository.appendingPathComponent("scripts/fake-input-device.py").path
        let devices = ["accelerometer", "gamepad"].flatMap { kind in [
            "/usr/bin/python3 '\(device)' \(kind) 100 & S=$!",
            "for i in $(seq 60); do grep -q 'Lumen test \(kind)' /proc/bus/input/devices && break; sleep 0.5; done; sleep 1",
            "grep -c 'Lumen test \(kind)' /proc/bus/input/devices > $O/\(kind)-devices.txt",
            "W=$(wakeups); sleep 3; echo $(( $(wakeups) - W )) > $O/\(kind)-wakeups.txt",
            "kill $S; wait $S",
        ] }
        // Each, once the page is still, plugged in and sorted by udev (the kiosk says so; a
        // loaded machine's udev can take seconds) scrolls a second later: a drag down the page (to
        // its end), a drag up it, the wheel three notches down. The slow touchscreen's udev rule
        // runs 3 s (udev's monitor tells of it after its rules, the mark written last). The
        // keyboard, plugged in last, presses the exit chord.
        // Sorted, a device is opened by SDL too once SDL's own udev monitor tells it (Lumen's wait
        // has one descriptor of it, SDL's reader the other): a drag before then is not SDL's to read.
        let plugged = ["touchscreen", "slow", "mouse"].flatMap { kind in
            let name = kind == "slow" ? "Lumen test slow touchscreen" : "Lumen test \(kind)"
            let options = kind == "slow" ? "touchscreen --drag down --name '\(name)'" : kind
            return ["still; S=$(scroll); W=$(wakeups)",
                    "/usr/bin/python3 '\(device)' \(options) --after-file $O/\(kind)-sorted & D=$!",
                    "for i in $(seq 300); do grep -q '\(name)\".*as udev sorts it' $O/stderr.txt && break; sleep 0.1; done"]
                + (kind != "slow" ? [] : [
                    "[ -e $O/slow-udev-done ] && echo after > $O/slow-sorted.txt || echo before > $O/slow-sorted.txt",
                    "echo $(( $(wakeups) - W )) > $O/slow-wakeups.txt"])
                + ["sdl_reads '\(name)'; touch $O/\(kind)-sorted",
                   "moved \"$S\"; echo \"$S|$(scroll)\" > $O/\(kind)-scroll.txt", "wait $D"]
        }
        // Waits up to 30 s for the device named $1 to be open twice in Lumen (its last node).
        let sdlReads = #"sdl_reads() { N=$(grep -o "/dev/input/event[0-9]* \"$1\"" $O/stderr.txt | tail -1 | cut -d' ' -f1); "#
            + #"E=$(( $(date +%s) + 30 )); until [ $(ls -l /proc/$P/fd 2>/dev/null | grep -c "$N\$") -ge 2 ] || [ $(date +%s) -ge $E ]; do sleep 0.1; done; }"#
        let mark = ImageFixtures.path("kms-console") + "/slow-udev-done"
        let slowRule = #"ACTION=="add", SUBSYSTEM=="input", KERNEL=="event*", ATTRS{name}=="Lumen test slow touchscreen", RUN+="/bin/sh -c 'sleep 3; touch "#
            + mark + #"'""#
        return try KMSRun.run("console", lumen: ["--kiosk", "--scene", "swatches", "--idle", "0"],
                              steps: ["modprobe uinput", sdlReads] + devices
                                  + ["mkdir -p /run/udev/rules.d", "cat > /run/udev/rules.d/90-lumen-slow.rules <<'RULE'\n\(slowRule)\nRULE",
                                     "udevadm control --reload"] + plugged + ["still", "kms-screendump $O/connector.ppm 1",
                                  "kms-key q", "sleep 3", "kill -0 $P && touch $O/q-ignored",
                                  // Descriptors Lumen still holds of input nodes removed (the plugged devices are gone by now).
                                  "ls -l /proc/$P/fd | grep -c 'input/event.*(deleted)' > $O/stale-input.txt",
                                  "udevadm monitor --udev --property -s input > $O/keyboard-udev.txt 2>&1 & M=$!",
                                  "/usr/bin/python3 '\(device)' keyboard --after-file $O/keyboard-sorted &",
                                  "for i in $(seq 300); do grep -q 'Lumen test keyboard.*as udev sorts it' $O/stderr.txt && break; sleep 0.1; done",
                                  // Sorted, then opened by SDL too (Lumen's wait has one descriptor of it, SDL's reader the other):
                                  // a key pressed before SDL opens the node is not SDL's to read.
                                  "N=$(grep -o '/dev/input/event[0-9]* \"Lumen test keyboard\"' $O/stderr.txt | tail -1 | cut -d' ' -f1)",
                                  "readers() { ls -l /proc/$P/fd 2>/dev/null | grep -c \"$N\\$\"; }",
                                  "E=$(( $(date +%s) + 30 )); until [ $(readers) -ge 2 ] || [ $(date +%s) -ge $E ]; do sleep 0.1; done",
                                  "readers > $O/keyboard-readers.txt; kill $M",
                                  // Not opened: what SDL's udev monitor holds unread or dropped (/proc/net/netlink's Rmem and Drops), where Lumen's threads wait.
                                  "[ $(readers) -ge 2 ] || { cat /proc/uptime /proc/net/netlink; ls -l /proc/$P/fd; for t in /proc/$P/task/*; do echo \"$t $(cat $t/comm) $(cat $t/wchan)\"; done; udevadm info -q property -n $N; } > $O/keyboard-diagnosis.txt 2>&1",
                                  "touch $O/keyboard-sorted",
                                  "for i in $(seq 120); do kill -0 $P 2>/dev/null || { touch $O/ended-by-chord; break; }; sleep 0.25; done"],
                              before: ["chmod a+rwx $O",
                                       "runuser -u nobody -- \"$LUMEN\" --kiosk --scene swatches > $O/user-stdout.txt 2> $O/user-stderr.txt",
                                       "echo $? > $O/user-status.txt",
                                       "unshare -m sh -c \"mount -t tmpfs none /dev/dri && exec '$LUMEN' --kiosk --scene swatches\" > $O/none-stdout.txt 2> $O/none-stderr.txt",
                                       "echo $? > $O/none-status.txt"],
                              machine: ["--outputs", "2", "--connected", "2"])
    }
}

/// Runs Lumen in `scripts/kms-run`'s machine and plays steps once its frame is still.
enum KMSRun {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/kms-run").path
    /// The machines' ~/.cache, beside the build (Mesa's shader cache: a kiosk keeps its own
    /// from one boot to the next; llvmpipe's compiles, emulated, took 30–60 s a start).
    static let cache = Binary.url.deletingLastPathComponent().appendingPathComponent("kms-cache").path

    static var available: Bool {
        ["/usr/bin/qemu-system-x86_64", "/bin/busybox"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
            && ((try? FileManager.default.contentsOfDirectory(atPath: "/boot")) ?? []).contains { $0.hasPrefix("vmlinuz-") }
    }

    struct Run {
        var out: String, status: Int32, stdout: String, stderr: String, trace: String, log: String

        /// A file the run wrote in its out folder ("" when there is none).
        func file(_ name: String) -> String { (try? String(contentsOfFile: out + "/" + name, encoding: .utf8)) ?? "" }
        /// The whole number a file holds, or nil.
        func number(_ name: String) -> Int? { Int(file(name).trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// Starts `lumen` (its screenshot to out/app.png, its trace to out/trace.csv) on a 640 × 400
    /// display, waits until it has drawn and then for 3 s drawn nothing and used less than
    /// 0.3 s of CPU a half second (`still`: a frame of llvmpipe's under TCG can take seconds, so
    /// no new frame alone says nothing; drawing took 1.2–2.7 s of CPU a second there; steps may
    /// call it again, `still N` to count only once there are more than N frames: `F=$(frames)`
    /// before input), runs `steps` (shell lines, `$O` the out folder; `wakeups`: the times
    /// Lumen's main thread has slept so far; `scroll`: the scroll offsets in the trace's last
    /// row; `moved S`: waits up to 15 s for them to differ from S) and stops Lumen with SIGTERM. A Lumen that ends by
    /// itself skips the steps. `after`: shell lines run once it has ended (`$LUMEN` the
    /// binary). `before`: shell lines run before Lumen starts.
    static func run(_ name: String, lumen: [String], steps: [String], before: [String] = [], after: [String] = [],
                    machine: [String] = []) throws -> Run {
        let out = ImageFixtures.path("kms-\(name)")
        try? FileManager.default.removeItem(atPath: out)
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let args = (lumen + ["--trace", out + "/trace.csv", "--screenshot", out + "/app.png"]).map { "'\($0)'" }.joined(separator: " ")
        let guest = """
            O=\(out)
            # Emulated (TCG) under a loaded host, a photo's decoder took over 5 s: not a hang.
            export LUMEN_DECODE_TIMEOUT=60
            LUMEN='\(Binary.url.path)'
            frames() { [ -f $O/trace.csv ] && echo $(( $(wc -l < $O/trace.csv) - 1 )) || echo 0; }
            ticks() { awk '{ print $14 + $15 }' /proc/$P/stat 2>/dev/null || echo 0; }
            wakeups() { awk '/^voluntary_ctxt_switches/ { print $2 }' /proc/$P/status 2>/dev/null || echo 0; }
            scroll() { awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "scroll") c = i; next } { v = $c } END { print v }' $O/trace.csv; }
            moved() { for i in $(seq 150); do [ "$(scroll)" != "$1" ] && return 0; sleep 0.1; done; return 1; }
            still() { from=${1:-0}; last=-1; same=0; was=$(ticks)
              while kill -0 $P 2>/dev/null; do n=$(frames) t=$(ticks)
                if [ "$n" -gt "$from" ] && [ "$n" = "$last" ] && [ $((t - was)) -lt 30 ]; then
                  same=$((same + 1)); [ $same -ge 6 ] && return 0
                else same=0; fi
                last=$n; was=$t; sleep 0.5; done; return 1; }
            \(before.joined(separator: "\n"))
            '\(Binary.url.path)' \(args) > $O/stdout.txt 2> $O/stderr.txt &
            P=$!
            if still; then
            \(steps.joined(separator: "\n"))
            kill -TERM $P
            fi
            wait $P
            \(after.joined(separator: "\n"))
            """
        try guest.write(toFile: out + "/guest.sh", atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: script)
        // A cap for a machine that hangs, not a wait: nine emulated machines at once on a
        // 2-core CI machine, cold caches, beside the other shards, have taken over 400 s.
        p.arguments = ["--size", "640x400", "--out", out, "--cache", cache, "--timeout", "600"] + machine + ["--", "sh", out + "/guest.sh"]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try p.run()
        ProcessDeadline.end(p, within: 900)
        func read(_ file: String) -> String { (try? String(contentsOfFile: out + "/" + file, encoding: .utf8)) ?? "" }
        return Run(out: out, status: p.terminationStatus, stdout: read("stdout.txt"), stderr: read("stderr.txt"), trace: read("trace.csv"),
                   log: "status \(p.terminationStatus); lumen: \(read("stderr.txt").suffix(600)); machine: \(read("kms-guest.log").suffix(600))")
    }

    /// A binary PPM (P6, 8 bits), QEMU's screendump, as opaque ARGB pixels.
    static func ppm(_ path: String) throws -> PixelBuffer {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        var fields: [Int] = [], i = 2, field = ""
        guard data.starts(with: Array("P6".utf8)) else { throw KMSError("\(path) is not a binary PPM") }
        while fields.count < 3, i < data.count {
            let c = data[i]
            if c >= 48 && c <= 57 { field.append(Character(UnicodeScalar(c))) } else if !field.isEmpty { fields.append(Int(field)!); field = "" }
            i += 1
        }
        guard fields.count == 3, fields[2] == 255, data.count - i >= fields[0] * fields[1] * 3 else { throw KMSError("\(path): header \(fields)") }
        let px = PixelBuffer(width: fields[0], height: fields[1])
        for y in 0..<px.height {
            for x in 0..<px.width {
                let o = i + (y * px.width + x) * 3
                px[x, y] = 0xFF00_0000 | UInt32(data[o]) << 16 | UInt32(data[o + 1]) << 8 | UInt32(data[o + 2])
            }
        }
        return px
    }

    struct KMSError: Error, CustomStringConvertible {
        let description: String
        init(_ d: String) { description = d }
    }
}
