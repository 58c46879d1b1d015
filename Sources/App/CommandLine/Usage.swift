import Geometry
import Scenes

/// `lumen --help`, made from the declared commands, options, keys, scenes and environment.
enum Usage {
    /// The first line: what the app is.
    static func tagline(_ catalog: SceneCatalog) -> String { "\(catalog.title): \(catalog.summary)." }

    /// The synopsis of `command`: required options bare, the others in brackets.
    static func synopsis(_ command: CommandName, program: String = "lumen", options table: [OptionSpec] = OptionSpec.all) -> [String] {
        let head = [program] + (command.word.isEmpty ? [] : [command.word]) + (command.operand.map { [$0] } ?? [])
        let tokens = OptionSpec.options(of: command, in: table).filter { $0.name != "--help" }.map { o in
            o.required.contains(command) ? o.usage : "[\(o.usage)]"
        }
        return head + tokens
    }

    /// The whole help text.
    static func text(catalog: SceneCatalog, options: [OptionSpec]? = nil) -> String {
        let table = options ?? OptionSpec.offered(by: catalog)
        var lines = [tagline(catalog), "", "USAGE"]
        for command in CommandName.offered(by: catalog) {
            lines += TextWrap.words(synopsis(command, program: catalog.command, options: table), width: 92, indent: "  ", hanging: "        ")
            lines += TextWrap.words(command.summary(catalog).split(separator: " ").map(String.init), width: 92, indent: "      ", hanging: "      ")
        }
        lines += ["", "OPTIONS"]
        for o in table {
            let help = o.help + (o.defaultValue.map { "; default \($0)" } ?? "")
            lines += TextWrap.column(o.listing, help, width: 92, at: 26)
        }
        lines += ["", "KEYS (in the window)"]
        for k in keys(catalog) { lines += TextWrap.column(k.keys, k.action, width: 92, at: 28) }
        lines += ["", "SCENES"]
        for scene in catalog.all {
            lines += TextWrap.column(scene.name, scene.summary, width: 92, at: 16)
            for s in scene.declaredSettings { lines += TextWrap.column("    --set \(s.name)=…", s.help, width: 92, at: 28) }
        }
        lines += ["", "ENVIRONMENT"]
        for v in EnvironmentVariable.all { lines += TextWrap.column(v.name, v.help, width: 92, at: 26) }
        lines += [""] + TextWrap.words(exitStatus.split(separator: " ").map(String.init), width: 92, indent: "", hanging: "")
        return lines.joined(separator: "\n")
    }

    /// The window's keys: the home's, the app's, the kiosk's chord.
    static func keys(_ catalog: SceneCatalog) -> [KeyHelp] {
        (catalog.hasHome ? HomeScene.keys.map { KeyHelp($0.keys, $0.action + " (home)") } : []) + HelpOverlay.appKeys(for: catalog)
            + [KeyHelp("Ctrl+Alt+Q", "quit a kiosk (its only key)")]
    }

    static let exitStatus = "A bad option exits with status 2 and one line saying what was wrong; "
        + "a failure at run time (no display, an unwritable --out) exits 1 with one line."
}
