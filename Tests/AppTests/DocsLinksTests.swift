import Foundation
import LumenTestSupport
import Testing

/// The README and the guides in docs/ link to each other: every relative link names a file
/// that exists and, where it names a heading (`file.md#heading`), a heading that file has
/// (GitHub's anchors: lower case, punctuation dropped, spaces as hyphens).
@Suite("Links between the README and the guides")
struct DocsLinksTests {
    static let root = TestAssets.repository

    static var pages: [String] {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    static func anchor(_ heading: String) -> String {
        let text = heading.drop { $0 == "#" }.replacingOccurrences(of: "`", with: "").replacingOccurrences(of: "*", with: "")
        let kept = text.trimmingCharacters(in: .whitespaces).lowercased().unicodeScalars.filter {
            CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == " " || $0 == "_"
        }
        return String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-")
    }

    static func anchors(of page: String) throws -> Set<String> {
        let text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
        return Set(text.components(separatedBy: "\n").filter { $0.hasPrefix("#") }.map(anchor))
    }

    /// No doc or comment points to a design document outside the repository ("DESIGN §3",
    /// "../shared/…"): what it meant is said in place.
    @Test func nothingPointsOutsideTheRepository() throws {
        let walker = FileManager.default.enumerator(atPath: Self.root.path)
        var read = 0
        while let path = walker?.nextObject() as? String {
            if path.hasPrefix(".") || path.contains("/.build") || path.hasPrefix("assets/") { walker?.skipDescendants(); continue }
            guard [".swift", ".md", ".c", ".h", ".py", ".sh", "Makefile"].contains(where: path.hasSuffix),
                  let text = try? String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8) else { continue }
            read += 1
            for needle in ["DESIGN §", "../shared/", "DESIGN.md"] where needle != "" {
                #expect(!text.contains(needle) || path == "Tests/AppTests/DocsLinksTests.swift", "\(path) mentions \(needle)")
            }
        }
        #expect(read > 300)
    }

    @Test func everyRelativeLinkLandsOnAFileAndHeading() throws {
        #expect(Self.pages.count >= 7, "the README and the six guides")
        let link = try NSRegularExpression(pattern: "\\]\\(([^)\\s]+)\\)")
        var checked = 0
        for page in Self.pages {
            let text = try String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8)
            for m in link.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let target = String(text[Range(m.range(at: 1), in: text)!])
                if target.hasPrefix("http") { continue }
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let folder = (page as NSString).deletingLastPathComponent
                let file = parts[0].isEmpty ? page : ((folder as NSString).appendingPathComponent(parts[0]) as NSString).standardizingPath
                #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(file).path), "\(page): \(target)")
                if parts.count == 2, file.hasSuffix(".md") {
                    #expect(try Self.anchors(of: file).contains(parts[1]), "\(page): \(target): no such heading")
                }
                checked += 1
            }
        }
        #expect(checked > 40)
    }

    @Test func anchorsAreGitHubs() {
        #expect(Self.anchor("## One frame's walk") == "one-frames-walk")
        #expect(Self.anchor("## Photos: formats, limits, colour, memory") == "photos-formats-limits-colour-memory")
        #expect(Self.anchor("## Deliberate departures from the original design") == "deliberate-departures-from-the-original-design")
        #expect(Self.anchor("## A 2,000-photo folder") == "a-2000-photo-folder")
    }
}
