import FoundationEssentials

/// Finds Lumen's `assets/` folder: $LUMEN_ASSETS; else where `make install` puts it beside
/// the executable (`PREFIX/bin/lumen` → `PREFIX/share/lumen/assets`); else the nearest
/// `assets/` above the executable (a build tree), else above the working directory.
enum AssetLocator {
    static func find() -> String? {
        let exe = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath().deletingLastPathComponent().path
        return find(environment: AppEnvironment.process.assets, executableFolder: exe,
                    workingFolder: FileManager.default.currentDirectoryPath)
    }

    /// The same search from the given places (tests).
    static func find(environment: String?, executableFolder: String, workingFolder: String) -> String? {
        func hasFonts(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path + "/fonts") }
        if let env = environment, hasFonts(env) { return env }
        let installed = URL(fileURLWithPath: executableFolder).deletingLastPathComponent()
            .appendingPathComponent("share/lumen/assets").standardized.path
        if hasFonts(installed) { return installed }
        for start in [executableFolder, workingFolder] {
            var dir = URL(fileURLWithPath: start)
            for _ in 0..<8 {
                let candidate = dir.appendingPathComponent("assets").path
                if hasFonts(candidate) { return candidate }
                dir = dir.deletingLastPathComponent()
            }
        }
        return nil
    }
}
