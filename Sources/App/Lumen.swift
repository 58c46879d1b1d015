import Animation
import FoundationEssentials
import Input
import Render
import Scenes
import SystemSupport
import Widgets

/// Process-wide start-up: find the assets and register the fonts.
enum Lumen {
    /// Lumen's version (`lumen --version`, the Debian package's version).
    static let version = "0.9.0"

    /// Lumen's assets folder for `catalog`'s app, with its fonts and the app's own (in its
    /// resources' `fonts/`) registered with fontconfig.
    static func bootstrap(_ catalog: SceneCatalog) throws(UsageError) -> String {
        guard let assets = AssetLocator.find(command: catalog.command) else {
            throw UsageError("cannot find Lumen's assets folder (set LUMEN_ASSETS to the folder holding fonts/ and the photos)")
        }
        var fonts = [assets + "/fonts"]
        if let own = catalog.resources?.folder(command: catalog.command), FileManager.default.fileExists(atPath: own + "/fonts") {
            fonts.append(own + "/fonts")
        }
        for folder in fonts where !TextEngine.registerFonts(directory: folder) {
            StandardError.message("cannot register the fonts in \(folder); text uses the system's")
        }
        return assets
    }
}

extension InputScript {
    /// Reads a `--script` file; a bad line is a usage error naming the line.
    static func loadForCommandLine(_ path: String) throws(UsageError) -> InputScript {
        do { return try load(path) } catch { throw UsageError(error.message) }
    }
}

extension CurveSpec {
    /// A curve given on the command line; a bad one is a usage error.
    static func parseForCommandLine(_ spec: String) throws(UsageError) -> Animation {
        do { return try parse(spec) } catch { throw error.usage }
    }
}
