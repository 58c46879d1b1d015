import Effects
import FoundationEssentials
import Geometry
import Glibc
import Render
import Scenes

/// `s` in the window: the window's pixels as a PNG in the user's Pictures folder (the XDG
/// user directory `XDG_PICTURES_DIR`), else the working directory, named after the scene and
/// the time ("Lumen gallery 2026-11-30 15.04.05.png"); the path is logged.
enum Screenshots {
    static func save(_ pixels: PixelBuffer, scene: any Scene, log: (String) -> Void) {
        let base = "\(folder())/Lumen \(type(of: scene).name) \(stamp())"
        var path = base + ".png"
        var n = 2
        while FileManager.default.fileExists(atPath: path) { path = "\(base) (\(n)).png"; n += 1 }
        do {
            try PNGFile.write(pixels, to: path)
            log("screenshot saved to \(path)")
        } catch {
            log("cannot save a screenshot to \(path): \(error)")
        }
    }

    /// The local time as "yyyy-MM-dd HH.mm.ss".
    static func stamp() -> String {
        var now = time(nil), parts = tm()
        localtime_r(&now, &parts)
        var text = [CChar](repeating: 0, count: 32)
        let n = strftime(&text, text.count, "%Y-%m-%d %H.%M.%S", &parts)
        return String(decoding: text.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The Pictures folder from `user-dirs.dirs` (`$XDG_CONFIG_HOME`, else `~/.config`), if it
    /// exists; else the working directory.
    static func folder() -> String {
        let env = ProcessInfo.processInfo.environment
        let home = env["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        let config = env["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        var isDir = false
        if let text = try? String(contentsOfFile: config + "/user-dirs.dirs", encoding: .utf8),
           let line = text.split(separator: "\n").first(where: { $0.hasPrefix("XDG_PICTURES_DIR=") }) {
            let value = line.dropFirst("XDG_PICTURES_DIR=".count).trimming { $0 == "\"" }
            let path = value.replacing("$HOME", with: home)
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir { return path }
        }
        return FileManager.default.currentDirectoryPath
    }
}
