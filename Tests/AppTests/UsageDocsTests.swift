import BuiltInScenes
import Foundation
import LumenTestSupport
import Testing
@testable import App

/// The options are declared once (`OptionSpec.all`); the parser, `--help`, the man page and the
/// user guide's usage block all come from that declaration, and the checked-in man page and
/// guide are the generated text. `LUMEN_UPDATE_REFERENCES=1 make test` rewrites both.
@Suite("One declaration of the options")
struct UsageDocsTests {
    /// A value for each option, to show the parser takes it. A new option needs one here.
    static let samples: [String: [String]] = [
        "--playlist": [TestAssets.repository.appendingPathComponent("packaging/kiosk-playlist.json").path],
        "--scene": ["hero"], "--size": ["640x400"], "--scale": ["2"], "--time": ["1"], "--scroll": ["10"],
        "--reduce-motion": [], "--bare": [], "--images": ["."], "--image-memory": ["64"], "--threads": ["2"],
        "--set": ["zoom=2"], "--renderer": ["cairo"], "--fullscreen": [], "--kiosk": [],
        "--idle": ["30"], "--display": ["0"], "--rotate": ["90"], "--present": ["surface"], "--exit-after": ["1"],
        "--screenshot": ["x.png"], "--trace": ["t.csv"], "--script": ["s.txt"], "--semantics": [], "--out": ["x.png"],
        "--duration": ["1"], "--fps": ["12"], "--frames": ["10"], "--json": [], "--window": [], "--decode": ["."],
        "--width": ["320"], "--samples": ["5"], "--help": [], "--quality": ["80"], "--print-swiftui": [],
        "--version": [], "--man-page": [], "--status-socket": ["s.sock"], "--metrics": ["m.prom"], "--metrics-every": ["5"],
        "--screen-off": ["22:00-07:00"], "--wake-for": ["5m"],
    ]

    /// What a command needs besides the option tried.
    static func needs(_ command: CommandName, besides option: String) -> [String] {
        switch command {
        case .render: return option == "--out" ? [] : ["--out", "x.png"]
        case .record: return (option == "--out" ? [] : ["--out", "frames"]) + (option == "--duration" ? [] : ["--duration", "1"])
        case .curve: return ["easeIn"]
        case .screenshot: return option == "--out" ? [] : ["--out", "x.png"]
        case .window, .bench, .status: return []
        }
    }

    static func arguments(_ command: CommandName, _ option: OptionSpec) -> [String] {
        var args = (command.word.isEmpty ? [] : [command.word]) + needs(command, besides: option.name) + [option.name] + (samples[option.name] ?? [])
        if command == .record && option.name == "--out" { args[args.count - 1] = "frames" }
        if option.name == "--playlist" { args += ["--kiosk"] }
        if option.name == "--set" { args += ["--scene", "hero"] }
        return args
    }

    @Test func theParserTakesEveryDeclaredOptionWhereItIsDeclaredAndNowhereElse() throws {
        for option in OptionSpec.all {
            #expect(Self.samples[option.name] != nil, "\(option.name) has no sample value in this test")
            for command in CommandName.allCases {
                let args = Self.arguments(command, option)
                do {
                    _ = try OptionsParser.parse(args, catalog: .lumen)
                    #expect(option.commands.contains(command), "\(args) was taken")
                } catch {
                    #expect(!option.commands.contains(command), "\(args): \(error.message)")
                    if !option.commands.contains(command) { #expect(error.message == "\(option.name) is not an option of \(command.title)") }
                }
            }
        }
        #expect(throws: UsageError("unknown option '--frobnicate' (see --help)")) { try OptionsParser.parse(["--frobnicate"], catalog: .lumen) }
    }

    static let frobnicate = OptionSpec(name: "--frobnicate", argument: "N", help: "frobnicates N times", commands: [.render]) { _, a throws(UsageError) in
        _ = try a.value("--frobnicate")
    }

    /// A flag added to the declaration is parsed, and shows in --help, the man page and the guide.
    @Test func aDeclaredFlagShowsEverywhere() throws {
        let table = OptionSpec.all + [Self.frobnicate]
        _ = try OptionsParser.parse(["render", "--out", "x.png", "--frobnicate", "3"], catalog: .lumen, options: table)
        #expect(Usage.text(catalog: .lumen, options: table).contains("  --frobnicate N"))
        #expect(Usage.text(catalog: .lumen, options: table).contains("[--frobnicate N]"), "in render's synopsis")
        #expect(ManPage.text(catalog: .lumen, options: table).contains("\\fB\\-\\-frobnicate\\fR \\fIN\\fR"))
        #expect(GuideUsage.markdown(options: table).contains("| `--frobnicate N` |"))
        #expect(!Usage.text(catalog: .lumen).contains("frobnicate"))
    }

    @Test func helpListsEveryOptionItsDefaultAndEachCommandsSynopsis() {
        let help = Usage.text(catalog: .lumen)
        for o in OptionSpec.all {
            #expect(help.contains("\n  " + o.listing + " ") || help.contains("\n  " + o.listing + "\n"), "\(o.name)")
            if let d = o.defaultValue {
                let entry = help.components(separatedBy: "\n  " + o.listing)[1].components(separatedBy: "\n  -")[0]
                #expect(entry.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains("default \(d)"), "\(o.name)'s default")
            }
            for c in o.commands where o.name != "--help" {
                #expect(Usage.synopsis(c).contains { $0 == o.usage || $0 == "[\(o.usage)]" }, "\(o.name) in \(c)'s synopsis")
            }
        }
    }

    /// Flags as a page spells them: `--name` in the guide, `\-\-name` in roff.
    static func flags(in text: String, roff: Bool) -> Set<String> {
        let plain = !roff ? text : text.replacingOccurrences(of: "\\-", with: "-")
            .replacingOccurrences(of: "\\\\f[BIR]", with: " ", options: .regularExpression)
        let regex = try! NSRegularExpression(pattern: "(?<![\\w-])--?[a-z][a-z-]*")
        let ns = plain as NSString
        return Set(regex.matches(in: plain, range: NSRange(location: 0, length: ns.length)).map { ns.substring(with: $0.range) })
    }

    static var declaredFlags: Set<String> { Set(OptionSpec.all.flatMap(\.spellings)) }

    static func checkedIn(_ path: String, generated: String) throws -> String {
        let url = TestAssets.repository.appendingPathComponent(path)
        if ProcessInfo.processInfo.environment["LUMEN_UPDATE_REFERENCES"] == "1" {
            try generated.write(to: url, atomically: true, encoding: .utf8)
        }
        return try String(contentsOf: url, encoding: .utf8)
    }

    @Test func theManPageListsExactlyTheFlagsTheParserTakes() throws {
        let page = try Self.checkedIn("docs/lumen.1", generated: ManPage.text(catalog: .lumen))
        let options = page.components(separatedBy: ".SH OPTIONS\n")[1].components(separatedBy: "\n.SH ")[0]
        let listed = Set(options.components(separatedBy: "\n").filter { $0.hasPrefix("\\fB") }.flatMap { Self.flags(in: $0, roff: true) })
        #expect(listed == Self.declaredFlags, "missing: \(Self.declaredFlags.subtracting(listed)), not taken: \(listed.subtracting(Self.declaredFlags))")
        #expect(page == ManPage.text(catalog: .lumen), "docs/lumen.1 is not what the declaration makes: LUMEN_UPDATE_REFERENCES=1 make test")
    }

    @Test func theGuidesUsageBlockListsExactlyTheFlagsTheParserTakes() throws {
        let url = TestAssets.repository.appendingPathComponent("docs/user-guide.md")
        var guide = try String(contentsOf: url, encoding: .utf8)
        if ProcessInfo.processInfo.environment["LUMEN_UPDATE_REFERENCES"] == "1", let old = GuideUsage.block(in: guide) {
            guide = guide.replacingOccurrences(of: old, with: GuideUsage.markdown())
            try guide.write(to: url, atomically: true, encoding: .utf8)
        }
        let block = try #require(GuideUsage.block(in: guide), "docs/user-guide.md has its usage markers")
        let rows = block.components(separatedBy: "\n").filter { $0.hasPrefix("| `") }
        let listed = Set(rows.flatMap { Self.flags(in: $0.components(separatedBy: " | ")[0], roff: false) })
        #expect(listed == Self.declaredFlags, "missing: \(Self.declaredFlags.subtracting(listed)), not taken: \(listed.subtracting(Self.declaredFlags))")
        #expect(block == GuideUsage.markdown(), "the guide's usage block is not what the declaration makes: LUMEN_UPDATE_REFERENCES=1 make test")
    }

    /// groff reads the page without a warning (`man lumen` shows what was meant).
    @Test func theManPageIsCleanRoff() throws {
        let r = try ProgramOutput.capture("/usr/bin/groff", ["-man", "-Tutf8", "-ww", "-z", "-k",
                                                             TestAssets.repository.appendingPathComponent("docs/lumen.1").path])
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
    }
}
