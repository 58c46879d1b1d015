import FoundationEssentials

/// The XDG user directories (`user-dirs.dirs` in `$XDG_CONFIG_HOME`, else `~/.config`):
/// where screenshots (Pictures) and recordings (Videos) go, else the working directory.
enum UserFolders {
    static var pictures: String { folder("XDG_PICTURES_DIR") }
    static var videos: String { folder("XDG_VIDEOS_DIR") }

    /// The folder `key` names, if it exists; else the working directory.
    static func folder(_ key: String) -> String {
        let env = ProcessInfo.processInfo.environment
        let home = env["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        let config = env["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        var isDir = false
        if let text = try? String(contentsOfFile: config + "/user-dirs.dirs", encoding: .utf8),
           let line = text.split(separator: "\n").first(where: { $0.hasPrefix(key + "=") }) {
            let value = line.dropFirst(key.count + 1).trimming { $0 == "\"" }
            let path = value.replacing("$HOME", with: home)
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir { return path }
        }
        return FileManager.default.currentDirectoryPath
    }

    /// A new file's path in `folder` named after the scene and the local time ("Lumen gallery
    /// 2026-11-30 15.04.05.png"), with " (2)" and up when that name is taken.
    static func newFile(in folder: String, scene: String, extension ext: String) -> String {
        let base = "\(folder)/Lumen \(scene) \(Screenshots.stamp())"
        var path = base + "." + ext
        var n = 2
        while FileManager.default.fileExists(atPath: path) { path = "\(base) (\(n)).\(ext)"; n += 1 }
        return path
    }
}
