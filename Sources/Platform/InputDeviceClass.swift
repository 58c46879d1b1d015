import CInputDevices
import Glibc

/// What an input device is, sorted as SDL 2.26's console input sorts devices: by udev's
/// `ID_INPUT_*` properties (SDL_udev.c, through libudev), and where udev gave none, by a guess
/// from the device's capabilities that follows udev's own input_id rules
/// (SDL_evdev_capabilities.c). SDL reads a device for pointer, keys and touch when it is a
/// mouse, keyboard, touchscreen or touchpad and not a joystick (SDL_evdev.c; Debian's libSDL2
/// 2.26.5 tests the class against 0x53, then 0x04).
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

    /// What the class says to a person: "touchscreen", "keyboard and joystick", "nothing SDL knows".
    var words: String {
        let names: [(InputDeviceClass, String)] = [(.mouse, "mouse"), (.keyboard, "keyboard"), (.joystick, "joystick"),
                                                   (.touchscreen, "touchscreen"), (.accelerometer, "accelerometer"), (.touchpad, "touchpad")]
        let found = names.filter { contains($0.0) }.map(\.1)
        return found.isEmpty ? "nothing SDL knows" : found.joined(separator: " and ")
    }

    /// udev's properties that sort a device, with the class each gives (ID_INPUT_KEY counts as
    /// a keyboard, as in SDL 2.26).
    static let udevProperties: [(String, InputDeviceClass)] = [
        ("ID_INPUT_JOYSTICK", .joystick), ("ID_INPUT_ACCELEROMETER", .accelerometer), ("ID_INPUT_MOUSE", .mouse),
        ("ID_INPUT_TOUCHSCREEN", .touchscreen), ("ID_INPUT_TOUCHPAD", .touchpad), ("ID_INPUT_KEY", .keyboard),
    ]

    /// The class udev's properties give (`property(name)` is the value of one, or nil); empty
    /// where they give none.
    static func udev(_ property: (String) -> String?) -> InputDeviceClass {
        udevProperties.reduce(into: []) { found, entry in if property(entry.0) == "1" { found.insert(entry.1) } }
    }

    /// The class guessed from what a device can report (udev's input_id rules as SDL has them).
    static func guess(_ c: EvdevCapabilities) -> InputDeviceClass {
        let has = { (codes: Set<Int>, code: Int32) in codes.contains(Int(code)) }
        let joystickAxes = [ABS_RX, ABS_RY, ABS_RZ, ABS_THROTTLE, ABS_RUDDER, ABS_WHEEL, ABS_GAS, ABS_BRAKE]
        let abs = has(c.types, EV_ABS), hasKeys = has(c.types, EV_KEY)
        // Three axes and no buttons: a motion sensor.
        if abs && !hasKeys && ([ABS_X, ABS_Y, ABS_Z].allSatisfy { has(c.absolute, $0) } || [ABS_RX, ABS_RY, ABS_RZ].allSatisfy { has(c.absolute, $0) }) {
            return .accelerometer
        }
        var found: InputDeviceClass = []
        if abs && has(c.absolute, ABS_X) && has(c.absolute, ABS_Y) {
            if has(c.keys, BTN_STYLUS) || has(c.keys, BTN_TOOL_PEN) {
                // A tablet (pen): not one of SDL's.
            } else if has(c.keys, BTN_TOOL_FINGER) {
                found.insert(.touchpad)
            } else if has(c.keys, BTN_MOUSE) {
                found.insert(.mouse)
            } else if has(c.keys, BTN_TOUCH) {
                found.insert(.touchscreen)
            }
            if [BTN_TRIGGER, BTN_A, BTN_1].contains(where: { has(c.keys, $0) }) || joystickAxes.contains(where: { has(c.absolute, $0) }) {
                found.insert(.joystick)
            }
        }
        if has(c.types, EV_REL) && has(c.relative, REL_X) && has(c.relative, REL_Y) && has(c.keys, BTN_MOUSE) { found.insert(.mouse) }
        // Keys below the buttons, or in the two blocks of keys above them: a keyboard.
        let keyboardKeys = [0..<Int(BTN_MISC), Int(KEY_OK)..<Int(BTN_DPAD_UP), Int(KEY_ALS_TOGGLE)..<Int(BTN_TRIGGER_HAPPY)]
        if hasKeys && c.keys.contains(where: { key in keyboardKeys.contains { $0.contains(key) } }) {
            found.insert(.keyboard)
        }
        return found
    }
}
