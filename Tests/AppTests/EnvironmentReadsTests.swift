import Foundation
import LumenTestSupport
import Testing
import Scenes
@testable import App

/// The app reads its environment in one place (`Sources/App/Configuration`) and passes what
/// it read down; every `LUMEN_*` variable named anywhere under `Sources/` is declared there,
/// the settings documented in the user guide (and `--help`, by construction), the fault hooks
/// in the testing guide.
@Suite("The environment, read in one place")
struct EnvironmentReadsTests {
    static let root = TestAssets.repository

    /// What reads a variable: C's and GLib's calls, Foundation's dictionary.
    static let reads = ["getenv(", "g_getenv(", "processInfo.environment"]
    static let reader = "Sources/App/Configuration/"

    /// Every breach of the rule in the source tree at `root`: a read outside `reader`, or a
    /// `"LUMEN_…"` name that `declared` lacks.
    static func violations(under root: URL, declared: Set<String>) throws -> [String] {
        let sources = root.appendingPathComponent("Sources")
        let names = try NSRegularExpression(pattern: "\"(LUMEN_[A-Z0-9_]+)\"")
        var found: [String] = []
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        for file in files.sorted() where [".swift", ".c", ".h"].contains(where: file.hasSuffix) {
            let path = "Sources/" + file
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for (n, line) in text.components(separatedBy: "\n").enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                if code.hasPrefix("//") || code.hasPrefix("*") || code.hasPrefix("/*") { continue }
                if !path.hasPrefix(reader), let call = reads.first(where: line.contains) {
                    found.append("\(path):\(n + 1): reads the environment (\(call)) outside \(reader)")
                }
                for m in names.matches(in: line, range: NSRange(line.startIndex..., in: line)) {
                    let name = String(line[Range(m.range(at: 1), in: line)!])
                    if !declared.contains(name) { found.append("\(path):\(n + 1): \(name) is not declared in EnvironmentVariable") }
                }
            }
        }
        return found
    }

    static var declared: Set<String> { Set((EnvironmentVariable.all + EnvironmentVariable.faults).map(\.name)) }

    @Test func onlyTheConfigurationReadsAndOnlyDeclaredNames() throws {
        let found = try Self.violations(under: Self.root, declared: Self.declared)
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test func aPlantedReadIsFound() throws {
        let tree = FileManager.default.temporaryDirectory.appendingPathComponent("lumen-env-\(getpid())")
        defer { try? FileManager.default.removeItem(at: tree) }
        for (folder, body) in [("Render", "let x = getenv(\"HOME\")"), ("App/Configuration", "let y = value(\"LUMEN_PLANTED\")")] {
            let dir = tree.appendingPathComponent("Sources/" + folder)
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try body.write(to: dir.appendingPathComponent("Planted.swift"), atomically: true, encoding: .utf8)
        }
        let found = try Self.violations(under: tree, declared: Self.declared)
        #expect(found == ["Sources/App/Configuration/Planted.swift:1: LUMEN_PLANTED is not declared in EnvironmentVariable",
                          "Sources/Render/Planted.swift:1: reads the environment (getenv() outside Sources/App/Configuration/"])
    }

    @Test func theSettingsAreInTheGuideAndTheFaultsInTheTestingGuide() throws {
        let guide = try String(contentsOf: Self.root.appendingPathComponent("docs/user-guide.md"), encoding: .utf8)
        let testing = try String(contentsOf: Self.root.appendingPathComponent("docs/testing.md"), encoding: .utf8)
        for v in EnvironmentVariable.all { #expect(guide.contains(v.name), "docs/user-guide.md does not mention \(v.name)") }
        for v in EnvironmentVariable.faults { #expect(testing.contains(v.name), "docs/testing.md does not mention \(v.name)") }
        #expect(Usage.text(catalog: SceneCatalog(title: "T", command: "t", summary: "s", sections: [])).contains("LUMEN_DECODE_WORKERS"))
    }

    @Test func faultHooksAreReadOnlyWhereCompiledIn() {
        let environment = AppEnvironment(["LUMEN_GL_FAIL_AT": "3", "LUMEN_WORKER_FAULT": "crash", "LUMEN_GL_SWAP_FAIL_AT": "2"])
        let faults = environment.faults
        // The tests' build is a debug build: the hooks are in.
        #expect(FaultHooks.compiledIn)
        #expect(faults.glFailAt == 3 && faults.glSwapFailAt == 2 && faults.workerFault == "crash")
        #expect(environment.platform.swapFailsAt == 2)
    }

    @Test func settingsParseOnce() {
        let e = AppEnvironment(["LUMEN_DECODE_WORKERS": "0", "LUMEN_DECODE_TIMEOUT": "7", "LUMEN_GL_OWN_SWAP": "1", "LUMEN_GL_PARTIAL": "0",
                                "NO_AT_BRIDGE": "1", "LUMEN_GIF_PALETTE": "global", "LUMEN_SLOW_ANIMATIONS": "4", "DISPLAY": ":5", "HOME": "/h"])
        #expect(e.decoders.workers == 0 && e.decoders.deadline == 7)
        #expect(e.platform.ownSwap == .lumen && !e.platform.partialRedraw && e.platform.windowSystem == ["DISPLAY": ":5"])
        #expect(e.accessibility == .off && e.encoder.gifPalette == .global && e.slowAnimations == 4)
        #expect(AppEnvironment([:]).slowAnimations == 1 && AppEnvironment([:]).eglPlatform == "auto")
    }
}
