import Foundation
import LumenTestSupport
import Testing

/// What a library or a header already has is taken from it: no other program's private file
/// (udev's database under /run/udev/data: libudev reads it), and no protocol number copied
/// where a header defines it (Wayland's request opcodes from wayland-client-protocol.h, EGL's
/// and GLX's attributes from their headers).
@Suite("Numbers and files from their libraries")
struct LibraryConventionsTests {
    /// What breaks the rule, with why.
    static let rules: [(pattern: String, why: String, cOnly: Bool)] = [
        (#"/run/udev/data"#, "reads udev's private database (ask libudev)", false),
        // An enum member or macro named after a Wayland request or enum value, given a number.
        (#"\b(WL_|XDG_|ZWP_|WP_)?(DISPLAY|REGISTRY|CALLBACK|COMPOSITOR|SHM_POOL|SHM|BUFFER|SURFACE|SEAT|POINTER|KEYBOARD|TOUCH|OUTPUT|REGION|SUBSURFACE|TOPLEVEL|FORMAT)_[A-Z0-9_]+\s*=\s*[0-9]"#,
         "declares a Wayland number by hand (wayland-client-protocol.h has it)", true),
        (#"#\s*define\s+(WL|XDG|ZWP|WP)_[A-Z0-9_]+\s+\(?[0-9]"#, "declares a Wayland number by hand (wayland-client-protocol.h has it)", true),
        // A request made with a literal opcode.
        (#"marshal[a-z_]*\([^,()]+,\s*[0-9]+\s*,"#, "makes a Wayland request by a number (use the header's WL_… opcode)", true),
        (#"#\s*define\s+(EGL|GLX|GL)_[A-Z0-9_]+\s+0x[0-9A-Fa-f]+"#, "copies an EGL/GL attribute (EGL/eglext.h, GL/glxext.h have it)", true),
        (#"0x[0-9A-Fa-f]{4}\s*/\*\s*(EGL|GLX|GL)_"#, "copies an EGL/GL attribute (EGL/eglext.h, GL/glxext.h have it)", true),
    ]

    /// Every breach under `root`'s Sources, as `path:line: why`.
    static func violations(under root: URL) throws -> [String] {
        let sources = root.appendingPathComponent("Sources")
        let compiled = try rules.map { (try NSRegularExpression(pattern: $0.pattern), $0.why, $0.cOnly) }
        var found: [String] = []
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        for file in files.sorted() where [".swift", ".c", ".h", ".modulemap"].contains(where: file.hasSuffix) {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let isC = file.hasSuffix(".c") || file.hasSuffix(".h")
            for (n, line) in text.components(separatedBy: "\n").enumerated() {
                for (regex, why, cOnly) in compiled where (!cOnly || isC)
                    && regex.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil {
                    found.append("Sources/\(file):\(n + 1): \(why)")
                }
            }
        }
        return found
    }

    @Test func theSourcesTakeThemFromTheirLibraries() throws {
        let found = try Self.violations(under: TestAssets.repository)
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    /// Each kind of breach, planted in a tree of its own, is found.
    @Test func plantedBreachesAreFound() throws {
        let tree = FileManager.default.temporaryDirectory.appendingPathComponent("lumen-conventions-\(getpid())")
        defer { try? FileManager.default.removeItem(at: tree) }
        let planted: [(String, String)] = [
            ("Platform/Planted.swift", "let record = try String(contentsOfFile: \"/run/udev/data/c13:64\")"),
            ("CWindowSystem/a.c", "enum { SURFACE_ATTACH = 1, SURFACE_COMMIT = 6 };"),
            ("CWindowSystem/b.c", "#define WL_SURFACE_FRAME 3"),
            ("CWindowSystem/c.c", "s->marshal(s->display, 1, registry_interface, v, 0, NULL);"),
            ("CWindowSystem/d.c", "#define EGL_BUFFER_AGE_EXT 0x313D"),
            ("CGLES/e.c", "EGLint a[] = { 0x3138 /* EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_EXT */, EGL_NONE };"),
            ("CWindowSystem/fine.c", "s->marshal(s->surface, WL_SURFACE_COMMIT, NULL, v, 0); /* frame 3 of 6 */"),
        ]
        for (file, line) in planted {
            let url = tree.appendingPathComponent("Sources/" + file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try line.write(to: url, atomically: true, encoding: .utf8)
        }
        let found = try Self.violations(under: tree)
        #expect(found.map { $0.split(separator: ":")[0] } == ["Sources/CGLES/e.c", "Sources/CWindowSystem/a.c", "Sources/CWindowSystem/b.c", "Sources/CWindowSystem/c.c", "Sources/CWindowSystem/d.c",
                                                            "Sources/Platform/Planted.swift"], "\(found.joined(separator: "\n"))")
    }
}
