import FoundationEssentials
import Glibc
import Render
import SystemSupport

/// Lumen started again in its own process (the same id, so a service manager sees it go on):
/// the program image replaced by a fresh one with the same arguments (and what brings it back
/// to the scene it showed), as a kiosk's supervisor would restart it, but without losing the
/// process. Used when the last display went away, which SDL 2.26 cannot carry a window
/// through; the new image waits for a display.
enum SelfRestart {
    /// The new start's arguments: this one's without `--script` (its input was played once
    /// already), then `resume` (later flags win: the scene and scroll offset it showed).
    static func arguments(_ arguments: [String], resuming resume: [String]) -> [String] {
        var out: [String] = []
        var skip = false
        for a in arguments {
            if skip { skip = false; continue }
            if a == "--script" { skip = true; continue }
            out.append(a)
        }
        return out + resume
    }

    /// Replaces this process; returns (1) only when that could not be done, having said why.
    static func exec(_ arguments: [String]) -> Int32 {
        fflush(nil)   // what was printed goes out before the image is replaced
        // The program's own path (not /proc/self/exe, which would name the process "exe").
        var path = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &path, path.count - 1)
        let program = n > 0 ? String(decoding: path.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self) : "/proc/self/exe"
        let argv = ([CommandLine.arguments.first ?? "lumen"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        execv(program, argv)
        StandardError.message("cannot start again (\(String(cString: strerror(errno))))")
        return 1
    }
}
