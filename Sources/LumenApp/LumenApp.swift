// The app runtime in one import: `import LumenApp` brings the toolkit, the Scene protocol and
// its capabilities, SceneCatalog and SceneRunner, and the entry point below.
@_exported import LumenUI
@_exported import Scenes
import App

/// An app built on Lumen: its scenes run with Lumen's command line, window, home screen,
/// inspector, kiosk mode, playlists, recording and benchmarks.
///
/// ```swift
/// import LumenApp
///
/// LumenApp.main(SceneCatalog(title: "Photo Wall", command: "photo-wall",
///                            summary: "a kiosk photo wall with a button bar",
///                            sections: [.init("Walls", [PhotoWallScene.self])]))
/// ```
public enum LumenApp {
    /// Parses the process's arguments against `catalog` (`--scene`, `--kiosk`, `render`,
    /// `record`, `bench`, `--help`), runs what they ask, and exits with its status: 0 done, 1 a
    /// failure at run time, 2 a bad command line (each with one line on standard error).
    public static func main(_ catalog: SceneCatalog) -> Never {
        LumenMain.main(catalog)
    }

    /// Lumen's assets folder (the bundled photos and fonts) for the app of `catalog`, with its
    /// fonts and those of the app's resources registered for text, as `main` finds it:
    /// `$LUMEN_ASSETS` (an override), installed beside the executable
    /// (`PREFIX/share/COMMAND/assets`, `PREFIX/share/lumen/assets`), the nearest `assets/`
    /// above the executable or the working folder, or the Lumen sources the app was built
    /// from. Nil when there is none. Headless code (tests, renders of one's own) passes it to
    /// `SceneRunner`.
    public static func assets(for catalog: SceneCatalog) -> String? { LumenMain.assets(for: catalog) }
}
