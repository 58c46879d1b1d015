import Dispatch
import FoundationEssentials
import Glibc
import SystemSupport

/// Watches folders with inotify for photos added, removed, renamed or rewritten, and tells
/// its owner once things have been quiet for a moment (a copy of many files is one change).
/// The read happens on a background queue; `takeChanges` is called from the main thread.
///
/// A folder can also go and come back whole: a USB stick pulled and plugged in again, the
/// folder deleted and restored, a file system mounted over it. inotify's watch dies with the
/// folder it watched, so every `recheck` seconds each folder's identity (device and inode) is
/// looked at: when it differs (gone, back, another file system) the watch is made again and
/// the change reported.
///
/// A burst of changes faster than the watcher reads them (a USB stick copied in) fills
/// inotify's queue (`fs.inotify.max_queued_events`, 16,384 by default) and the kernel drops
/// what follows, saying so once (`IN_Q_OVERFLOW`). What was dropped cannot be known, so the
/// folders are taken as rescanned: the change is reported and every file in them counts as
/// written, to be read again.
package final class FolderWatcher: @unchecked Sendable {
    private let fd: Int32
    private let mask = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_DELETE_SELF | IN_MOVE_SELF | IN_ATTRIB)
    private let source: DispatchSourceRead
    private let recheckTimer: DispatchSourceTimer
    /// What the reading queue and the owner's thread share.
    private struct State {
        var folders: [Int32: String] = [:]
        /// The folders asked for, with the identity each had when last looked at (nil: missing).
        var identities: [String: FolderIdentity?] = [:]
        var changed: Set<String> = []
        /// Whether inotify's queue overflowed since the changes were last taken.
        var overflowed = false
        var pending = false
        var generation = 0
    }
    private let state: Locked<State>
    /// How long a change must be followed by quiet before it is reported (seconds).
    public let settle: Double
    private let onChange: @Sendable () -> Void

    /// Watches `folders` (files in the list are ignored; a path not there yet is watched once it
    /// comes); nil when inotify is not there.
    public init?(folders paths: [String], settle: Double = 0.3, recheck: Double = 2, onChange: @escaping @Sendable () -> Void) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        self.fd = fd
        self.settle = settle
        self.onChange = onChange
        let queue = DispatchQueue(label: "lumen.folder-watch", qos: .utility)
        var initial = State()
        for path in paths {
            var isDir = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
                // Not there yet: the recheck watches it once it comes.
                initial.identities.updateValue(nil, forKey: path)
                continue
            }
            guard isDir else { continue }
            initial.identities[path] = FolderIdentity(path)
            let wd = inotify_add_watch(fd, path, mask)
            if wd >= 0 { initial.folders[wd] = path }
        }
        state = Locked(initial)
        source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
        recheckTimer = DispatchSource.makeTimerSource(queue: queue)
        source.setEventHandler { [weak self] in self?.read() }
        source.setCancelHandler { close(fd) }
        source.resume()
        recheckTimer.schedule(deadline: .now() + recheck, repeating: recheck, leeway: .milliseconds(200))
        recheckTimer.setEventHandler { [weak self] in self?.recheck() }
        recheckTimer.resume()
    }

    deinit {
        recheckTimer.cancel()
        source.cancel()
    }

    /// Stops reading inotify's queue until `resumeReading` (the kernel keeps queueing, up to
    /// its limit): for tests of a burst faster than the watcher reads.
    func suspendReading() { source.suspend() }
    func resumeReading() { source.resume() }

    /// Looks at each folder's identity; one that went, came back or changed file system is
    /// watched again and reported as changed.
    private func recheck() {
        let moved: [String] = state.withLock { s in
            var moved: [String] = []
            for (path, old) in s.identities {
                let now = FolderIdentity(path)
                guard now != old else { continue }
                s.identities[path] = now
                for (wd, p) in s.folders where p == path {
                    inotify_rm_watch(fd, wd)
                    s.folders[wd] = nil
                }
                if now != nil {
                    let wd = inotify_add_watch(fd, path, mask)
                    if wd >= 0 { s.folders[wd] = path }
                }
                s.changed.insert(path)
                moved.append(path)
            }
            return moved
        }
        if !moved.isEmpty { reportWhenQuiet() }
    }

    /// The folders being watched.
    public var watched: [String] { state.withLock { Array($0.folders.values) } }

    /// Whether something changed since the last call, and the files that were written or
    /// replaced (their pictures must be read again): after an overflow of inotify's queue,
    /// every file in the watched folders.
    public func takeChanges() -> (changed: Bool, files: Set<String>) {
        state.withLock { s in
            guard s.pending else { return (false, []) }
            defer { s.changed.removeAll(); s.pending = false }
            return (true, s.changed)
        }
    }

    /// The paths of the entries in `folder` (its hidden ones too).
    private static func files(in folder: String) -> [String] {
        (FolderEntries.names(in: folder) ?? []).map { folder + "/" + $0 }
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
                let (wd, kind, length, name) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int, String) in
                    let e = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let nameBytes = raw[(offset + header)..<min(offset + header + Int(e.len), n)].prefix { $0 != 0 }
                    return (e.wd, e.mask, Int(e.len), String(decoding: nameBytes, as: UTF8.self))
                }
                state.withLock { s in
                    if kind & UInt32(IN_Q_OVERFLOW) != 0 { s.overflowed = true }
                    if let folder = s.folders[wd], !name.isEmpty { s.changed.insert(folder + "/" + name) }
                }
                any = true
                offset += header + length
            }
        }
        guard any else { return }
        reportWhenQuiet()
    }

    /// Reports the changes once the folders have been quiet for `settle` seconds.
    private func reportWhenQuiet() {
        let current: Int = state.withLock { s in s.generation += 1; return s.generation }
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + settle) { [weak self] in
            guard let self else { return }
            // After an overflow, the folders are listed here, on this background queue.
            guard let overflowed = state.withLock({ s in s.generation == current ? (s.overflowed ? Array(s.folders.values) : []) : nil }) else { return }
            let relisted = overflowed.flatMap(Self.files(in:))
            let quiet = state.withLock { s -> Bool in
                guard s.generation == current else { return false }
                s.changed.formUnion(relisted)
                if !overflowed.isEmpty { s.overflowed = false }
                s.pending = true
                return true
            }
            if quiet { onChange() }
        }
    }
}

/// A folder's device and inode: it changes when the folder is made anew or a file system is
/// mounted on it.
struct FolderIdentity: Equatable {
    let device: UInt64, inode: UInt64
    /// Nil when `path` is not a folder now.
    init?(_ path: String) {
        var s = stat()
        guard stat(path, &s) == 0, (s.st_mode & S_IFMT) == S_IFDIR else { return nil }
        device = UInt64(s.st_dev)
        inode = UInt64(s.st_ino)
    }
}
