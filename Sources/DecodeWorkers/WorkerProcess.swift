import CDecodeSandbox
import Glibc

/// One running worker (a photo decoder, a video's), seen from the app: its pid and the app's
/// end of its socket.
package final class WorkerProcess {
    package let pid: pid_t
    package let socket: Int32
    /// Photos it has answered (it is replaced after many, so no worker lives forever).
    var served = 0

    private init(pid: pid_t, socket: Int32) { self.pid = pid; self.socket = socket }

    /// Starts `executable` as a worker (`argument`: which kind), or says why it could not.
    package static func start(_ executable: String, argument: String = DecoderWorker.argument) -> Result<WorkerProcess, WorkerDeath> {
        var pid: pid_t = 0, socket: Int32 = -1
        var error = [CChar](repeating: 0, count: Int(LUMEN_SANDBOX_ERROR_SIZE))
        guard lumen_sandbox_spawn(executable, argument, &pid, &socket, &error) == 0 else {
            return .failure(.cannotStart(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)))
        }
        return .success(WorkerProcess(pid: pid, socket: socket))
    }

    /// Sends a request with its descriptors.
    package func send(_ bytes: [UInt8], fds: [Int32]) -> Bool {
        var fds = fds
        return lumen_sandbox_send(socket, bytes, bytes.count, &fds, Int32(fds.count)) == 0
    }

    /// The next reply within `seconds`: its bytes and descriptors, or how the worker ended.
    /// A worker that does not answer in time is killed. A message over `capacity` bytes ends it.
    package func receive(within seconds: Double, capacity: Int = 4096) -> Result<([UInt8], [Int32]), WorkerDeath> {
        let ready = lumen_sandbox_wait_readable(socket, Int32(min(seconds * 1000, Double(Int32.max)).rounded(.up)))
        if ready == 0 { end(); return .failure(.timedOut(seconds)) }
        var buffer = [UInt8](repeating: 0, count: capacity)
        var fds = [Int32](repeating: -1, count: Int(LUMEN_SANDBOX_MAX_FDS))
        var count: Int32 = 0
        let n = lumen_sandbox_receive(socket, &buffer, buffer.count, &fds, &count)
        // A message it may not send (too long) ends it, as a closed socket does.
        if n < 0 { kill(pid, SIGKILL) }
        guard n > 0 else { return .failure(ended()) }
        return .success((Array(buffer.prefix(n)), Array(fds.prefix(Int(count)))))
    }

    /// Kills the worker and waits for it.
    package func end() {
        kill(pid, SIGKILL)
        _ = ended()
    }

    /// How the worker ended, once its socket closed: waited for, its socket closed.
    private func ended() -> WorkerDeath {
        var status: Int32 = 0
        let signal = lumen_sandbox_reap(pid, &status)
        close(socket)
        return signal != 0 ? .signal(signal) : .exited(status)
    }

    /// Closes the socket (the worker exits) and waits for it.
    package func retire() {
        shutdown(socket, Int32(SHUT_RDWR))
        _ = ended()
    }
}
