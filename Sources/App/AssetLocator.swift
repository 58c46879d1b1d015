import FoundationEssentials

/// Finds Lumen's `assets/` folder (the bundled photos and fonts) for the app run as `command`,
/// with no environment variable needed:
/// 1. `$LUMEN_ASSETS`, an override;
/// 2. installed beside the executable: `PREFIX/bin/COMMAND` → `PREFIX/share/COMMAND/assets`,
///    then `PREFIX/share/lumen/assets` (where `make install` puts Lumen's);
/// 3. the nearest `assets/` above the executable or the working folder (Lumen's own tree);
/// 4. the `assets/` of the Lumen sources the app was built from (an app's package anywhere on
///    disk that depends on Lumen by path or by URL, run with `swift run` or from its build
///    folder).
enum AssetLocator {
    /// The `assets/` of the sources this file was compiled from.
    static let builtFrom = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("assets").path

    static func find(command: String) -> String? {
        let exe = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath().deletingLastPathComponent().path
        return find(environment: AppEnvironment.process.assets, command: command, executableFolder: exe,
                    workingFolder: FileManager.default.currentDirectoryPath, builtFrom: builtFrom)
    }

    /// The same search from the given places (tests).
    static func find(environment: String?, command: String = "lumen", executableFolder: String, workingFolder: String,
                     builtFrom: String? = nil) -> String? {
        func hasFonts(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path + "/fonts") }
        if let env = environment, hasFonts(env) { return env }
        let share = URL(fileURLWithPath: executableFolder).deletingLastPathComponent().appendingPathComponent("share")
        for name in [command, "lumen"] {
            let installed = share.appendingPathComponent(name).appendingPathComponent("assets").standardized.path
            if hasFonts(installed) { return installed }
        }
        for start in [executableFolder, workingFolder] {
            var dir = URL(fileURLWithPath: start)
            for _ in 0..<8 {
                let candidate = dir.appendingPathComponent("assets").path
                if hasFonts(candidate) { return candidate }
                dir = dir.deletingLastPathComponent()
            }
        }
        if let builtFrom, hasFonts(builtFrom) { return builtFrom }
        return nil
    }
}
