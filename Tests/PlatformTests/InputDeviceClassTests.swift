@testable import Platform
import Testing

/// Which input devices SDL's console input reads, sorted as SDL 2.26 sorts them: the devices
/// below are described by what they report (linux/input-event-codes.h numbers), as the kernel
/// describes real ones of each kind.
@Suite("Input devices as SDL sorts them")
struct InputDeviceClassTests {
    static let (key, rel, abs) = (1, 2, 3)
    static let (btnLeft, btnRight, btnMiddle) = (0x110, 0x111, 0x112)

    static let devices: [(String, EvdevCapabilities, InputDeviceClass)] = [
        ("a keyboard", EvdevCapabilities(types: [key], keys: Set(1...0x7f)), .keyboard),
        ("a mouse", EvdevCapabilities(types: [key, rel], keys: [btnLeft, btnRight, btnMiddle], relative: [0, 1, 8]), .mouse),
        // QEMU's virtio tablet (the KMS tests' pointer): absolute axes and mouse buttons.
        ("a virtual tablet", EvdevCapabilities(types: [key, abs], keys: [btnLeft, btnRight, btnMiddle], absolute: [0, 1]), .mouse),
        ("a touchscreen", EvdevCapabilities(types: [key, abs], keys: [0x14a], absolute: [0, 1, 0x2f, 0x35, 0x36, 0x39]),
         .touchscreen),
        ("a touchpad", EvdevCapabilities(types: [key, abs], keys: [btnLeft, 0x145, 0x14a, 0x14d], absolute: [0, 1, 0x2f, 0x35, 0x36]), .touchpad),
        // An Xbox-style pad: buttons from BTN_A, two sticks, triggers and a hat.
        ("a gamepad", EvdevCapabilities(types: [key, abs], keys: Set(0x130...0x13e), absolute: [0, 1, 2, 3, 4, 5, 0x10, 0x11]), .joystick),
        // A pad with a media key below the buttons is a keyboard too, and still not read.
        ("a gamepad with a home key", EvdevCapabilities(types: [key, abs], keys: [172, 0x130, 0x131], absolute: [0, 1]),
         [.joystick, .keyboard]),
        ("a flight stick", EvdevCapabilities(types: [key, abs], keys: [0x120, 0x121], absolute: [0, 1, 6]), .joystick),
        ("an accelerometer", EvdevCapabilities(types: [abs], absolute: [0, 1, 2]), .accelerometer),
        ("a gyroscope", EvdevCapabilities(types: [abs], absolute: [3, 4, 5]), .accelerometer),
        ("a pen tablet", EvdevCapabilities(types: [key, abs], keys: [0x140, 0x14a, 0x14b], absolute: [0, 1, 0x18]), []),
        ("a power button", EvdevCapabilities(types: [key], keys: [116]), .keyboard),
        ("a remote's keys above the buttons", EvdevCapabilities(types: [key], keys: [0x160, 0x161]), .keyboard),
        ("a lid switch", EvdevCapabilities(types: [5]), []),
    ]

    @Test(arguments: devices.map { $0.0 })
    func eachKindOfDeviceIsSorted(name: String) throws {
        let (_, capabilities, expected) = try #require(Self.devices.first { $0.0 == name })
        #expect(InputDeviceClass.guess(capabilities) == expected, "\(name): \(InputDeviceClass.guess(capabilities).rawValue)")
    }

    /// SDL reads mice, keyboards, touchscreens and touchpads, and no joystick, whatever else
    /// it is (Debian's libSDL2 2.26.5 tests the class against 0x53, then 0x04).
    @Test func sdlReadsPointersKeysAndTouchButNoJoystick() {
        let read = Self.devices.filter { $0.2.isReadBySDL }.map { $0.0 }
        #expect(read == ["a keyboard", "a mouse", "a virtual tablet", "a touchscreen", "a touchpad", "a power button",
                         "a remote's keys above the buttons"])
        #expect(InputDeviceClass([.mouse, .keyboard, .touchscreen, .touchpad]).rawValue == 0x53)
        #expect(InputDeviceClass.joystick.rawValue == 0x04)
    }

    /// udev's properties sort a device where it has ID_INPUT_* ones; ID_INPUT alone sorts
    /// nothing (the guess is used then).
    @Test func udevsPropertiesSortADevice() {
        func udev(_ properties: [String: String]) -> InputDeviceClass { InputDeviceClass.udev { properties[$0] } }
        #expect(udev(["ID_INPUT": "1", "ID_INPUT_JOYSTICK": "1"]) == .joystick)
        #expect(udev(["ID_INPUT": "1", "ID_INPUT_KEY": "1", "ID_INPUT_KEYBOARD": "1"]) == .keyboard)
        #expect(udev(["ID_INPUT": "1", "ID_INPUT_ACCELEROMETER": "1"]) == .accelerometer)
        #expect(udev(["ID_INPUT": "1", "ID_INPUT_TOUCHSCREEN": "1"]).isReadBySDL)
        #expect(udev(["ID_INPUT": "1", "ID_INPUT_MOUSE": "0"]) == [])
        #expect(udev(["ID_INPUT": "1"]) == [])
        #expect(InputDeviceClass([.keyboard, .joystick]).words == "keyboard and joystick" && InputDeviceClass().words == "nothing SDL knows")
    }
}
