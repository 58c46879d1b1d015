import Glibc
import Input

/// What an evdev input device can report: its event types and, per type, its codes, as the
/// kernel's EVIOCGBIT bit sets (linux/input.h). Numbers are those of
/// linux/input-event-codes.h.
struct EvdevCapabilities: Equatable {
    /// Event types (EV_KEY 1, EV_REL 2, EV_ABS 3…).
    var types: Set<Int> = []
    /// Key and button codes (KEY_ESC 1…, BTN_MOUSE 0x110…).
    var keys: Set<Int> = []
    /// Absolute axes (ABS_X 0, ABS_Y 1…).
    var absolute: Set<Int> = []
    /// Relative axes (REL_X 0, REL_Y 1…).
    var relative: Set<Int> = []

    init(types: Set<Int> = [], keys: Set<Int> = [], absolute: Set<Int> = [], relative: Set<Int> = []) {
        self.types = types; self.keys = keys; self.absolute = absolute; self.relative = relative
    }

    /// The capabilities of the open device `fd`; nil where it answers none (not evdev).
    init?(fd: Int32) {
        guard let types = Self.bits(fd, request: 0x20, count: 0x20) else { return nil }   // EVIOCGBIT(0): EV_MAX 0x1f
        self.types = types
        keys = Self.bits(fd, request: 0x20 + 1, count: 0x300) ?? []                        // EV_KEY: KEY_MAX 0x2ff
        relative = Self.bits(fd, request: 0x20 + 2, count: 0x10) ?? []                     // EV_REL: REL_MAX 0x0f
        absolute = Self.bits(fd, request: 0x20 + 3, count: 0x40) ?? []                     // EV_ABS: ABS_MAX 0x3f
    }

    /// The bits set in the answer to the read ioctl `_IOC(_IOC_READ, 'E', nr, count / 8)`.
    private static func bits(_ fd: Int32, request nr: UInt, count: Int) -> Set<Int>? {
        var bytes = [UInt8](repeating: 0, count: count / 8)
        let request = UInt(2) << 30 | UInt(bytes.count) << 16 | UInt(UInt8(ascii: "E")) << 8 | nr
        guard bytes.withUnsafeMutableBytes({ ioctl(fd, request, $0.baseAddress!) }) >= 0 else { return nil }
        var set = Set<Int>()
        for (i, byte) in bytes.enumerated() where byte != 0 {
            for bit in 0..<8 where byte & (1 << bit) != 0 { set.insert(i * 8 + bit) }
        }
        return set
    }
}
