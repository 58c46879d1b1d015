import Scenes

/// Whether a command line parses, without running anything: what `lumen` would say and exit 2
/// with, or nil when the arguments are good. The parser's whole work (`OptionsParser`), the
/// `--set` values, the displays and the scene checks included, for the command-line fuzz target.
package enum ArgumentCheck {
    package static func usageError(_ args: [String], catalog: SceneCatalog) -> String? {
        do throws(UsageError) {
            _ = try OptionsParser.parse(args, catalog: catalog)
            return nil
        } catch {
            return error.message
        }
    }
}
