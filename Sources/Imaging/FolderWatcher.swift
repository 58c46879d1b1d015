import Dispatch
import FoundationEssentials
import Glibc
import Render

/// Watches folders with inotify for photos added, removed, renamed or rewritten, and tells
/// its owner once things have been quiet for a moment (a copy of many files is one change).
/// The read happens on a background queue; `takeChanges` is called from the main thread.
public final class FolderWatcher: @unchecked Sendable {
    private let fd: Int32
    private var folders: [Int32: String] = [:]
    private let source: DispatchSourceRead
    private let lock = Lock()
    private var changed: Set<String> = []
    private var pending = false
    private var generation = 0
    /// How long a change must be followed by quiet before it is reported (seconds).
    public let settle: Double
    private let onChange: @Sendable () -> Void

    /// Watches `folders` (others in the list, files, are ignored); nil when inotify is not there.
    public init?(folders paths: [String], settle: Double = 0.3, onChange: @escaping @Sendable () -> Void) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        self.fd = fd
        self.settle = settle
        self.onChange = onChange
        let mask = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_DELETE_SELF | IN_MOVE_SELF | IN_ATTRIB)
        for path in paths {
            var isDir = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir else { continue }
            let wd = inotify_add_watch(fd, path, mask)
            if wd >= 0 { folders[wd] = path }
        }
        source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: DispatchQueue(label: "lumen.folder-watch", qos: .utility))
        source.setEventHandler { [weak self] in self?.read() }
        source.setCancelHandler { close(fd) }
        source.resume()
    }

    deinit { source.cancel() }

    /// The folders being watched.
    public var watched: [String] { lock.withLock { Array(folders.values) } }

    /// Whether something changed since the last call, and the files that were written or
    /// replaced (their pictures must be read again).
    public func takeChanges() -> (changed: Bool, files: Set<String>) {
        lock.withLock {
            guard pending else { return (false, []) }
            defer { changed.removeAll(); pending = false }
            return (true, changed)
        }
    }

    private func read() {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        var any = false
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= n {
                let (wd, length, name) = buffer.withUnsafeBytes { raw -> (Int32, Int, String) in
                    let e = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let nameBytes = raw[(offset + header)..<min(offset + header + Int(e.len), n)].prefix { $0 != 0 }
                    return (e.wd, Int(e.len), String(decoding: nameBytes, as: UTF8.self))
                }
                lock.withLock {
                    if let folder = folders[wd], !name.isEmpty { changed.insert(folder + "/" + name) }
                }
                any = true
                offset += header + length
            }
        }
        guard any else { return }
        // Report once the folder has been quiet for `settle` seconds.
        let current: Int = lock.withLock { generation += 1; return generation }
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + settle) { [weak self] in
            guard let self else { return }
            let quiet = lock.withLock { () -> Bool in
                guard generation == current else { return false }
                pending = true
                return true
            }
            if quiet { onChange() }
        }
    }
}
