import Foundation
import Glibc

/// Runs a program to its end, with a deadline, and gives back what it printed.
///
/// Past `timeout` seconds the program is stopped (its stacks on standard error, SIGKILL) and its
/// status is the signal's. What it prints goes through files, not pipes: a child it leaves
/// running with the same output cannot keep the reader waiting, and a full pipe cannot stop the
/// program. The end waited for is the program's own, not its children's (`SpawnedProgram`).
public enum ProgramOutput {
    /// Standard output and standard error together, in the order written.
    public static func run(_ executable: String, _ arguments: [String], timeout: Double = 300) throws -> (status: Int32, text: String) {
        let r = try capture(executable, arguments, together: true, timeout: timeout)
        return (r.status, r.stdout)
    }

    /// Standard output and standard error apart; `environment` is added to the test's own.
    public static func capture(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                               together: Bool = false, timeout: Double = 300) throws -> (status: Int32, stdout: String, stderr: String) {
        let out = try TemporaryOutput(), err = try TemporaryOutput()
        let program = try SpawnedProgram(executable, arguments, environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
                                         output: out.handle.fileDescriptor, errors: (together ? out : err).handle.fileDescriptor)
        let deadline = Date().addingTimeInterval(timeout)
        while program.isRunning && Date() < deadline { usleep(10_000) }
        if program.isRunning {
            FileHandle.standardError.write(Data("ProgramOutput: \(executable) still running after \(timeout) s; its stacks:\n".utf8))
            FileHandle.standardError.write(Data((ProcessDeadline.threads(of: program.pid) + ProcessDeadline.stacks(of: program.pid)).utf8))
            kill(program.pid, SIGKILL)
            while program.isRunning { usleep(10_000) }
        }
        return (program.ending?.status ?? -1, out.text(), together ? "" : err.text())
    }
}

/// A file a child process writes to, read once it has ended, then removed.
public final class TemporaryOutput {
    public let url = FileManager.default.temporaryDirectory.appendingPathComponent("output-\(UUID().uuidString)")
    public let handle: FileHandle

    public init() throws {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        handle = try FileHandle(forWritingTo: url)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// What was written; call once the writer has ended.
    public func text() -> String {
        try? handle.close()
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }
}
