import FoundationEssentials
import Imaging

/// Where screenshots (the user's Pictures folder) and recordings (Videos) go, as the desktop
/// has them (`DesktopFolders`, GLib's `user-dirs.dirs`), else the working directory.
enum UserFolders {
    static var pictures: String { existing(DesktopFolders.pictures) }
    static var videos: String { existing(DesktopFolders.videos) }

    /// `folder` if it exists; else the working directory.
    static func existing(_ folder: String?) -> String {
        var isDir = false
        if let folder, FileManager.default.fileExists(atPath: folder, isDirectory: &isDir), isDir { return folder }
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
