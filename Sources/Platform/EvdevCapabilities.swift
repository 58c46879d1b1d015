import CInputDevices
import Glibc

/// What an evdev input device can report: its event types and, per type, its codes, as the
/// kernel's EVIOCGBIT bit sets, with the numbers of linux/input-event-codes.h (EV_KEY,
/// BTN_TOUCH…).
struct EvdevCapabilities: Equatable {
    /// Event types (EV_KEY, EV_REL, EV_ABS…).
    var types: Set<Int> = []
    /// Key and button codes (KEY_ESC…, BTN_MOUSE…).
    var keys: Set<Int> = []
    /// Absolute axes (ABS_X, ABS_Y…).
    var absolute: Set<Int> = []
    /// Relative axes (REL_X, REL_Y…).
    var relative: Set<Int> = []

    init(types: Set<Int> = [], keys: Set<Int> = [], absolute: Set<Int> = [], relative: Set<Int> = []) {
        self.types = types; self.keys = keys; self.absolute = absolute; self.relative = relative
    }

    /// The capabilities of the open device `fd`; nil where it answers none (not evdev).
    init?(fd: Int32) {
        guard let types = Self.bits(fd, type: 0, count: EV_MAX + 1) else { return nil }
        self.types = types
        keys = Self.bits(fd, type: EV_KEY, count: KEY_MAX + 1) ?? []
        relative = Self.bits(fd, type: EV_REL, count: REL_MAX + 1) ?? []
        absolute = Self.bits(fd, type: EV_ABS, count: ABS_MAX + 1) ?? []
    }

    /// The name the device gives itself (EVIOCGNAME), or nil.
    static func name(_ fd: Int32) -> String? {
        var bytes = [UInt8](repeating: 0, count: 256)
        let n = bytes.withUnsafeMutableBytes { ioctl(fd, lumen_eviocgname(Int32($0.count)), $0.baseAddress!) }
        guard n > 0 else { return nil }
        return String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// The codes set in the device's EVIOCGBIT answer for event type `type` (0: the types).
    private static func bits(_ fd: Int32, type: Int32, count: Int32) -> Set<Int>? {
        var bytes = [UInt8](repeating: 0, count: (Int(count) + 7) / 8)
        guard bytes.withUnsafeMutableBytes({ ioctl(fd, lumen_eviocgbit(type, Int32($0.count)), $0.baseAddress!) }) >= 0 else { return nil }
        var set = Set<Int>()
        for (i, byte) in bytes.enumerated() where byte != 0 {
            for bit in 0..<8 where byte & (1 << bit) != 0 { set.insert(i * 8 + bit) }
        }
        return set
    }
}
