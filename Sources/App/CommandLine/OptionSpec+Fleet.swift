import Scenes

extension OptionSpec {
    /// How fleet tools reach a window: its status socket and its metrics file.
    static let fleetOptions: [OptionSpec] = [
        OptionSpec(name: "--status-socket", argument: "PATH", defaultValue: "a kiosk's: $XDG_RUNTIME_DIR/COMMAND/status",
                   help: "the window: answer status and screenshot on this Unix socket (only the same user may ask); status, screenshot: ask the window there",
                   commands: [.window, .status, .screenshot]) { o, a throws(UsageError) in
            o.fleet.statusSocket = try a.value("--status-socket")
        },
        OptionSpec(name: "--metrics", argument: "FILE.prom",
                   help: "write the window's metrics in Prometheus' text format to this file (replaced whole), for node_exporter's textfile collector",
                   commands: [.window]) { o, a throws(UsageError) in
            o.fleet.metrics = try a.value("--metrics")
        },
        OptionSpec(name: "--metrics-every", argument: "SECONDS", defaultValue: "15", help: "how often --metrics is written",
                   commands: [.window]) { o, a throws(UsageError) in
            o.fleet.metricsEvery = try a.number("--metrics-every", min: 1)
        },
        OptionSpec(name: "--screen-off", argument: "SCHEDULE",
                   help: "switch the display off (power saving) at these times, as 22:00-07:00 or 'mon-fri 19:00-07:00; sat,sun 00:00-24:00' (again to add more; a playlist's \"screen-off\" replaces it)",
                   commands: [.window]) { o, a throws(UsageError) in
            let text = try a.value("--screen-off")
            let all = [o.fleet.screenOff?.text, text].compactMap { $0 }.joined(separator: "; ")
            do throws(ScreenSchedule.Error) { o.fleet.screenOff = try ScreenSchedule(parsing: all) } catch { throw UsageError("--screen-off: \(error.reason)") }
        },
        OptionSpec(name: "--wake-for", argument: "DURATION", defaultValue: "5m",
                   help: "how long a touch, click or key keeps a screen that --screen-off switched off on (90s, 5m, 1h; the touch that wakes it does nothing else)",
                   commands: [.window]) { o, a throws(UsageError) in
            o.fleet.wakeFor = try a.duration("--wake-for")
        },
    ]
}
