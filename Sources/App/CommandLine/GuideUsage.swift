/// The user guide's usage block (`docs/user-guide.md`, between its markers): the options and
/// the environment variables, made from the same declarations as `--help` and tested against
/// the guide.
enum GuideUsage {
    static let begin = "<!-- usage: made from the options' declaration (Sources/App/CommandLine); LUMEN_UPDATE_REFERENCES=1 make test rewrites it -->"
    static let end = "<!-- end of usage -->"

    static func markdown(options table: [OptionSpec] = OptionSpec.all) -> String {
        var lines = [begin, "```"]
        for command in CommandName.allCases {
            lines += TextWrap.words(Usage.synopsis(command, options: table), width: 100, indent: "", hanging: "      ")
        }
        lines += ["lumen --help", "```", "",
                  "| option | default | taken by | what it does |", "|---|---|---|---|"]
        for o in table {
            let spelt = o.aliases.map { "`\($0)`" } + ["`\(o.usage)`"]
            let names = spelt.joined(separator: ", ").replacing("|", with: "\\|")
            let commands = CommandName.allCases.filter(o.commands.contains).map { $0 == .window ? "window" : $0.rawValue }
            let taken = o.commands.count == CommandName.allCases.count ? "all" : commands.joined(separator: ", ")
            let required = CommandName.allCases.filter(o.required.contains).map(\.rawValue)
            let what = o.help.replacing("|", with: "\\|").replacing("(see SCENES)", with: "(see [Scenes](#scenes))") + (required.isEmpty ? "" : " (required by \(required.joined(separator: ", ")))")
            lines.append("| \(names) | \(o.defaultValue ?? "") | \(taken) | \(what) |")
        }
        lines += ["", "| environment variable | what it does |", "|---|---|"]
        for v in EnvironmentVariable.all { lines.append("| `\(v.name)` | \(v.help.replacing("|", with: "\\|")) |") }
        lines.append(end)
        return lines.joined(separator: "\n")
    }

    /// The block as it stands in `guide` (markers included), if it has one.
    static func block(in guide: String) -> String? {
        guard let a = guide.firstRange(of: begin), let b = guide[a.upperBound...].firstRange(of: end) else { return nil }
        return String(guide[a.lowerBound..<b.upperBound])
    }
}
