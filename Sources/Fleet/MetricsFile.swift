import FoundationEssentials
import Glibc

/// A kiosk's metrics in Prometheus' text exposition format, for node_exporter's textfile
/// collector (`--collector.textfile.directory`): the file is written whole to a temporary name
/// beside it and renamed over it, so the collector never reads half a file.
package struct MetricsFile: Sendable {
    package let path: String

    /// Why the file cannot be written, in one line.
    package struct Failure: Error, Equatable, CustomStringConvertible {
        package let description: String
    }

    /// Checks that `path` can be written (a `.prom` file, as the collector reads only those, in
    /// a folder this process may write) by writing it once, empty of samples.
    package init(path: String) throws(Failure) {
        guard path.hasSuffix(".prom") else {
            throw Failure(description: "--metrics: \(path): node_exporter's textfile collector reads only files ending in .prom")
        }
        self.path = path
        try write("")
    }

    /// The text of `status`'s metrics; `running` false for the last write, as the kiosk quits
    /// (`lumen_up 0`, so a kiosk stopped on purpose is told from one that hangs).
    package static func text(_ s: KioskStatus, running: Bool = true) -> String {
        func gauge(_ name: String, _ help: String, _ value: String, type: String = "gauge", labels: String = "") -> String {
            "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n\(name)\(labels) \(value)\n"
        }
        let entry = "{scene=\"\(escaped(s.scene))\",entry=\"\(s.entry.map(String.init) ?? "")\",showing=\"\(escaped(s.showing))\"}"
        return gauge("lumen_up", "1 while the kiosk's frame loop runs, 0 once it has quit.", running ? "1" : "0")
            + gauge("lumen_screen_on", "1 while the display is on, 0 while the screen schedule has it off.", s.screen == "off" ? "0" : "1")
            + gauge("lumen_uptime_seconds", "Seconds since the process started.", number(s.uptimeSeconds))
            + gauge("lumen_frames_presented_total", "Frames shown.", "\(s.framesPresented)", type: "counter")
            + gauge("lumen_frames_late_total", "Frames shown a refresh period or more past their deadline.", "\(s.framesLate)", type: "counter")
            + gauge("lumen_resident_memory_bytes", "The process's resident memory.", "\(s.residentBytes)")
            + gauge("lumen_image_memory_bytes", "Decoded photos' pixels held.", "\(s.imageBytes)")
            + gauge("lumen_worker_restarts_total", "Decoder workers started again after one died or misbehaved.", "\(s.workerRestarts)", type: "counter")
            + gauge("lumen_problems_total", "Lines logged as warnings or errors.", "\(s.problems)", type: "counter")
            + gauge("lumen_showing_info", "What is on screen (the value is always 1).", "1", labels: entry)
            + displays(s.displays ?? [])
    }

    /// Each display's own, where a process has a window on each of several: what it shows,
    /// whether its display is plugged in, its frames; labelled by display number and name.
    private static func displays(_ all: [KioskStatus.Display]) -> String {
        guard !all.isEmpty else { return "" }
        func series(_ name: String, _ help: String, type: String = "gauge", _ value: (KioskStatus.Display) -> String,
                    extra: (KioskStatus.Display) -> String = { _ in "" }) -> String {
            "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n" + all.map { d in
                "\(name){display=\"\(d.display)\",name=\"\(escaped(d.name ?? ""))\"\(extra(d))} \(value(d))\n"
            }.joined()
        }
        return series("lumen_display_connected", "1 while the display is plugged in, 0 while its content waits for it.") { $0.connected ? "1" : "0" }
            + series("lumen_display_frames_presented_total", "Frames shown on the display.", type: "counter") { "\($0.framesPresented)" }
            + series("lumen_display_showing_info", "What the display shows (the value is always 1).", { _ in "1" }) {
                ",scene=\"\(escaped($0.scene))\",entry=\"\($0.entry.map(String.init) ?? "")\",showing=\"\(escaped($0.showing))\""
            }
    }

    /// Writes `text` to a temporary file beside `path`, then renames it over `path`.
    package func write(_ text: String) throws(Failure) {
        let temporary = path + ".\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Failure(description: "--metrics: cannot write \(temporary): \(String(cString: strerror(errno)))") }
        var bytes = Array(text.utf8)
        let written = bytes.isEmpty ? 0 : Glibc.write(fd, &bytes, bytes.count)
        let why = written == bytes.count ? nil : String(cString: strerror(errno))
        close(fd)
        guard why == nil, rename(temporary, path) == 0 else {
            let reason = why ?? String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(description: "--metrics: cannot write \(path): \(reason)")
        }
    }

    /// A label value with `\`, `"` and line breaks escaped, as the format says.
    static func escaped(_ s: String) -> String {
        s.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"").replacing("\n", with: "\\n")
    }

    private static func number(_ v: Double) -> String { String((v * 1000).rounded() / 1000) }
}
