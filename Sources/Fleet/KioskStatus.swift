import FoundationEssentials
import Glibc

/// What a running window reports to fleet tools (`lumen status`, the metrics file): one
/// snapshot, taken by the frame loop after each pass.
package struct KioskStatus: Sendable, Equatable, Codable {
    /// The app's command ("lumen") and process id.
    package var program: String
    package var pid: Int32
    /// The scene on screen, by name.
    package var scene: String
    /// The playlist entry on screen (1-based) and how many there are; nil without a playlist.
    package var entry: Int?
    package var entries: Int?
    /// What is on screen, in words: "playlist entry 2 of 5: Ken Burns hero" or the scene's title.
    package var showing: String
    /// "on", or "off" while the screen schedule has switched the display off.
    package var screen = "on"
    /// Seconds since the process started.
    package var uptimeSeconds: Double
    /// Frames shown, and those shown a refresh period or more past their deadline.
    package var framesPresented: Int
    package var framesLate: Int
    /// The process's resident memory, and the decoded photos' pixels, in bytes.
    package var residentBytes: Int
    package var imageBytes: Int
    /// Decoder workers started again after one died or was ended for misbehaving.
    package var workerRestarts: Int
    /// Lines logged as warnings or errors, and the last of them with its UTC time (ISO 8601).
    package var problems: Int
    package var lastError: String?
    package var lastErrorAt: String?
    /// Seconds since the frame loop last finished a pass (large: the main loop is stuck).
    package var secondsSinceLoopPass: Double
    /// Each display's own, where the process has a window on each of several (`--display`
    /// given again); absent with one. The fields above are then the first display's, the
    /// frame counts all displays' together.
    package var displays: [Display]?

    /// What one display of several shows.
    package struct Display: Codable, Equatable, Sendable {
        /// Which window: 0 the first `--display` given.
        package var display: Int
        /// The display it belongs on, by name (an output's or connector's).
        package var name: String?
        package var scene: String
        package var entry: Int?
        package var entries: Int?
        package var showing: String
        /// False while its display is unplugged: its content waits.
        package var connected: Bool
        package var screen: String
        package var framesPresented: Int
        package var framesLate: Int

        package init(display: Int, name: String?, scene: String, entry: Int?, entries: Int?, showing: String, connected: Bool,
                     screen: String, framesPresented: Int, framesLate: Int) {
            self.display = display
            self.name = name
            self.scene = scene
            self.entry = entry
            self.entries = entries
            self.showing = showing
            self.connected = connected
            self.screen = screen
            self.framesPresented = framesPresented
            self.framesLate = framesLate
        }
    }

    package init(program: String, pid: Int32, scene: String, entry: Int? = nil, entries: Int? = nil, showing: String,
                 uptimeSeconds: Double = 0, framesPresented: Int = 0, framesLate: Int = 0, residentBytes: Int = 0,
                 imageBytes: Int = 0, workerRestarts: Int = 0, problems: Int = 0, lastError: String? = nil,
                 lastErrorAt: String? = nil, secondsSinceLoopPass: Double = 0, screen: String = "on") {
        self.screen = screen
        self.program = program
        self.pid = pid
        self.scene = scene
        self.entry = entry
        self.entries = entries
        self.showing = showing
        self.uptimeSeconds = uptimeSeconds
        self.framesPresented = framesPresented
        self.framesLate = framesLate
        self.residentBytes = residentBytes
        self.imageBytes = imageBytes
        self.workerRestarts = workerRestarts
        self.problems = problems
        self.lastError = lastError
        self.lastErrorAt = lastErrorAt
        self.secondsSinceLoopPass = secondsSinceLoopPass
    }

    /// One JSON object on one line, keys in snake_case and sorted.
    package func json() -> String {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// The process's resident set in bytes (`/proc/self/statm`'s second field × the page size).
    package static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
