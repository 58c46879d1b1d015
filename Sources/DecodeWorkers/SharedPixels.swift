import CDecodeSandbox
import Glibc
import Pixels

/// Pixels in shared memory: the worker writes its result into a new memfd, unmaps it and seals
/// it against shrinking, growing and writing before it sends the descriptor; the app checks the
/// seals and the size, maps the same pages read-only and adopts them as a `PixelBuffer`,
/// unmapped when the buffer goes. The pixels cross between the processes without a copy, and a
/// worker taken over by a photo can neither rewrite them nor cut them short (a SIGBUS in the app)
/// once sent: the kernel holds it to the seals, so no SIGBUS handler is needed.
enum SharedPixels {
    /// A sealed memfd holding `pixels` (rows without padding), or nil.
    static func share(_ pixels: PixelBuffer) -> Int32? {
        let bytes = pixels.width * pixels.height * 4
        let fd = lumen_sandbox_memfd(bytes)
        guard fd >= 0 else { return nil }
        guard let base = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), base != MAP_FAILED else { close(fd); return nil }
        let out = base.assumingMemoryBound(to: UInt32.self)
        if pixels.stride == pixels.width {
            out.update(from: pixels.pixels, count: pixels.width * pixels.height)
        } else {
            for y in 0..<pixels.height { (out + y * pixels.width).update(from: pixels.pixels + y * pixels.stride, count: pixels.width) }
        }
        // The write seal needs every writable mapping gone first.
        munmap(base, bytes)
        guard lumen_sandbox_seal(fd) == 0 else { close(fd); return nil }
        return fd
    }

    /// The pixels in the memfd `fd` (width × height, rows without padding, already checked to be
    /// within the job), mapped read-only; or why they were refused: not a sealed memfd, or not
    /// exactly that size. The descriptor can be closed afterwards.
    static func adopt(_ fd: Int32, width: Int, height: Int) -> Result<PixelBuffer, ReplyCheck.Refusal> {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, width > 0, height > 0, pixels <= Int.max / 4 else { return .failure(.init("size \(width)×\(height) cannot be held")) }
        let bytes = pixels * 4
        guard lumen_sandbox_is_sealed(fd) == 1 else { return .failure(.init("its pixels are not in a sealed memfd")) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.init("its pixels' size cannot be read")) }
        guard Int(info.st_size) == bytes else { return .failure(.init("its pixels are \(info.st_size) bytes, not the \(bytes) of \(width)×\(height)")) }
        guard let base = mmap(nil, bytes, PROT_READ, MAP_SHARED, fd, 0), base != MAP_FAILED else {
            return .failure(.init("its pixels could not be mapped"))
        }
        return .success(PixelBuffer(adopting: base.assumingMemoryBound(to: UInt32.self), width: width, height: height, stride: width) { p in
            munmap(UnsafeMutableRawPointer(p), bytes)
        })
    }
}
