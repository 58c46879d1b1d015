import Foundation
import Glibc

/// Waits on a child process with a deadline, so that a program that hangs fails its test with
/// its stacks instead of holding the whole test run until CI's time runs out.
public enum ProcessDeadline {
    /// Waits until `process` ends (true) or `seconds` pass (false); it is left running.
    @discardableResult
    public static func wait(_ process: Process, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        return !process.isRunning
    }

    /// Ends `process`: `signal` (SIGTERM) and `grace` seconds to end on its own; then its
    /// threads' stacks go to standard error (the test's log) and it is killed. True when it
    /// ended by itself within the grace.
    @discardableResult
    public static func stop(_ process: Process, signal: Int32 = SIGTERM, grace: Double = 30) -> Bool {
        guard process.isRunning else { return true }
        Glibc.kill(process.processIdentifier, signal)
        if wait(process, seconds: grace) { return true }
        killWithStacks(process, because: "did not end within \(grace) s of signal \(signal)")
        return false
    }

    /// Waits `seconds` for `process` to end by itself; past that, as `stop` does after its
    /// grace: stacks, then SIGKILL. True when it ended by itself.
    @discardableResult
    public static func end(_ process: Process, within seconds: Double) -> Bool {
        if wait(process, seconds: seconds) { return true }
        killWithStacks(process, because: "still running after \(seconds) s")
        return false
    }

    /// Writes the process's stacks (gdb, where installed) to standard error, then kills it and
    /// the processes it started (Foundation sees its end only once they too are gone).
    private static func killWithStacks(_ process: Process, because why: String) {
        let pid = process.processIdentifier
        FileHandle.standardError.write(Data("ProcessDeadline: \(pid) (\(process.executableURL?.lastPathComponent ?? "?")) \(why); its stacks:\n".utf8))
        FileHandle.standardError.write(Data((threads(of: pid) + stacks(of: pid)).utf8))
        for p in [pid] + descendants(of: pid) { Glibc.kill(p, SIGKILL) }
        process.waitUntilExit()
    }

    /// The processes under `pid`, children first.
    static func descendants(of pid: Int32) -> [Int32] {
        var parents: [Int32: [Int32]] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let child = Int32(name), let fields = statFields("/proc/\(name)/stat") else { continue }
            if fields.count > 1, let parent = Int32(fields[1]) { parents[parent, default: []].append(child) }
        }
        var found: [Int32] = [], queue = [pid]
        while let next = queue.popLast() {
            let children = parents[next] ?? []
            found += children
            queue += children
        }
        return found
    }

    /// The fields of a `/proc/…/stat` file after the name (which may hold spaces and
    /// parentheses): index 0 is field 3 (the state), index N − 3 field N; nil when unreadable.
    public static func statFields(_ path: String) -> [Substring]? {
        guard let stat = try? String(contentsOfFile: path, encoding: .utf8), let close = stat.lastIndex(of: ")"),
              stat.index(close, offsetBy: 2, limitedBy: stat.endIndex) != nil else { return nil }
        return stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
    }

    /// One line a thread, from the kernel, for when gdb cannot stop them all (a starved thread
    /// holds its attach): id, name, state, where it sleeps, policy and nice value.
    public static func threads(of pid: Int32) -> String {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.sorted { (Int($0) ?? 0) < (Int($1) ?? 0) }.map { tid -> String in
            let dir = "/proc/\(pid)/task/\(tid)/"
            let wchan = (try? String(contentsOfFile: dir + "wchan", encoding: .utf8)) ?? "?"
            let name = (try? String(contentsOfFile: dir + "comm", encoding: .utf8))?.trimmingCharacters(in: .newlines) ?? "?"
            guard let fields = statFields(dir + "stat") else { return "task \(tid): gone\n" }
            let policyAndNice = fields.count > 38 ? "policy \(fields[38]), nice \(fields[16])" : ""
            return "task \(tid) (\(name)) \(fields.first ?? "?") in \(wchan), \(policyAndNice)\n"
        }.joined()
    }

    /// Every thread's innermost frames, as gdb prints them (empty where gdb is missing).
    public static func stacks(of pid: Int32) -> String {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/gdb") else { return "" }
        let gdb = Process()
        gdb.executableURL = URL(fileURLWithPath: "/usr/bin/gdb")
        gdb.arguments = ["-p", "\(pid)", "-batch", "-nx", "-ex", "thread apply all bt 12"]
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("stacks-\(pid)-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: file) }
        gdb.standardOutput = FileHandle(forWritingAtPath: file.path)
        gdb.standardError = FileHandle.nullDevice
        guard (try? gdb.run()) != nil else { return "" }
        if !wait(gdb, seconds: 60) { Glibc.kill(gdb.processIdentifier, SIGKILL); gdb.waitUntilExit() }
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { $0.hasPrefix("Thread ") || $0.hasPrefix("#") }.joined(separator: "\n") + "\n"
    }
}
