import Glibc

/// Opening a photo safely: only a regular file is ever opened for reading, and opening never
/// blocks. A FIFO named `photo.jpg` would block `open` until a writer came; a device or a
/// socket is no photo either. The path is checked with `stat` before it is opened (a device is
/// never opened at all), then opened with `O_NONBLOCK` and checked again with `fstat` (it may
/// have been replaced in between).
package enum PhotoFile {
    /// Why `path` is not a regular file, from its `stat` mode; nil for a regular file.
    public static func refusal(mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "is a folder, not an image"
        case S_IFIFO: return "is a named pipe (FIFO), not a photo"
        case S_IFSOCK: return "is a socket, not a photo"
        case S_IFCHR, S_IFBLK: return "is a device, not a photo"
        default: return "is not a regular file"
        }
    }

    /// The reason an `open` or `stat` of a photo failed with `code` (an errno).
    public static func reason(errno code: Int32) -> String {
        switch code {
        case ENOENT, ENOTDIR: return "no such file"
        case EACCES, EPERM: return "cannot be read (permission denied)"
        case ELOOP: return "cannot be read (too many symbolic links)"
        case EIO: return "cannot be read (input/output error: a failing disk or a pulled stick?)"
        default: return "cannot be read (\(String(cString: strerror(code))))"
        }
    }

    /// A read-only descriptor (close-on-exec) of the regular file at `path`, or why not.
    /// The caller closes it.
    public static func open(_ path: String) -> Result<Int32, ImageDecoder.Failure> {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(.init(reason: reason(errno: errno))) }
        if let why = refusal(mode: info.st_mode) { return .failure(.init(reason: why)) }
        let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return .failure(.init(reason: reason(errno: errno))) }
        guard fstat(fd, &info) == 0 else { let e = errno; close(fd); return .failure(.init(reason: reason(errno: e))) }
        if let why = refusal(mode: info.st_mode) { close(fd); return .failure(.init(reason: why)) }
        return .success(fd)
    }

    /// Runs `body` over the bytes of the open regular file `fd`, mapped rather than read (only
    /// the pages touched are loaded: a 4 GB file's header costs a page).
    public static func withMapped<T>(_ fd: Int32, _ body: (UnsafeRawBufferPointer) -> Result<T, ImageDecoder.Failure>) -> Result<T, ImageDecoder.Failure> {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.init(reason: reason(errno: errno))) }
        let size = Int(info.st_size)
        guard size > 0 else { return body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED else {
            return .failure(.init(reason: reason(errno: errno)))
        }
        defer { munmap(base, size) }
        return body(UnsafeRawBufferPointer(start: base, count: size))
    }

    /// `withMapped` of the file at `path`, opened safely.
    public static func withMapped<T>(path: String, _ body: (UnsafeRawBufferPointer) -> Result<T, ImageDecoder.Failure>) -> Result<T, ImageDecoder.Failure> {
        switch open(path) {
        case .failure(let f): return .failure(f)
        case .success(let fd):
            defer { close(fd) }
            return withMapped(fd, body)
        }
    }
}
