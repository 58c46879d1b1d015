import FoundationEssentials
import Glibc

/// What an input device is, sorted as SDL 2.26's console input sorts devices: by udev's
/// `ID_INPUT_*` properties (SDL_udev.c), and where udev gave none, by a guess from the
/// device's capabilities that follows udev's own input_id rules (SDL_evdev_capabilities.c).
/// SDL reads a device for pointer, keys and touch when it is a mouse, keyboard, touchscreen or
/// touchpad and not a joystick (SDL_evdev.c; Debian's libSDL2 2.26.5 tests the class against
/// 0x53, then 0x04).
struct InputDeviceClass: OptionSet, Hashable {
    let rawValue: Int
    static let mouse = InputDeviceClass(rawValue: 0x01)
    static let keyboard = InputDeviceClass(rawValue: 0x02)
    static let joystick = InputDeviceClass(rawValue: 0x04)
    static let touchscreen = InputDeviceClass(rawValue: 0x10)
    static let accelerometer = InputDeviceClass(rawValue: 0x20)
    static let touchpad = InputDeviceClass(rawValue: 0x40)

    /// Whether SDL's console input reads this device.
    var isReadBySDL: Bool { !isDisjoint(with: [.mouse, .keyboard, .touchscreen, .touchpad]) && !contains(.joystick) }

    /// The class udev's database record gives (`E:ID_INPUT_MOUSE=1` lines; ID_INPUT_KEY
    /// counts as a keyboard, as in SDL 2.26); empty where it gives none.
    static func udev(_ record: String) -> InputDeviceClass {
        let names: [(String, InputDeviceClass)] = [("ID_INPUT_JOYSTICK", .joystick), ("ID_INPUT_ACCELEROMETER", .accelerometer),
                                                   ("ID_INPUT_MOUSE", .mouse), ("ID_INPUT_TOUCHSCREEN", .touchscreen),
                                                   ("ID_INPUT_TOUCHPAD", .touchpad), ("ID_INPUT_KEY", .keyboard)]
        var found: InputDeviceClass = []
        for line in record.split(separator: "\n") where line.hasPrefix("E:ID_INPUT_") {
            for (name, c) in names where line == "E:\(name)=1" { found.insert(c) }
        }
        return found
    }

    /// The class guessed from what a device can report (udev's input_id rules as SDL has them).
    static func guess(_ c: EvdevCapabilities) -> InputDeviceClass {
        let evKey = 1, evRel = 2, evAbs = 3
        let (absX, absY, absZ, absRX, absRY, absRZ) = (0, 1, 2, 3, 4, 5)
        let joystickAxes = [absRX, absRY, absRZ, 6, 7, 8, 9, 10]   // … ABS_THROTTLE, RUDDER, WHEEL, GAS, BRAKE
        let (btn1, btnMouse, btnTrigger, btnA) = (0x101, 0x110, 0x120, 0x130)
        let (btnToolPen, btnToolFinger, btnTouch, btnStylus) = (0x140, 0x145, 0x14a, 0x14b)
        let abs = c.types.contains(evAbs), hasKeys = c.types.contains(evKey)
        // Three axes and no buttons: a motion sensor.
        if abs && !hasKeys && (c.absolute.isSuperset(of: [absX, absY, absZ]) || c.absolute.isSuperset(of: [absRX, absRY, absRZ])) {
            return .accelerometer
        }
        var found: InputDeviceClass = []
        if abs && c.absolute.isSuperset(of: [absX, absY]) {
            if c.keys.contains(btnStylus) || c.keys.contains(btnToolPen) {
                // A tablet (pen): not one of SDL's.
            } else if c.keys.contains(btnToolFinger) {
                found.insert(.touchpad)
            } else if c.keys.contains(btnMouse) {
                found.insert(.mouse)
            } else if c.keys.contains(btnTouch) {
                found.insert(.touchscreen)
            }
            if [btnTrigger, btnA, btn1].contains(where: c.keys.contains) || joystickAxes.contains(where: c.absolute.contains) {
                found.insert(.joystick)
            }
        }
        if c.types.contains(evRel) && c.relative.isSuperset(of: [0, 1]) && c.keys.contains(btnMouse) { found.insert(.mouse) }
        // Keys below the buttons, or in the two blocks of keys above them: a keyboard.
        if hasKeys && c.keys.contains(where: { $0 < 0x100 || (0x160..<0x220).contains($0) || (0x230..<0x2c0).contains($0) }) {
            found.insert(.keyboard)
        }
        return found
    }

    /// The class of the open input device `fd`: udev's record of it where udev has one that
    /// sorts it (/run/udev/data/c13:MINOR), else the guess from its capabilities.
    static func of(_ fd: Int32, udevData: String = "/run/udev/data") -> InputDeviceClass {
        var info = stat()
        if fstat(fd, &info) == 0 {
            let rdev = UInt64(info.st_rdev)
            let major = (rdev >> 8) & 0xfff | (rdev >> 32) & ~0xfff, minor = rdev & 0xff | (rdev >> 12) & ~0xff
            if let record = try? String(contentsOf: URL(fileURLWithPath: udevData + "/c\(major):\(minor)"), encoding: .utf8) {
                let c = udev(record)
                if !c.isEmpty { return c }
            }
        }
        return EvdevCapabilities(fd: fd).map(guess) ?? []
    }
}
