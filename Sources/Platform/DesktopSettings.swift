import Foundation

/// Settings of the desktop Lumen runs on.
public enum DesktopSettings {
    /// Whether GNOME's "Animations" switch is off (`org.gnome.desktop.interface
    /// enable-animations` false), read with `gsettings` when it is installed. Any failure
    /// (no gsettings, no such schema, a slow answer) means "not disabled".
    public static func animationsDisabled() -> Bool {
        let candidates = ["/usr/bin/gsettings", "/bin/gsettings"]
        guard let tool = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return false }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = ["get", "org.gnome.desktop.interface", "enable-animations"]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return false }
        let deadline = Date().addingTimeInterval(1)
        while p.isRunning && Date() < deadline { usleep(5_000) }
        if p.isRunning { p.terminate(); return false }
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return p.terminationStatus == 0 && text.trimmingCharacters(in: .whitespacesAndNewlines) == "false"
    }
}
