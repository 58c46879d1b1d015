import Foundation

/// An X server of the test's own (Xvfb on a free display number), so tests that open windows,
/// move the pointer or read the screen run side by side without meeting: each has its own
/// screen, pointer and keyboard. Stopped when the test lets go of it.
public final class XServer: @unchecked Sendable {
    private let process = Process()
    /// The display's name (":N").
    public let display: String

    /// A server whose screen is `width` × `height` × 24 bits. `resets`: whether it resets when
    /// its last client leaves, as Xvfb and Xorg do unless told `-noreset`.
    public init(width: Int = 2560, height: Int = 1600, resets: Bool = true) throws {
        display = try XServer.start(process, "/usr/bin/Xvfb",
                                    ["-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"] + (resets ? [] : ["-noreset"]))
    }

    /// Starts the server `executable` with `arguments` and `-displayfd`; the display it took.
    private static func start(_ process: Process, _ executable: String, _ arguments: [String]) throws -> String {
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-displayfd", "1"] + arguments
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        var number = Data()
        while !number.contains(UInt8(ascii: "\n")) {
            let chunk = pipe.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw CocoaError(.fileReadUnknown) }
            number.append(chunk)
        }
        return ":" + String(decoding: number, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Xorg with its dummy driver (no hardware): one screen with a RandR output for each of
    /// `outputs` (width × height at a refresh in Hz), side by side from the left, as a desktop
    /// with two monitors has them. Made with xrandr's new modes, so each output has the refresh
    /// asked for. Needs root (Xorg) and xserver-xorg-video-dummy (make test installs both).
    /// `touchscreen`: a socket path for a touchscreen of the server's inputtest driver (the only
    /// input device then), which `scripts/xorg-touch.py` taps.
    public init(outputs: [(width: Int, height: Int, hz: Int)], touchscreen: String? = nil) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lumen-xorg-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let config = folder.appendingPathComponent("xorg.conf").path
        let touch = touchscreen.map { XServer.touchscreenSections(socket: $0, screen: "screen") + "\n" } ?? ""
        let text = touch + """
        Section "Device"
          Identifier "dummy"
          Driver "dummy"
          VideoRam 256000
        EndSection
        Section "Monitor"
          Identifier "monitor"
          HorizSync 5.0-1000.0
          VertRefresh 5.0-200.0
        EndSection
        Section "Screen"
          Identifier "screen"
          Device "dummy"
          Monitor "monitor"
          DefaultDepth 24
          SubSection "Display"
            Depth 24
            Virtual 4096 2048
          EndSubSection
        EndSection
        """
        try text.write(toFile: config, atomically: true, encoding: .utf8)
        display = try XServer.start(process, "/usr/bin/Xorg", ["-config", config, "-logfile", folder.appendingPathComponent("Xorg.log").path,
                                                               "-nolisten", "tcp", "-noreset"])
        var left: String?, made: Set<String> = []
        for (i, o) in outputs.enumerated() {
            let mode = "\(o.width)x\(o.height)_\(o.hz)"
            if made.insert(mode).inserted { try xrandr(["--newmode", mode] + XServer.timings(o)) }
            try xrandr(["--addmode", "DUMMY\(i)", mode])
            try xrandr(["--output", "DUMMY\(i)", "--mode", mode] + (left.map { ["--right-of", $0] } ?? []))
            left = "DUMMY\(i)"
        }
        let state = try xrandr([])
        let connected = state.split(separator: "\n").filter { $0.contains(" connected") && $0.contains("+") }
        guard connected.count == outputs.count else { throw XServerFailure(description: "xrandr shows \(connected.count) outputs on: \(state)") }
    }

    /// Xorg configuration sections for a server whose one input device is a touchscreen of its
    /// inputtest driver on `socket` (`scripts/xorg-touch.py` taps it), with the screen `screen`.
    public static func touchscreenSections(socket: String, screen: String) -> String {
        """
        Section "ServerFlags"
          Option "AutoAddDevices" "false"
        EndSection
        Section "InputDevice"
          Identifier "touchscreen"
          Driver "inputtest"
          Option "DeviceType" "Touch"
          Option "SocketPath" "\(socket)"
        EndSection
        Section "ServerLayout"
          Identifier "layout"
          Screen "\(screen)"
          InputDevice "touchscreen"
        EndSection
        """
    }

    /// xrandr's --newmode timings for a mode of `o`'s size and refresh (CVT-like timings: blanking of
    /// 160 pixels and 20 lines, the pixel clock made to give the refresh).
    private static func timings(_ o: (width: Int, height: Int, hz: Int)) -> [String] {
        let (htotal, vtotal) = (o.width + 160, o.height + 20)
        let clock = Double(htotal * vtotal * o.hz) / 1e6
        return [String(format: "%.3f", clock),
                "\(o.width)", "\(o.width + 24)", "\(o.width + 80)", "\(htotal)",
                "\(o.height)", "\(o.height + 3)", "\(o.height + 7)", "\(vtotal)", "-hsync", "+vsync"]
    }

    /// Runs xrandr on this server; its standard output.
    @discardableResult
    public func xrandr(_ arguments: [String]) throws -> String {
        let r = try ProgramOutput.capture("/usr/bin/xrandr", arguments, environment: environment, timeout: 60)
        guard r.status == 0 else { throw XServerFailure(description: "xrandr \(arguments.joined(separator: " ")): \(r.stderr)") }
        return r.stdout
    }

    /// `DISPLAY` naming this server, for a program the test starts.
    public var environment: [String: String] { ["DISPLAY": display] }

    /// Whether Xvfb is installed (make test installs it).
    public static var available: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb") }

    /// SIGKILL: the test runner's threads block SIGTERM, and a child it starts keeps that mask.
    public func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit { stop() }
}

/// Why a test's X server could not be set up.
public struct XServerFailure: Error, CustomStringConvertible {
    public let description: String
}
