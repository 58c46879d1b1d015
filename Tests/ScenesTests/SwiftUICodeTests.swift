import BuiltInScenes
import Foundation
import Imaging
import LumenTestSupport
import Testing
import Scenes
import SwiftUICode

/// Copy as SwiftUI: each scene's text against a golden file reviewed by hand against the
/// seeds' APIs (`Tests/SwiftUIGolden/`; `LUMEN_UPDATE_REFERENCES=1` rewrites them), and every
/// setting the inspector offers showing in the text once changed.
@Suite("Each scene as SwiftUI")
struct SwiftUICodeTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SwiftUIGolden")

    /// Each scene with SwiftUI at its defaults and with settings changed (the golden file's name).
    static let cases: [(file: String, scene: String, settings: [String: String])] = [
        ("gallery-default", "gallery", [:]),
        ("gallery-changed", "gallery", ["aspectRatio": "1.5", "cornerRadius": "12", "photos": "drawn"]),
        ("spoiler-default", "spoiler", [:]),
        ("spoiler-changed", "spoiler", ["blockSize": "30"]),
        ("spoiler-pinned", "spoiler", ["amount": "0.4", "blockSize": "22"]),
        ("hero-default", "hero", [:]),
        ("hero-changed", "hero", ["duration": "12", "zoom": "2.2", "from": "center", "to": "0.2,0.8", "photos": "drawn"]),
        ("gradient-default", "gradient", [:]),
        ("gradient-changed", "gradient", ["bands": "5", "fallback": "red,#ff8800", "photos": "drawn"]),
        ("transitions-default", "transitions", [:]),
        ("transitions-changed", "transitions", ["variant": "scale", "configuration": "animated", "photos": "drawn"]),
        ("transitions-none", "transitions", ["variant": "none"]),
        ("transitions-view-aligned", "transitions", ["variant": "view-aligned"]),
        ("curves-default", "curves", [:]),
        ("curves-changed", "curves", ["curve": "spring(duration=0.6,bounce=0.3)"]),
        ("curves-bezier", "curves", ["curve": "bezier(0.34,1.56,0.64,1,duration=0.5)"]),
        ("scroll-lab-default", "scroll-lab", [:]),
        ("scroll-lab-changed", "scroll-lab", ["rows": "50"]),
    ]

    static func code(_ scene: String, _ settings: [String: String], photos: [Photo]? = nil) throws -> String? {
        let type = try #require(SceneCatalog.lumen.scene(named: scene))
        return try SceneCatalog.swiftUI(of: type, SwiftUIInput(settings: settings, photos: photos, photoSource: photos == nil ? [] : ["Trip"]))
    }

    @Test(arguments: cases.map(\.file))
    func matchesItsGoldenFile(_ file: String) throws {
        let c = try #require(Self.cases.first { $0.file == file })
        let text = try #require(try Self.code(c.scene, c.settings))
        let url = Self.golden.appendingPathComponent(file + ".swift")
        if ProcessInfo.processInfo.environment["LUMEN_UPDATE_REFERENCES"] == "1" {
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(text == expected, "\(file): not the golden text (LUMEN_UPDATE_REFERENCES=1 rewrites it after a review)")
    }

    /// Runs the toolchain's `swiftc` with `arguments`; its status and what it said.
    static func swiftc(_ arguments: [String]) throws -> (Int32, String) {
        try ProgramOutput.run("/usr/bin/env", ["swiftc", "-swift-version", "5"] + arguments)
    }

    /// Compilable: each snippet (its `#Preview` aside: macros need Apple's plugin) typechecks
    /// against a stand-in for SwiftUI's interface (`Stubs/SwiftUI.swift`, Apple's signatures)
    /// and the seeds' components as they declare themselves (`Stubs/Seeds.swift`).
    @Test func everySnippetTypechecksAgainstSwiftUIsInterface() throws {
        let stubs = Self.golden.appendingPathComponent("Stubs")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lumen-swiftui-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let module = try Self.swiftc(["-parse-as-library", "-emit-module", "-module-name", "SwiftUI",
                                      "-o", dir.appendingPathComponent("SwiftUI.swiftmodule").path,
                                      stubs.appendingPathComponent("SwiftUI.swift").path])
        try #require(module.0 == 0, "the stand-in does not build: \(module.1)")
        for c in Self.cases {
            let text = try #require(try Self.code(c.scene, c.settings))
            let body = text.components(separatedBy: "\n#Preview").first ?? text
            let file = dir.appendingPathComponent(c.file + ".swift")
            try body.write(to: file, atomically: true, encoding: .utf8)
            let (status, said) = try Self.swiftc(["-typecheck", "-I", dir.path, stubs.appendingPathComponent("Seeds.swift").path, file.path])
            #expect(status == 0, "\(c.file) does not compile:\n\(said)")
        }
    }

    /// The seed's names and labels, parameters in the order the component declares them.
    @Test func usesTheSeedsNamesAndLabels() throws {
        let gallery = try #require(try Self.code("gallery", ["aspectRatio": "1.5", "cornerRadius": "12"]))
        #expect(gallery.contains("ColorRevealImage(image: Image(name), title: \"\\(name)\", aspectRatio: 1.5, cornerRadius: 12)"))
        let spoiler = try #require(try Self.code("spoiler", ["blockSize": "30"]))
        #expect(spoiler.contains(".pixelate(isHidden ? 1 : 0, blockSize: 30)"))
        let hero = try #require(try Self.code("hero", ["zoom": "2.2"]))
        #expect(hero.contains("KenBurnsImage(image: Image(\"Sunset Ridge\"), label: \"Mountains at sunset\", duration: 4, zoom: 2.2)"))
        let gradient = try #require(try Self.code("gradient", ["fallback": "teal,#336699"]))
        #expect(gradient.contains("ImageDerivedGradientBackground(image: photo, fallback: [.teal, Color(red: 0.2, green: 0.4, blue: 0.6)])"))
        let transitions = try #require(try Self.code("transitions", ["variant": "offset"]))
        #expect(transitions.contains(".scrollTransition { content, phase in"))
        #expect(transitions.contains(".offset(x: phase.isIdentity ? 0 : 400)"))
        #expect(!transitions.contains(".scrollTargetBehavior"), "offset does not snap")
    }

    /// Only what differs from the seed's own defaults is written: the component's defaults
    /// leave the call bare, and Lumen's hero defaults (the demo's 4 s and 1.6) are written.
    @Test func writesOnlyWhatDiffersFromTheSeedsDefaults() throws {
        let gallery = try #require(try Self.code("gallery", ["aspectRatio": "1.333", "cornerRadius": "24"]))
        #expect(gallery.contains("ColorRevealImage(image: Image(name), title: \"\\(name)\")"))
        let spoiler = try #require(try Self.code("spoiler", ["blockSize": "22"]))
        #expect(spoiler.contains(".pixelate(isHidden ? 1 : 0)\n"))
        let hero = try #require(try Self.code("hero", ["duration": "12", "zoom": "1.3"]))
        #expect(hero.contains("KenBurnsImage(image: Image(\"Sunset Ridge\"), label: \"Mountains at sunset\")"))
        let gradient = try #require(try Self.code("gradient", ["bands": "3", "fallback": "indigo,black"]))
        #expect(gradient.contains("ImageDerivedGradientBackground(image: photo)"))
        let curves = try #require(try Self.code("curves", ["curve": "easeInOut(duration=0.35)"]))
        #expect(curves.contains("withAnimation(.easeInOut)"))
    }

    /// A changed value for a setting, as `--set` text, and the Swift that must then show.
    static func changed(_ s: SceneSetting) -> (value: String, shows: String?) {
        switch s.control {
        case .slider(let range, _):
            let v = (range.lowerBound + (range.upperBound - range.lowerBound) * 0.37).rounded()
            let value = v == Double(s.defaultText ?? "") ? v + 1 : v
            return (SwiftLiteral.number(value), SwiftLiteral.number(value))
        case .stepper(let range, let step):
            let v = (Int(s.defaultText ?? "") ?? range.lowerBound) + step
            return ("\(v)", "\(v)")
        case .choice(let options):
            let v = options.first { $0 != s.defaultText } ?? options[0]
            return (v, SwiftUIUnitPoint.names.contains(v) ? "." + v : nil)
        case .colors: return ("red,#ff8800", "[.red, Color(red: 1, green: 0.5333, blue: 0)]")
        case .text: return ("spring(duration=0.6,bounce=0.3)", ".spring(duration: 0.6, bounce: 0.3)")
        }
    }

    @Test func everySettingTheInspectorOffersShowsWhenChanged() throws {
        for type in SceneCatalog.lumen.all where SceneCatalog.hasSwiftUI(type) {
            let plain = try #require(try Self.code(type.name, [:]))
            for s in type.declaredSettings {
                let (value, shows) = Self.changed(s)
                let text = try #require(try Self.code(type.name, [s.name: value]))
                #expect(text != plain, "\(type.name): \(s.name)=\(value) changes nothing")
                #expect(text.contains("Settings: \(s.name)=\(value)."), "\(type.name): the header names \(s.name)")
                if let shows {
                    let body = text.split(separator: "\n").filter { !$0.hasPrefix("//") }.joined(separator: "\n")
                    #expect(body.contains(shows), "\(type.name): \(s.name)=\(value) should write \(shows)")
                }
            }
        }
    }

    @Test func lumensOwnScenesHaveNone() throws {
        for name in ["home", "swatches", "cards"] { #expect(try Self.code(name, [:]) == nil, "\(name)") }
        #expect(SceneCatalog.lumen.namesWithSwiftUI == ["gallery", "spoiler", "hero", "gradient", "transitions", "scroll-lab", "curves"])
    }

    /// The user's photos by their titles; a folder of thousands is cut at 50 names, in a lazy stack.
    @Test func namesTheUsersPhotos() throws {
        let photos = (1...60).map { Photo(path: "/p/Trip/img\($0).jpg", title: "img\($0)") }
        let text = try #require(try Self.code("gallery", [:], photos: photos))
        #expect(text.contains("Images: your photos from Trip"))
        #expect(text.contains("\"img50\",") && !text.contains("\"img51\""))
        #expect(text.contains("// … and 10 more"))
        #expect(text.contains("LazyVStack(spacing: 20)"))
        let hero = try #require(try Self.code("hero", [:], photos: photos))
        #expect(hero.contains("KenBurnsImage(image: Image(\"img1\"), label: \"img1\""))
        #expect(hero.contains("Text(\"Trip\")"), "the folder under the title, as the scene shows it")
    }

    /// A title cannot end the string or start an interpolation.
    @Test func titlesAreEscaped() {
        #expect(SwiftLiteral.string("a \"b\" \\(c)\n") == "\"a \\\"b\\\" \\\\(c)\\n\"")
        #expect(SwiftLiteral.number(4.0 / 3.0) == "1.3333")
        #expect(SwiftLiteral.number(24) == "24")
        #expect(SwiftLiteral.number(-0.5) == "-0.5")
    }
}
