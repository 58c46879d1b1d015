import Foundation
import Glibc
import LumenTestSupport

/// The real binary running beside a test, its standard error in a file the test reads while it
/// runs: waited on for lines (a state), never for a fixed time.
final class RunningLumen {
    let process = Process()
    let logPath: String

    /// Runs `arguments`; standard error goes to `log`, standard output to `stdout` (or nowhere).
    init(_ arguments: [String], env: [String: String] = [:], log: String, stdout: String? = nil) throws {
        logPath = log
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        if let stdout { _ = FileManager.default.createFile(atPath: stdout, contents: nil) }
        process.executableURL = Binary.url
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = ImageFixtures.path("xdg-cache")
        for (k, v) in env { environment[k] = v }
        process.environment = environment
        process.standardOutput = stdout.flatMap { FileHandle(forWritingAtPath: $0) } ?? FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: log)
        try process.run()
    }

    /// A process still running when the test ends is killed outright.
    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    var pid: Int32 { process.processIdentifier }

    /// What it has written to standard error so far.
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Waits until `condition` holds of the log (true), the process ends or `timeout` seconds
    /// pass (false); `meanwhile` runs between looks.
    @discardableResult
    func wait(timeout: Double = 90, meanwhile: () -> Void = {}, until condition: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition(log) { return true }
            guard process.isRunning else { return condition(log) }
            meanwhile()
            usleep(50_000)
        }
        return false
    }

    /// Waits until the log contains `text`.
    @discardableResult
    func wait(for text: String, timeout: Double = 90) -> Bool { wait(timeout: timeout) { $0.contains(text) } }

    /// Asks it to quit (SIGTERM, as a service manager does) and waits for its end; one that
    /// has not ended 30 s later has its stacks written to the test's log and is killed.
    func stop() {
        ProcessDeadline.stop(process)
    }

    /// Waits for it to end by itself (true); past `seconds`, its stacks go to the test's log
    /// and it is killed (false).
    @discardableResult
    func end(within seconds: Double = 90) -> Bool {
        ProcessDeadline.end(process, within: seconds)
    }
}
