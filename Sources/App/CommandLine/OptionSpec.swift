import Scenes

/// One option of `lumen`, declared once: the parser, `--help`, the man page (`docs/lumen.1`)
/// and the user guide's usage block are all made from `OptionSpec.all`.
struct OptionSpec: Sendable {
    /// `--scene`.
    let name: String
    /// Other spellings (`-h`).
    var aliases: [String] = []
    /// What follows it (`NAME`, `PATH…`); nil for a switch.
    var argument: String?
    /// What it is when not given, in words (`1280x800`, `the cores`).
    var defaultValue: String?
    /// One line: what it does.
    var help: String
    /// The commands that take it.
    var commands: Set<CommandName>
    /// The commands that need it (`render` needs `--out`).
    var required: Set<CommandName> = []
    /// Reads its value(s) from `arguments` into `options`; throws the one-line reason.
    let apply: @Sendable (inout ParsedOptions, inout ArgumentReader) throws(UsageError) -> Void

    /// Every spelling.
    var spellings: [String] { [name] + aliases }

    /// `--scene NAME`.
    var usage: String { argument.map { "\(name) \($0)" } ?? name }

    /// `-h, --help`: how an options list names it.
    var listing: String { aliases.map { "\($0), " }.joined() + usage }

    /// Every option, in the order `--help` lists them.
    static var all: [OptionSpec] { sceneOptions + windowOptions + fleetOptions + outputOptions + benchOptions + [help, version, manPage] }

    /// `-h`, `--help`: for every command.
    /// The options of `catalog`'s app: those of its commands, and `--print-swiftui` only where
    /// it offers the SwiftUI export.
    /// An option shared with a command the app lacks keeps the other commands, and of a help
    /// written per command ("record: how long; curve: …") the parts of those it has.
    static func offered(by catalog: SceneCatalog) -> [OptionSpec] {
        let commands = Set(CommandName.offered(by: catalog))
        let missing = Set(CommandName.allCases).subtracting(commands)
        return all.compactMap { o in
            guard !o.commands.isDisjoint(with: commands), o.name != "--print-swiftui" || catalog.tools.contains(.swiftUIExport) else { return nil }
            var kept = o
            kept.commands.formIntersection(commands)
            if o.name == "--scene" { kept.defaultValue = catalog.firstScene }
            kept.help = o.help.components(separatedBy: "; ").filter { part in !missing.contains { part.hasPrefix($0.rawValue + ": ") } }
                .joined(separator: "; ")
            return kept
        }
    }

    static let help = OptionSpec(name: "--help", aliases: ["-h"], help: "this help", commands: Set(CommandName.allCases)) { o, _ in
        o.helpAsked = true
    }

    static let version = OptionSpec(name: "--version", help: "print the version and quit", commands: Set(CommandName.allCases)) { o, _ in
        o.asked = .version
    }

    static let manPage = OptionSpec(name: "--man-page", help: "print the man page (troff) and quit, for a package's man1 folder",
                                    commands: Set(CommandName.allCases)) { o, _ in
        o.asked = .manPage
    }

    /// The options `command` takes, in order.
    static func options(of command: CommandName, in table: [OptionSpec] = all) -> [OptionSpec] {
        table.filter { $0.commands.contains(command) }
    }
}

/// What the parser has read so far, for every command at once; `OptionsParser` keeps the
/// part of the command asked for.
struct ParsedOptions {
    let command: CommandName
    var scene = SceneOptions()
    var sceneGiven = false
    /// `--playlist`, read once the options are (against the app's scenes).
    var playlistPath: String?
    var helpAsked = false
    /// `--version` or `--man-page`: printed instead of running anything.
    var asked: Command?
    var window = WindowOptions()
    var render = RenderOptions()
    var record = RecordOptions()
    var bench = BenchOptions()
    var curve = CurveOptions()
    var fleet = FleetOptions()
    var out: String?

    init(command: CommandName) { self.command = command }
}
