import App
import BuiltInScenes
import Glibc
import Scenes

/// The command line as `lumen` parses it, `--set` values included: the bytes split at NUL into
/// arguments. Arguments that name a path outside an empty folder are left out (a parse checks
/// that photos and playlists exist and reads a playlist), so a run touches no file of the
/// machine's and never waits on a device.
enum CommandLineFuzzing {
    /// An empty folder to parse in, made once.
    static let folder: Void = {
        var template = Array("/tmp/lumen-fuzz-XXXXXX".utf8CString)
        if let made = mkdtemp(&template) { chdir(made) }
    }()

    static func parse(_ bytes: UnsafeRawBufferPointer) {
        folder
        let args = bytes.split(separator: 0, omittingEmptySubsequences: false).prefix(64)
            .map { String(decoding: $0, as: UTF8.self) }
            .filter { !$0.contains("/") && !$0.hasPrefix("..") && $0 != "-" && !$0.hasPrefix("~") }
        _ = ArgumentCheck.usageError(Array(args), catalog: .lumen)
    }
}
