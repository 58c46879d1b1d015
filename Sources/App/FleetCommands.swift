import Fleet
import FoundationEssentials
import Scenes

/// `lumen status` and `lumen screenshot`: asks the running window through its status socket.
enum FleetCommands {
    /// A request that got no answer (exit status 1), in one line.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The answer to `request` from the window `options` names (or the kiosk's default socket).
    static func ask(_ request: StatusServer.Request, _ options: FleetOptions, catalog: SceneCatalog) throws -> [UInt8] {
        guard let path = options.statusSocket ?? StatusSocket.defaultPath(command: catalog.command, AppEnvironment.process.fleet) else {
            throw UsageError("\(request.rawValue): XDG_RUNTIME_DIR is not set; give --status-socket PATH")
        }
        switch StatusClient.ask(request, at: path) {
        case .success(let bytes): return bytes
        case .failure(let why): throw Failure(description: "\(request.rawValue): \(why.description)")
        }
    }

    /// Writes the frame on screen to `out`.
    static func screenshot(_ options: FleetOptions, out: String, catalog: SceneCatalog) throws {
        let png = try ask(.screenshot, options, catalog: catalog)
        guard FileManager.default.createFile(atPath: out, contents: Data(png)) else {
            throw Failure(description: "screenshot: cannot write \(out)")
        }
    }
}
