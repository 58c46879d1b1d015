import Animation
import FoundationEssentials
import Input
import Render
import Scenes
import SystemSupport
import Widgets

/// Process-wide start-up: find the assets and register the fonts.
enum Lumen {
    /// The assets folder, with the bundled fonts registered with fontconfig.
    static func bootstrap() throws(UsageError) -> String {
        guard let assets = AssetLocator.find() else {
            throw UsageError("cannot find Lumen's assets folder (set LUMEN_ASSETS to the folder holding fonts/ and the photos)")
        }
        if !TextEngine.registerFonts(directory: assets + "/fonts") {
            StandardError.write("lumen: cannot register the fonts in \(assets)/fonts; text uses the system's\n")
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
