import FoundationEssentials
import Geometry
import Glibc
import Render
import Scenes
import Pixels

/// `s` in the window: the window's pixels as a PNG in the user's Pictures folder (`XDG_PICTURES_DIR`
/// in `user-dirs.dirs`, read by GLib), else the working directory, named after the scene and
/// the time ("Lumen gallery 2026-11-30 15.04.05.png"); the path is logged.
enum Screenshots {
    static func save(_ pixels: PixelBuffer, scene: any Scene, log: (String) -> Void) {
        let path = UserFolders.newFile(in: UserFolders.pictures, scene: type(of: scene).name, extension: "png")
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
}
