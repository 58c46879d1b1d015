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
    ]
}
