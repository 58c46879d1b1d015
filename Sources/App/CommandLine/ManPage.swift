import Scenes

/// `lumen(1)`: the man page, in roff (man macros), made from the same declarations as
/// `--help`. `docs/lumen.1` is this text, checked in and tested against it; `make install`
/// installs it.
enum ManPage {
    static func text(catalog: SceneCatalog, options: [OptionSpec]? = nil) -> String {
        let table = options ?? OptionSpec.offered(by: catalog)
        let commands = CommandName.offered(by: catalog)
        let program = catalog.command
        var out = [".TH \(escape(program.uppercased())) 1 \"\" \"\(catalog.title)\" \"User Commands\"",
                   ".SH NAME", "\(escape(program)) \\- \(text(catalog.summary)): preview, kiosk, render, record, bench",
                   ".SH SYNOPSIS"]
        for command in commands {
            out += [".nh", ".ad l", ".HP 6", synopsis(command, program: program, options: table), ".ad", ".hy"]
        }
        out += [".SH DESCRIPTION", text("\(catalog.title) shows its scenes in a window, full screen on a kiosk, or headless. "
                 + "A retained widget tree with physics-driven scrolling and a spring and ease animation clock renders them, "
                 + "live with mouse, wheel, keyboard and touch; kiosks run one scene or a playlist full screen.")]
        out += [".SH COMMANDS"]
        for command in commands {
            out += [".TP", "\\fB\(escape(program))\(command.word.isEmpty ? "" : " " + command.word)\\fR" + (command.operand.map { " \\fI\($0)\\fR" } ?? ""),
                    text(command.summary(catalog))]
        }
        out += [".SH OPTIONS"]
        for o in table { out += option(o) }
        out += section("KEYS", Usage.keys(catalog).map { ($0.keys, $0.action) })
        out += [".SH SCENES"]
        for scene in catalog.all {
            out += [".TP", "\\fB\(scene.name)\\fR", text(scene.summary)]
            for s in scene.declaredSettings { out += [".RS", ".TP", "\\fB\\-\\-set \(s.name)=\\fR\\fI…\\fR", text(s.help), ".RE"] }
        }
        out += section("ENVIRONMENT", EnvironmentVariable.all.map { ($0.name, $0.help) })
        out += [".SH FILES", ".TP", "\\fIPREFIX\\fB/share/lumen/assets\\fR", text("the photos and fonts (see LUMEN_ASSETS)"),
                ".TP", "\\fIPREFIX\\fB/share/lumen/packaging\\fR",
                text("systemd units and an autostart file for kiosks, and a sample playlist of every scene"),
                ".SH EXIT STATUS", text(Usage.exitStatus),
                ".SH SEE ALSO", text("The user guide, the kiosk guide and the accessibility guide in the docs folder of Lumen's sources.")]
        return out.joined(separator: "\n") + "\n"
    }

    static func synopsis(_ command: CommandName, program: String, options table: [OptionSpec]) -> String {
        Usage.synopsis(command, program: program, options: table).map { token in
            token.hasPrefix("[") ? "[" + bold(String(token.dropFirst().dropLast()), program: program) + "]" : bold(token, program: program)
        }.joined(separator: " ")
    }

    static func option(_ o: OptionSpec) -> [String] {
        let names = o.spellings.map { "\\fB\(escape($0))\\fR" }.joined(separator: ", ")
        let commands = CommandName.allCases.filter(o.commands.contains).map { $0 == .window ? "the window" : $0.rawValue }
        var body = o.help.prefix(1).uppercased() + o.help.dropFirst() + "."
        if let d = o.defaultValue { body += " Default: \(d)." }
        if o.commands.count < CommandName.allCases.count { body += " For " + commands.joined(separator: ", ") + "." }
        return [".TP", names + (o.argument.map { " \\fI\(escape($0))\\fR" } ?? ""), text(body)]
    }

    /// "--size WxH" in bold with its argument in italics.
    private static func bold(_ usage: String, program: String) -> String {
        let parts = usage.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts[0].hasPrefix("-") else { return parts[0] == program || CommandName(rawValue: parts[0]) != nil ? "\\fB\(parts[0])\\fR" : "\\fI\(parts[0])\\fR" }
        return "\\fB\(escape(parts[0]))\\fR" + (parts.count > 1 ? " \\fI\(escape(parts[1]))\\fR" : "")
    }

    private static func section(_ title: String, _ rows: [(String, String)]) -> [String] {
        [".SH \(title)"] + rows.flatMap { [".TP", "\\fB\(escape($0.0))\\fR", text($0.1)] }
    }

    /// A paragraph of running text: backslashes and option dashes escaped, no line starting
    /// with a control character.
    static func text(_ s: String) -> String {
        let escaped = escape(s)
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }

    /// Backslashes doubled as roff wants (`\e`), and every hyphen a minus (`\-`), so options
    /// can be copied from the page and searched for.
    static func escape(_ s: String) -> String {
        s.replacing("\\", with: "\\e").replacing("-", with: "\\-")
    }
}
