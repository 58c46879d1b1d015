import FoundationEssentials

/// Where an app's own photos and fonts are: a folder of its package while it is built and run
/// from its sources (`swift run`, its tests, its build folder), and `PREFIX/share/COMMAND/`
/// once installed beside `PREFIX/bin/COMMAND`. A scene's `SceneContext.photo(_:)` looks in it
/// before Lumen's assets; the fonts in its `fonts/` are registered at start.
public struct AppResources: Sendable, Hashable {
    /// The folder in the app's sources, absolute.
    public let sourceFolder: String

    /// The folder `relative` to the folder of the source file that names it (by default the
    /// calling file, `#filePath`): `.folder("Resources")` in `Sources/MyApp/MyApp.swift` is
    /// `Sources/MyApp/Resources`.
    public static func folder(_ relative: String, file: String = #filePath) -> AppResources {
        let base = URL(fileURLWithPath: file).deletingLastPathComponent()
        return AppResources(sourceFolder: base.appendingPathComponent(relative).standardized.path)
    }

    /// The folder `path`, absolute or relative to the working folder.
    public init(sourceFolder path: String) {
        sourceFolder = URL(fileURLWithPath: path).standardized.path
    }

    /// The folder to read: the installed copy beside the running executable
    /// (`../share/COMMAND`, or beside `executableFolder` when given) when there is one, else
    /// the source folder; nil when neither exists.
    public func folder(command: String, executableFolder: String? = nil) -> String? {
        let executableFolder = executableFolder ?? Self.runningExecutableFolder
        let installed = URL(fileURLWithPath: executableFolder).deletingLastPathComponent()
            .appendingPathComponent("share").appendingPathComponent(command).standardized.path
        return [installed, sourceFolder].first { candidate in
            var isFolder = false
            return FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder) && isFolder
        }
    }

    /// The folder of the running executable (links resolved).
    static var runningExecutableFolder: String {
        URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath().deletingLastPathComponent().path
    }
}
