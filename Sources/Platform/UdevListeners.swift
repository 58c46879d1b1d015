import CInputDevices
import Glibc
import SystemSupport

/// The process's other sockets that hear udev's events as Lumen's monitor does: SDL's own udev
/// monitor, which SDL 2.26 gives no call to reach.
///
/// The kernel hands each of udevd's events to its listeners one after another, so Lumen's
/// monitor can be readable a moment before SDL's is. A wait that pumps SDL when Lumen's monitor
/// wakes it must also wake when SDL's becomes readable: otherwise SDL hears of a device plugged
/// into an idle kiosk only at its next input, and a keyboard's first keys are lost. These
/// descriptors are only polled, never read (SDL reads its own at the next pump). One that holds
/// the same first message as each of `unreadLimit` waits running begins (SDL pumped before
/// each; new messages each time, a burst of devices plugged in, are no sign) is one nobody
/// reads: it is left out from then on, so that the wait does not spin.
final class UdevListeners {
    /// Waits running that a listener may begin with the same message unread before it is left out.
    static let unreadLimit = 10
    /// The listeners polled.
    private(set) var descriptors: [Int32] = []
    /// Each readable listener's first message as the last wait began, and how many waits
    /// running have begun with it there.
    private var unread: [Int32: (head: [UInt8], runs: Int)] = [:]
    /// Listeners left out, by their socket's inode (a descriptor number may be used again).
    private var leftOut: Set<ino_t> = []
    private let find: () -> [Int32]

    /// Listeners found by `find`, again at each `refresh()`.
    init(find: @escaping () -> [Int32]) {
        self.find = find
    }

    /// Those beside `monitor` (a libudev monitor's descriptor): its family, protocol and
    /// multicast groups, found among the process's descriptors. None where `monitor` hears no
    /// group (libudev's monitor where no udev daemon runs).
    convenience init(beside monitor: Int32) {
        self.init { UdevListeners.sockets(like: monitor) }
    }

    /// Looks for the listeners again (SDL may have made its monitor anew).
    func refresh() {
        descriptors = find().filter { !leftOut.contains(Self.inode($0)) }
        unread = unread.filter { descriptors.contains($0.key) }
    }

    /// The listeners to poll in the wait that begins now, less those nobody reads.
    func toPoll() -> [Int32] {
        guard !descriptors.isEmpty else { return [] }
        var fds = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        _ = poll(&fds, nfds_t(fds.count), 0)
        for p in fds {
            guard p.revents != 0 else { unread[p.fd] = nil; continue }
            let head = p.revents & Int16(POLLIN) != 0 ? Self.peek(p.fd) : []   // [] in error with nothing to read
            let runs = unread[p.fd].map { $0.head == head ? $0.runs + 1 : 1 } ?? 1
            unread[p.fd] = (head, runs)
            if runs >= Self.unreadLimit {
                StandardError.message("input: the udev listener on descriptor \(p.fd) (SDL's) is not read; a device plugged in is read from its next input on")
                leftOut.insert(Self.inode(p.fd))
                descriptors.removeAll { $0 == p.fd }
            }
        }
        return descriptors
    }

    /// The first message `fd` holds, peeked: left for SDL to read.
    private static func peek(_ fd: Int32) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 8192)
        let n = bytes.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_PEEK | MSG_DONTWAIT)) }
        return n > 0 ? Array(bytes.prefix(n)) : []
    }

    private static func inode(_ fd: Int32) -> ino_t {
        var info = stat()
        return fstat(fd, &info) == 0 ? info.st_ino : 0
    }

    /// The process's sockets other than `socket` with its family, protocol and bound address
    /// groups (netlink's multicast groups), where those are not none.
    static func sockets(like socket: Int32) -> [Int32] {
        guard socket >= 0, let own = address(socket), own.groups != 0 else { return [] }
        return (FolderEntries.names(in: "/proc/self/fd") ?? []).compactMap(Int32.init).filter { fd in
            guard fd != socket, let other = address(fd) else { return false }
            return other.groups == own.groups && other.family == own.family && other.protocol == own.protocol
        }.sorted()
    }

    /// A socket's family, protocol and netlink groups; nil for what is not a netlink socket.
    private static func address(_ fd: Int32) -> (family: Int32, protocol: Int32, groups: UInt32)? {
        func option(_ name: Int32) -> Int32? {
            var value: Int32 = 0
            var size = socklen_t(MemoryLayout<Int32>.size)
            return getsockopt(fd, SOL_SOCKET, name, &value, &size) == 0 ? value : nil
        }
        guard let family = option(SO_DOMAIN), family == AF_NETLINK, let proto = option(SO_PROTOCOL) else { return nil }
        var address = sockaddr_nl()
        var size = socklen_t(MemoryLayout<sockaddr_nl>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &size) }
        }
        return named == 0 ? (family, proto, address.nl_groups) : nil
    }
}
