import CInputDevices
import Glibc

/// udev's side of the console's input devices, through libudev: how udev has sorted a device
/// (its `ID_INPUT_*` properties, once udev has finished with it) and a monitor whose
/// descriptor becomes readable when udev has finished adding, changing or removing an input
/// device (SDL's own monitor hears of it at about the same moment, not always before: see
/// `UdevListeners`).
final class UdevInputDevices {
    private let udev: OpaquePointer
    private let monitor: OpaquePointer?

    /// Nil where libudev cannot be set up.
    init?() {
        guard let udev = udev_new() else { return nil }
        self.udev = udev
        // udevd's events (not the kernel's: those come before udev has sorted the device).
        var monitor = udev_monitor_new_from_netlink(udev, "udev")
        if let m = monitor, udev_monitor_filter_add_match_subsystem_devtype(m, "input", nil) < 0 || udev_monitor_enable_receiving(m) < 0 {
            udev_monitor_unref(m)
            monitor = nil
        }
        self.monitor = monitor
    }

    deinit {
        if let monitor { udev_monitor_unref(monitor) }
        udev_unref(udev)
    }

    /// The monitor's descriptor, to poll (-1 where there is none); libudev makes it non-blocking.
    var descriptor: Int32 { monitor.map { udev_monitor_get_fd($0) } ?? -1 }

    /// Reads what the monitor has: the event devices udev has finished with (`eventN`, the
    /// nodes SDL reads, not their `inputN` parents or the legacy `mouseN`), by their node's
    /// name, with whether udev removed them.
    func drain() -> [(node: String, removed: Bool)] {
        guard let monitor else { return [] }
        var finished: [(node: String, removed: Bool)] = []
        while let device = udev_monitor_receive_device(monitor) {
            if let name = udev_device_get_sysname(device).map({ String(cString: $0) }), name.hasPrefix("event") {
                let action = udev_device_get_action(device).map { String(cString: $0) }
                finished.append((name, action == "remove"))
            }
            udev_device_unref(device)
        }
        return finished
    }

    /// How udev has sorted the character device `number`: nil where udev has not finished with
    /// it (its rules still running, or no udev daemon at all).
    func sorting(of number: dev_t) -> InputDeviceClass? {
        guard let device = udev_device_new_from_devnum(udev, CChar(UInt8(ascii: "c")), number) else { return nil }
        defer { udev_device_unref(device) }
        guard udev_device_get_is_initialized(device) > 0 else { return nil }
        return InputDeviceClass.udev { name in udev_device_get_property_value(device, name).map { String(cString: $0) } }
    }
}
