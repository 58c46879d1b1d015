import Foundation

/// An X server of the test's own (Xvfb on a free display number), so tests that open windows,
/// move the pointer or read the screen run side by side without meeting: each has its own
/// screen, pointer and keyboard. Stopped when the test lets go of it.
public final class XServer: @unchecked Sendable {
    private let process = Process()
    /// The display's name (":N").
    public let display: String

    /// A server whose screen is `width` × `height` × 24 bits. `resets`: whether it resets when
    /// its last client leaves, as Xvfb and Xorg do unless told `-noreset`.
    public init(width: Int = 2560, height: Int = 1600, resets: Bool = true) throws {
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        process.arguments = ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"] + (resets ? [] : ["-noreset"])
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        var number = Data()
        while !number.contains(UInt8(ascii: "\n")) {
            let chunk = pipe.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw CocoaError(.fileReadUnknown) }
            number.append(chunk)
        }
        display = ":" + String(decoding: number, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `DISPLAY` naming this server, for a program the test starts.
    public var environment: [String: String] { ["DISPLAY": display] }

    /// Whether Xvfb is installed (make test installs it).
    public static var available: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb") }

    /// SIGKILL: the test runner's threads block SIGTERM, and a child it starts keeps that mask.
    public func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit { stop() }
}
