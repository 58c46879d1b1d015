import Foundation
import Glibc
import LumenTestSupport
import Testing

/// The tests' waits on other programs end: a program that hangs is stopped with its stacks
/// written out, instead of holding the test run until CI's own time runs out.
@Suite struct ProcessDeadlineTests {
    func start(_ arguments: [String]) throws -> Process {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c"] + arguments
        p.standardError = FileHandle.nullDevice
        try p.run()
        return p
    }

    @Test func aProgramThatEndsIsWaitedFor() throws {
        let p = try start(["exit 3"])
        #expect(ProcessDeadline.end(p, within: 60))
        #expect(p.terminationStatus == 3)
    }

    @Test func aProgramThatHangsIsKilledAtTheDeadline() throws {
        let p = try start(["exec sleep 600"])
        let started = Date()
        #expect(!ProcessDeadline.end(p, within: 0.5))
        #expect(!p.isRunning && p.terminationReason == .uncaughtSignal && p.terminationStatus == SIGKILL)
        #expect(Date().timeIntervalSince(started) < 300, "not the program's own 600 s")
    }

    @Test func aProgramThatIgnoresSIGTERMIsKilledAfterTheGrace() throws {
        let ready = ImageFixtures.path("deadline-trap-set")
        try? FileManager.default.removeItem(atPath: ready)
        let p = try start(["trap '' TERM; touch '\(ready)'; while :; do sleep 0.05; done"])
        while !FileManager.default.fileExists(atPath: ready) && p.isRunning { usleep(10_000) }
        #expect(!ProcessDeadline.stop(p, grace: 0.5))
        #expect(!p.isRunning && p.terminationStatus == SIGKILL)
    }

    @Test func theStacksOfAHungProgramAreReadable() throws {
        let p = try start(["exec sleep 600"])
        defer { ProcessDeadline.stop(p, signal: SIGKILL) }
        let stacks = ProcessDeadline.stacks(of: p.processIdentifier)
        #expect(stacks.contains("Thread 1") && stacks.contains("#0"), "\(stacks)")
        let threads = ProcessDeadline.threads(of: p.processIdentifier)
        #expect(threads.hasPrefix("task \(p.processIdentifier) (sleep) S in "), "\(threads)")
        #expect(threads.hasSuffix("policy 0, nice 0\n"), "\(threads)")
    }

    @Test func outputGoesThroughAFileThatAChildLeftRunningCannotHold() throws {
        // The shell leaves a sleeper holding its standard output; a pipe's reader would wait for it.
        let sleeper = ImageFixtures.path("deadline-sleeper")
        let started = Date()
        let r = try ProgramOutput.run("/bin/sh", ["-c", "echo said; sleep 600 & echo $! > '\(sleeper)'; exit 0"], timeout: 60)
        #expect(r.status == 0 && r.text == "said\n")
        #expect(Date().timeIntervalSince(started) < 60)
        if let pid = Int32((try? String(contentsOfFile: sleeper, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") { kill(pid, SIGKILL) }
    }
}
