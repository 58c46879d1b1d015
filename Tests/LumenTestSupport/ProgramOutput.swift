import Foundation

/// Runs a program to its end and gives back its status and what it printed (standard output
/// and standard error together, in the order written).
public enum ProgramOutput {
    public static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, text: String) {
        let p = Process(), out = Pipe()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        p.standardOutput = out
        p.standardError = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return (p.terminationStatus, text)
    }
}
