import BuiltInScenes
import Foundation
import Testing
import Scenes

/// `--playlist FILE`: what a good file gives, and for each kind of bad file the line, the
/// field and the reason.
@Suite struct PlaylistParsingTests {
    @Test func theIssuesExampleReadsAsWritten() throws {
        let p = try Playlist.parse("""
            {"crossfade": 0.8,
             "entries": [{"scene": "gallery", "seconds": 60, "images": "/media/usb/photos", "settings": {"cornerRadius": "30"}},
                         {"scene": "hero", "seconds": 30}]}
            """, catalog: .lumen)
        #expect(p.crossfade == 0.8 && p.hold == 15)
        #expect(p.entries == [
            Playlist.Entry(scene: "gallery", seconds: 60, images: ["/media/usb/photos"], settings: ["cornerRadius": "30"]),
            Playlist.Entry(scene: "hero", seconds: 30),
        ])
    }

    /// The sample installed with Lumen (packaging/) parses and shows every scene but home.
    @Test func theShippedSampleShowsEveryScene() throws {
        let root = String(#filePath).components(separatedBy: "/Tests/")[0]
        let p = try Playlist.load(path: root + "/packaging/kiosk-playlist.json", catalog: .lumen)
        #expect(Set(p.entries.map(\.scene)) == Set(SceneCatalog.lumen.names).subtracting(["home"]))
    }

    @Test func defaultsListsAndPlainValues() throws {
        let p = try Playlist.parse("""
            {
              "hold": 0,
              "entries": [
                {"scene": "spoiler", "seconds": 12.5, "settings": {"blockSize": 16}},
                {"scene": "transitions", "seconds": 1, "images": ["/a", "/b c/\\u00e9t\\u00e9"], "settings": {}}
              ]
            }
            """, catalog: .lumen)
        #expect(p.crossfade == Playlist.defaultCrossfade && p.hold == 0)
        #expect(p.entries[0].seconds == 12.5 && p.entries[0].settings == ["blockSize": "16"])
        #expect(p.entries[1].images == ["/a", "/b c/été"])
        #expect(p.entries[1].settings.isEmpty)
    }

    /// Each bad file: (text, line, field, part of the reason).
    static let bad: [(String, Int, String, String)] = [
        ("{\"entries\": [{\"scene\": \"gallery\", \"seconds\": 60}],\n \"crossfade\": -1}", 2, "crossfade", "from 0 to 10, got -1"),
        ("{\"crossfade\": 0.8,\n \"entries\": [{\"scene\": \"gallery\", \"seconds\": 60},\n  {\"scene\": \"hero\", \"seconds\": \"thirty\"}]}",
         3, "entries[1].seconds", "got \"thirty\""),
        ("{\"entries\": [\n {\"scene\": \"gallery\",\n  \"seconds\": 60,\n  \"setings\": {}}]}", 4, "entries[0].setings", "unknown key"),
        ("{\"entries\": [{\"scene\": \"gallery\", \"seconds\": 60}],\n\"loop\": true}", 2, "loop", "unknown key"),
        ("{\"entries\": [{\"scene\": \"galery\", \"seconds\": 60}]}", 1, "entries[0].scene", "unknown scene \"galery\""),
        ("{\"entries\": [{\"scene\": \"hero\",\n \"seconds\": 0}]}", 2, "entries[0].seconds", "from 1 to 86400, got 0"),
        ("{\"entries\": [\n{\"seconds\": 5}]}", 2, "entries[0].scene", "missing"),
        ("{\"entries\": [{\"scene\": \"hero\"}]}", 1, "entries[0].seconds", "missing"),
        ("{\"crossfade\": 1}", 1, "entries", "missing"),
        ("{\"entries\": []}", 1, "entries", "empty"),
        ("{\"entries\": {\"scene\": \"hero\"}}", 1, "entries", "expected a list of entries, got an object"),
        ("[1, 2]", 1, "the playlist", "expected an object"),
        ("{\"entries\": [{\"scene\": \"gallery\", \"seconds\": 9,\n \"settings\": {\n   \"cornerRadius\": \"round\"}}]}", 3,
         "entries[0].settings.cornerRadius", "cornerRadius expects a number, got 'round'"),
        ("{\"entries\": [{\"scene\": \"hero\", \"seconds\": 9, \"settings\": {\"sparkle\": 2}}]}", 1,
         "entries[0].settings.sparkle", "has no setting 'sparkle'"),
        ("{\"entries\": [{\"scene\": \"spoiler\", \"seconds\": 9, \"settings\": {\"blockSize\": true}}]}", 1,
         "entries[0].settings.blockSize", "got 'true'"),
        ("{\"entries\": [{\"scene\": \"hero\", \"seconds\": 9,\n \"images\": [\"/a\", 3]}]}", 2, "entries[0].images[1]", "a file or folder path, got 3"),
        ("{\"entries\": [{\"scene\": \"hero\", \"seconds\": 9, \"images\": \"\"}]}", 1, "entries[0].images", "got \"\""),
        // Syntax: the line (and column) of the first thing that is not JSON.
        ("{\"crossfade\": 0.8,\n \"entries\": [{\"scene\": \"gallery\", \"seconds\": 60,}]}", 2, "", "expected a key in double quotes, got '}' (column 49)"),
        ("{\"entries\": [{\"scene\": \"gallery\"\n \"seconds\": 60}]}", 2, "", "expected ',' or '}'"),
        ("{\"entries\": [{\"scene\": \"gallery\", \"seconds\": 60}]", 1, "", "expected ',' or '}', got end of file"),
        ("{\"entries\": [{\"scene\": \"hero\", \"seconds\": 60, \"scene\": \"gallery\"}]}", 1, "", "\"scene\" is given twice"),
        ("{\"entries\": [{\"scene\": \"hero\", \"seconds\": 06}]}", 1, "", "cannot start with 0"),
        ("{\"entries\": [{\"scene\": \"he\nro\", \"seconds\": 6}]}", 1, "", "not closed on its line"),
        ("\n\n{\"entries\": [{\"scene\": 'hero', \"seconds\": 6}]}", 3, "", "expected a value, got '''"),
        ("{\"entries\": [{\"scene\": \"hero\", \"seconds\": 6}]} x", 1, "", "after the end of the document"),
        ("", 1, "", "expected a value, got the end of the file"),
    ]

    @Test(arguments: bad.indices) func aBadFileSaysLineFieldAndReason(_ i: Int) {
        let (text, line, field, reason) = PlaylistParsingTests.bad[i]
        do {
            _ = try Playlist.parse(text, catalog: .lumen)
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.line == line, "\(error)")
            #expect(error.field == field, "\(error)")
            #expect(error.reason.contains(reason), "\(error)")
            #expect("\(error)".hasPrefix("line \(line): " + (field.isEmpty ? "" : field + ": ")))
        }
    }

    @Test func stringsNumbersAndLinesAsRFC8259() throws {
        let node = try JSONReader.parse("[\"a\\\"\\\\\\/\\b\\f\\n\\r\\t\", \"\\ud83d\\ude00\", -0.5e2, 1E3, 0,\n true, false, null,\n\n {}]")
        guard case .array(let items) = node.value else { Issue.record("not a list"); return }
        #expect(items[0].value == .string("a\"\\/\u{8}\u{c}\n\r\t"))
        #expect(items[1].value == .string("😀"))
        #expect(items[2].value == .number(-50) && items[3].value == .number(1000) && items[4].value == .number(0))
        #expect(items[5].value == .bool(true) && items[5].line == 2)
        #expect(items[7].value == .null)
        #expect(items[8].line == 4)
        for bad in ["[1.]", "[-]", "[1e]", "[\"\\x\"]", "[\"\\ud83d\"]", "[\"\\ude00\"]", "[tru]", "[1,]", "{\"a\" 1}", "[1e999]",
                    String(repeating: "[", count: 65) + String(repeating: "]", count: 65)] {
            #expect(throws: JSONReader.SyntaxError.self, "\(bad)") { try JSONReader.parse(bad) }
        }
        #expect(throws: Never.self) { try JSONReader.parse(String(repeating: "[", count: 64) + String(repeating: "]", count: 64)) }
    }

    /// A `\u` escape is four hex digits: a sign or a space among them is a syntax error that
    /// names where the escape's digits begin (not the letter a lenient reading makes of it).
    @Test func aUnicodeEscapeTakesOnlyHexDigits() throws {
        for bad in ["\\u+041", "\\u-041", "\\u 041", "\\u004g", "\\u00"] {
            let text = "{\"entries\": [\n  {\"scene\": \"a\(bad)\"}]}"
            #expect(throws: JSONReader.SyntaxError.self, "\(bad)") { try JSONReader.parse(text) }
            do { _ = try JSONReader.parse(text) } catch {
                #expect(error.line == 2 && error.column == 17 && error.reason.contains("four hex digits"), "\(bad): \(error)")
            }
        }
        guard case .array(let items) = try JSONReader.parse("[\"\\u0041\\u00e9\\uABCD\"]").value else { Issue.record("not an array"); return }
        #expect(items.first?.value == .string("A\u{E9}\u{ABCD}"))
    }
}
