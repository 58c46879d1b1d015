import Foundation
import LumenTestSupport
import Testing

/// `make docs`'s check of the reference (scripts/undocumented-symbols) on a module compiled here
/// with the toolchain's own symbol graph: an undocumented initialiser, enum cases sharing one
/// comment, a conformance of a standard type without one and a comment of parameters alone
/// each fail it; documented, the same module passes.
@Suite struct DocsCheckTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The check's findings for `source` compiled as module Planted, and its exit status.
    func check(_ source: String) throws -> (status: Int32, lines: [String]) {
        let dir = ImageFixtures.path("docs-check-\(abs(source.hashValue))")
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir + "/graphs", withIntermediateDirectories: true)
        try source.write(toFile: dir + "/Planted.swift", atomically: true, encoding: .utf8)
        let arguments: [String] = ["swiftc", "-parse-as-library", "-emit-module", "-module-name", "Planted", dir + "/Planted.swift",
                                   "-emit-module-path", dir + "/Planted.swiftmodule", "-emit-symbol-graph",
                                   "-emit-symbol-graph-dir", dir + "/graphs", "-symbol-graph-minimum-access-level", "public",
                                   "-emit-extension-block-symbols"]
        let built = try ProgramOutput.run("/usr/bin/env", arguments)
        try #require(built.status == 0, "\(built.text)")
        let run = try ProgramOutput.run(Self.root + "/scripts/undocumented-symbols", [dir + "/graphs", "Planted"])
        let lines: [String] = run.text.split(separator: "\n").map { String($0) }
        return (run.status, lines.filter { !$0.hasPrefix("undocumented-symbols:") })
    }

    static let planted = """
        /// A type.
        public struct Planted {
            public init() {}
            /// - Parameter x: a number.
            public init(x: Int) {}
        }
        /// Kinds.
        public enum Kind {
            /// One or the other.
            case a, b
        }
        /// A protocol.
        public protocol Shape {}
        extension Double: Shape {}
        """

    @Test func anUndocumentedInitialiserACaseAndAConformanceFail() throws {
        let (status, lines) = try check(Self.planted)
        #expect(status == 1)
        #expect(lines.contains { $0.hasSuffix("Planted.Planted.init() is public and has no doc comment") })
        #expect(lines.contains { $0.hasSuffix("Planted.Planted.init(x:) is public and has a doc comment with no summary") })
        #expect(lines.contains { $0.hasSuffix("Planted.Kind.a is public and shares one doc comment with 1 other case(s) declared with it") })
        #expect(lines.contains { $0.hasSuffix("Planted.extension Swift.Double is public and has no doc comment") })
        #expect(lines.count == 5, "\(lines)")
    }

    @Test func documentedTheSameModulePasses() throws {
        let documented = Self.planted
            .replacingOccurrences(of: "    public init() {}", with: "    /// An empty one.\n    public init() {}")
            .replacingOccurrences(of: "    /// - Parameter x: a number.", with: "    /// One of `x`.\n    ///\n    /// - Parameter x: a number.")
            .replacingOccurrences(of: "    /// One or the other.\n    case a, b", with: "    /// One.\n    case a\n    /// The other.\n    case b")
            .replacingOccurrences(of: "extension Double: Shape {}", with: "/// A number is a shape.\nextension Double: Shape {}")
        let (status, lines) = try check(documented)
        #expect(status == 0 && lines.isEmpty, "\(lines)")
    }
}
