import FoundationEssentials

/// Finds Lumen's `assets/` folder: $LUMEN_ASSETS, else the nearest `assets/` above the
/// executable (a build tree), else above the working directory.
enum AssetLocator {
    static func find() -> String? {
        let fm = FileManager.default
        if let env = ProcessInfo.processInfo.environment["LUMEN_ASSETS"], fm.fileExists(atPath: env + "/fonts") {
            return env
        }
        let exe = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath().deletingLastPathComponent()
        let cwd = URL(fileURLWithPath: fm.currentDirectoryPath)
        for start in [exe, cwd] {
            var dir = start
            for _ in 0..<8 {
                let candidate = dir.appendingPathComponent("assets")
                if fm.fileExists(atPath: candidate.appendingPathComponent("fonts").path) { return candidate.path }
                dir = dir.deletingLastPathComponent()
            }
        }
        return nil
    }
}
