import CDecodeSandbox
import Effects
import Glibc

/// Pixels in shared memory: the worker writes its result into a new memfd and sends the
/// descriptor; the app maps the same pages and adopts them as a `PixelBuffer`, unmapped when
/// the buffer goes. The pixels cross between the processes without a copy.
enum SharedPixels {
    /// A memfd holding `pixels` (rows without padding), or nil.
    static func share(_ pixels: PixelBuffer) -> Int32? {
        let bytes = pixels.width * pixels.height * 4
        let fd = lumen_sandbox_memfd(bytes)
        guard fd >= 0 else { return nil }
        guard let base = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), base != MAP_FAILED else { close(fd); return nil }
        defer { munmap(base, bytes) }
        let out = base.assumingMemoryBound(to: UInt32.self)
        if pixels.stride == pixels.width {
            out.update(from: pixels.pixels, count: pixels.width * pixels.height)
        } else {
            for y in 0..<pixels.height { (out + y * pixels.width).update(from: pixels.pixels + y * pixels.stride, count: pixels.width) }
        }
        return fd
    }

    /// The pixels in the memfd `fd` (width × height, rows without padding), mapped; nil when
    /// the memfd is smaller than that. The descriptor can be closed afterwards.
    static func adopt(_ fd: Int32, width: Int, height: Int) -> PixelBuffer? {
        let bytes = width * height * 4
        var info = stat()
        guard fstat(fd, &info) == 0, Int(info.st_size) >= bytes,
              let base = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), base != MAP_FAILED else { return nil }
        return PixelBuffer(adopting: base.assumingMemoryBound(to: UInt32.self), width: width, height: height, stride: width) { p in
            munmap(UnsafeMutableRawPointer(p), bytes)
        }
    }
}
