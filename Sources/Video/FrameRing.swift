import CDecodeSandbox
import Glibc

/// The shared memory a video's frames come in: `count` memfds of one frame each, made by the
/// app, sealed against shrinking and growing before the worker sees them (so no frame can be
/// cut short under the app: no SIGBUS), mapped read-only here. The worker writes each slot
/// again and again; a worker taken over could rewrite a slot the app holds, which only
/// changes pixels.
final class FrameRing: @unchecked Sendable {
    /// Each slot's mapping.
    let slots: [UnsafeMutableRawPointer]
    /// Each slot's descriptor, until sent (then closed).
    private(set) var descriptors: [Int32]
    let bytes: Int

    /// A ring of `count` slots of `bytes`, or nil (out of memory, no memfd).
    init?(count: Int, bytes: Int) {
        var slots: [UnsafeMutableRawPointer] = [], fds: [Int32] = []
        func undo() { for (p, fd) in zip(slots, fds) { munmap(p, bytes); close(fd) } }
        for _ in 0..<count {
            let fd = lumen_sandbox_memfd(bytes)
            guard fd >= 0 else { undo(); return nil }
            guard lumen_sandbox_seal_size(fd) == 0, let p = mmap(nil, bytes, PROT_READ, MAP_SHARED, fd, 0), p != MAP_FAILED else {
                close(fd); undo(); return nil
            }
            slots.append(p); fds.append(fd)
        }
        self.slots = slots; descriptors = fds; self.bytes = bytes
    }

    /// Closes the descriptors (once the worker has them).
    func closeDescriptors() {
        descriptors.forEach { close($0) }
        descriptors = []
    }

    deinit {
        closeDescriptors()
        for p in slots { munmap(p, bytes) }
    }
}
