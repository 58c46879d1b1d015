import Foundation
import LumenTestSupport
import Testing

/// Runs xdotool (X input and window queries) on `server` and returns what it printed.
func xdotool(_ args: [String], on server: XServer) throws -> String {
    try ProgramOutput.capture("/usr/bin/xdotool", args, environment: server.environment, timeout: 60).stdout
}

/// Starts `lumen args` in an X11 window on `server` (its standard output into the file
/// `stdout`) and waits until the window shows; returns the process and the window's id (""
/// if it never did).
func openLumenWindow(_ args: [String], stdout: String, on server: XServer) throws -> (Process, String) {
    let first = try launchLumenWindow(args, stdout: stdout, on: server)
    // Under a loaded test run the X server now and then refuses a connection (the process ends
    // at once, before any window): that one is tried once more, as `Binary.run` does.
    guard first.1.isEmpty, !first.0.isRunning else { return first }
    Thread.sleep(forTimeInterval: 0.5)
    return try launchLumenWindow(args, stdout: stdout, on: server)
}

private func launchLumenWindow(_ args: [String], stdout: String, on server: XServer) throws -> (Process, String) {
    #expect(FileManager.default.createFile(atPath: stdout, contents: nil))
    let p = Process()
    p.executableURL = Binary.url
    p.arguments = args
    var env = ProcessInfo.processInfo.environment
    env["SDL_VIDEODRIVER"] = "x11"
    env["DISPLAY"] = server.display
    p.environment = env
    p.standardOutput = FileHandle(forWritingAtPath: stdout)
    try p.run()
    var window = ""
    // Up to 30 s: under a loaded test run (a GL window on llvmpipe beside it) a window can take
    // more than 10 s to map.
    for _ in 0..<600 where window.isEmpty && p.isRunning {
        window = try xdotool(["search", "--onlyvisible", "--pid", "\(p.processIdentifier)"], on: server).split(separator: "\n").first.map(String.init) ?? ""
        if window.isEmpty { Thread.sleep(forTimeInterval: 0.05) }
    }
    return (p, window)
}
