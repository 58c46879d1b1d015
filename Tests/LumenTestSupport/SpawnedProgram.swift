import Foundation
import Glibc

/// A program started with `posix_spawn` and reaped with `waitpid`, for a test that runs one to
/// its end.
///
/// Foundation's `Process` learns of its child's end when a socket the child inherited closes,
/// so a daemon the program leaves behind (a bus, a compositor, `sleep &`) keeps it "running"
/// for as long as the daemon lives; here the end is the program's own. The program starts with
/// no signal blocked (the test runner's threads block SIGTERM, which a child would keep) and
/// standard input from /dev/null.
final class SpawnedProgram {
    let pid: pid_t
    /// How it ended, once it has: its exit status, or the signal that ended it.
    private(set) var ending: (status: Int32, signalled: Bool)?

    init(_ executable: String, _ arguments: [String], environment: [String: String], output: Int32, errors: Int32) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, errors, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        for s in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD] { sigaddset(&defaults, s) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        guard result == 0 else { throw CocoaError(.executableLoad, userInfo: [NSFilePathErrorKey: executable]) }
        pid = child
    }

    /// Whether it is still running (reaping it when it has ended).
    var isRunning: Bool {
        guard ending == nil else { return false }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return true }
        let signal = status & 0x7F
        ending = signal == 0 ? ((status >> 8) & 0xFF, false) : (signal, true)
        return false
    }
}
