import Foundation
import Glibc
import LumenTestSupport
import Testing

/// A Wayland socket whose compositor takes connections but never answers (cage, ending after
/// its last output went, still holds its socket): Lumen gives up after 2 s with one line
/// instead of waiting for ever in SDL's first round trip.
@Suite("A Wayland compositor that does not answer")
struct SilentCompositorTests {
    @Test func lumenSaysSoInsteadOfWaitingForEver() throws {
        let dir = ImageFixtures.path("silent-wayland")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let path = dir + "/wayland-silent"
        unlink(path)
        // A listening socket that never accepts: the connection is taken (the backlog), nothing answers.
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            let bytes = Array(path.utf8.prefix(raw.count - 1))
            raw.copyBytes(from: bytes + [0])
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(fd >= 0 && bound == 0 && listen(fd, 8) == 0, "a socket at \(path)")
        defer { close(fd); unlink(path) }
        let r = try Binary.run(["--scene", "swatches", "--exit-after", "1"],
                               env: ["XDG_RUNTIME_DIR": dir, "WAYLAND_DISPLAY": "wayland-silent", "SDL_VIDEODRIVER": "wayland"], timeout: 30)
        // Waiting for ever would end in the run's own time limit: killed, and nothing said.
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr == "lumen: cannot start SDL video: the Wayland compositor did not answer within 2 s\n", "\(r.stderr)")
    }
}
