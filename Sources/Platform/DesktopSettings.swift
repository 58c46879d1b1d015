import FoundationEssentials
import Geometry
import Glibc

/// Settings of the desktop Lumen runs on.
package enum DesktopSettings {
    /// Whether GNOME's "Animations" switch is off (`org.gnome.desktop.interface
    /// enable-animations` false), read with `gsettings` when it is installed. Any failure
    /// (no gsettings, no such schema, a slow answer) means "not disabled".
    package static func animationsDisabled() -> Bool {
        let candidates = ["/usr/bin/gsettings", "/bin/gsettings"]
        guard let tool = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return false }
        // Through the shell, with coreutils' `timeout` bounding a slow answer to a second.
        guard let pipe = popen("timeout 1 \(tool) get org.gnome.desktop.interface enable-animations 2>/dev/null", "r") else { return false }
        var text = ""
        var line = [CChar](repeating: 0, count: 64)
        while fgets(&line, Int32(line.count), pipe) != nil { text += String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        let status = pclose(pipe)
        return status == 0 && text.trimmed == "false"
    }
}
