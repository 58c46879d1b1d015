import Foundation
import LumenTestSupport
import Testing

/// The screen schedule where a display can really be switched off, in `scripts/kms-run`'s
/// machine (virtio-gpu): on the console, through the connector's DPMS property, the schedule
/// coming from the playlist as it is edited; then on an X server (Xorg's modesetting driver on
/// the same display), through DPMS. Each time the kernel's connector says Off, and On once a tap
/// or click wakes the screen; on the console the waking tap presses nothing (on X11 that is
/// `ScreenScheduleTests`' check, under Xvfb).
@Suite("The screen schedule on KMS and on Xorg", .enabled(if: KMSRun.available || ProcessInfo.processInfo.environment["CI"] == "true",
                                                        "needs qemu-system-x86, linux-image-amd64 and busybox-static (make test installs them)"))
struct KMSScreenScheduleTests {
    static let dpms = "/sys/class/drm/card0-Virtual-1/dpms"

    static let machine: Result<KMSRun.Run, any Error> = Result {
        let playlist = "/tmp/kms-screen/playlist.json"
        let write = #"printf '{"screen-off": "%s", "entries": [{"scene": "gallery", "seconds": 3600}]}' "$1" > \#(playlist).new && mv \#(playlist).new \#(playlist)"#
        // A minute awake: on a loaded machine the emulated kiosk took over 20 s to be still again
        // after the waking tap, and the screen went off before the second tap came.
        let waitFor = "waitfor() { for i in $(seq 1800); do n=$(grep -c \"$2\" \"$1\" 2>/dev/null); [ \"${n:-0}\" -ge ${3:-1} ] && return 0; sleep 0.1; done; return 1; }"
        let range = "R=\"$(date -d '-1 min' +%H:%M)-$(date -d '+10 min' +%H:%M)\""
        return try KMSRun.run("screen", lumen: ["--kiosk", "--playlist", playlist, "--idle", "0", "--semantics", "--wake-for", "60s"],
                              steps: [waitFor, range, "playlist \"$R\"",
                                      "waitfor $O/stderr.txt 'screen: off until'", "cat \(dpms) > $O/dpms-off.txt",
                                      "T=$(ticks); W=$(wakeups); sleep 3; echo $(( $(ticks) - T )) > $O/off-ticks.txt; echo $(( $(wakeups) - W )) > $O/off-wakeups.txt",
                                      "kms-pointer 320 300; kms-pointer 320 300 down; sleep 0.3; kms-pointer 320 300 up",
                                      "waitfor $O/stderr.txt 'screen: on for 60 s'", "cat \(dpms) > $O/dpms-on.txt", "still",
                                      // Moved away and back first: the kernel drops a tablet's report of the position it
                                      // already has, and the waking tap's move may not have reached Lumen.
                                      "F=$(frames); kms-pointer 300 280; kms-pointer 320 300; kms-pointer 320 300 down; sleep 0.3; kms-pointer 320 300 up; still $F",
                                      "waitfor $O/stderr.txt 'screen: off until' 2", "cat \(dpms) > $O/dpms-off-again.txt"],
                              before: ["playlist() { \(write); }", "mkdir -p /tmp/kms-screen",
                                       #"printf '{"entries": [{"scene": "gallery", "seconds": 3600}]}' > \#(playlist)"#],
                              after: [waitFor, range, "\(xorgConfig)",
                                      "Xorg :1 -config $O/xorg.conf -noreset -nolisten tcp -logfile $O/xorg.log > $O/xorg.out 2>&1 & X=$!",
                                      "for i in $(seq 300); do [ -e /tmp/.X11-unix/X1 ] && break; sleep 0.1; done",
                                      "export DISPLAY=:1",
                                      "\"$LUMEN\" --kiosk --scene swatches --idle 0 --screen-off \"$R\" --wake-for 60s > $O/x11-stdout.txt 2> $O/x11-stderr.txt & P=$!",
                                      "waitfor $O/x11-stderr.txt 'screen: off until'", "xset q > $O/xset-off.txt 2>&1", "cat \(dpms) > $O/x11-dpms-off.txt",
                                      "xdotool mousemove 320 300 click 1",
                                      "waitfor $O/x11-stderr.txt 'screen: on for'", "xset q > $O/xset-on.txt 2>&1", "cat \(dpms) > $O/x11-dpms-on.txt",
                                      "kill $P; wait $P; kill $X"])
    }

    /// Xorg on the machine's display with its modesetting driver, no input devices of its own
    /// (xdotool's come through XTEST).
    static let xorgConfig = """
        cat > $O/xorg.conf <<'CONF'
        Section "Device"
            Identifier "gpu"
            Driver "modesetting"
        EndSection
        Section "ServerFlags"
            Option "AutoAddDevices" "false"
        EndSection
        CONF
        """

    @Test func onTheConsoleTheConnectorGoesOffAndTheWakingTapPressesNothing() throws {
        let r = try Self.machine.get()
        #expect(r.status == 0, "\(r.log)")
        #expect(r.stderr.contains("screen: off until") && r.stderr.contains("(from the playlist)"), "\(r.stderr)")
        #expect(r.stderr.contains("(the connector's DPMS property)"), "\(r.stderr)")
        #expect(r.file("dpms-off.txt").hasPrefix("Off") && r.file("dpms-on.txt").hasPrefix("On") && r.file("dpms-off-again.txt").hasPrefix("Off"),
                "the connector: \(r.file("dpms-off.txt")) \(r.file("dpms-on.txt")) \(r.file("dpms-off-again.txt"))")
        // Emulated, a tick is 10 ms of a machine several times slower than this one.
        #expect((r.number("off-ticks.txt") ?? 99) <= 3, "CPU ticks in 3 s while off: \(r.file("off-ticks.txt"))")
        #expect((r.number("off-wakeups.txt") ?? 99) < 10, "main-thread wake-ups in 3 s while off: \(r.file("off-wakeups.txt"))")
        #expect(r.stdout.contains("button \"Forest\" value=\"In full color\""), "the second tap, not the waking one, revealed the photo: \(r.stdout.prefix(300))")
    }

    @Test func onXorgDPMSSwitchesTheMonitorOff() throws {
        let r = try Self.machine.get()
        let stderr = r.file("x11-stderr.txt")
        #expect(stderr.contains("(DPMS)"), "\(stderr) \(r.file("xorg.out").suffix(300))")
        #expect(r.file("xset-off.txt").contains("Monitor is Off") && r.file("xset-on.txt").contains("Monitor is On"),
                "\(r.file("xset-off.txt").suffix(120)) \(r.file("xset-on.txt").suffix(120))")
        #expect(r.file("x11-dpms-off.txt").hasPrefix("Off") && r.file("x11-dpms-on.txt").hasPrefix("On"),
                "the connector under Xorg: \(r.file("x11-dpms-off.txt")) \(r.file("x11-dpms-on.txt"))")
    }
}
