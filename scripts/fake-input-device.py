#!/usr/bin/env python3
"""An input device for tests, made through uinput, named "Lumen test KIND" (or --name):
  accelerometer  a tablet's motion sensor: three axes, marked INPUT_PROP_ACCELEROMETER; reports
                 HZ times a second until killed, as some do all day
  gamepad        a gamepad whose left stick jitters about its centre (buttons A, B, X, Y and
                 Start, two sticks); reports HZ times a second until killed
  touchscreen    a multi-touch screen of 800 x 600 (ABS_MT_* slots and ABS_X, ABS_Y, BTN_TOUCH,
                 INPUT_PROP_DIRECT): drags a finger from (400, 520) up to (400, 120), or down
                 from (400, 120) to (400, 520) with --drag down, or taps at (X, Y) with --tap X Y
  keyboard       keys 1 to 127: presses Ctrl+Alt+Q (a kiosk's exit chord)
  mouse          three buttons, two axes and a wheel: turns the wheel three notches down
The last three do their one thing once they have waited (--after SECONDS, 2 unless given, or
--after-file FILE: until FILE exists, then one second more), stay one second, and end.
Needs /dev/uinput (modprobe uinput) and root.
    scripts/fake-input-device.py KIND [HZ] [--name NAME] [--after SECONDS] [--after-file FILE] [--drag up|down] [--tap X Y]"""
import fcntl, math, os, struct, sys, time

UI_SET_EVBIT, UI_SET_KEYBIT, UI_SET_RELBIT, UI_SET_ABSBIT, UI_SET_PROPBIT, UI_DEV_CREATE = 0x40045564, 0x40045565, 0x40045566, 0x40045567, 0x4004556E, 0x5501
EV_SYN, EV_KEY, EV_REL, EV_ABS, SYN_REPORT = 0, 1, 2, 3, 0
INPUT_PROP_DIRECT, INPUT_PROP_ACCELEROMETER = 1, 6
ABS_X, ABS_Y, ABS_Z, ABS_RX, ABS_RY = 0, 1, 2, 3, 4
REL_X, REL_Y, REL_WHEEL = 0, 1, 8
ABS_MT_SLOT, ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_TRACKING_ID = 0x2f, 0x35, 0x36, 0x39
BTN_LEFT, BTN_RIGHT, BTN_MIDDLE, BTN_TOUCH = 0x110, 0x111, 0x112, 0x14a
KEY_Q, KEY_LEFTCTRL, KEY_LEFTALT = 16, 29, 56
BUTTONS = (0x130, 0x131, 0x133, 0x134, 0x13b)   # BTN_A, BTN_B, BTN_X, BTN_Y, BTN_START

args = sys.argv[1:]
def option(name, default=None):
    if name in args:
        i = args.index(name)
        value = args[i + 1]
        del args[i:i + 2]
        return value
    return default
name, after, after_file = option("--name"), float(option("--after", "2")), option("--after-file")
tap = None
if "--tap" in args:
    i = args.index("--tap")
    tap = (int(args[i + 1]), int(args[i + 2]))
    del args[i:i + 3]
drag = option("--drag", "up")
kind = args[0] if args else ""
if kind not in ("accelerometer", "gamepad", "touchscreen", "keyboard", "mouse"):
    sys.exit(__doc__)
hz = float(args[1]) if len(args) > 1 else 100

fd = os.open("/dev/uinput", os.O_WRONLY)
def enable(bit, codes):
    for code in codes:
        fcntl.ioctl(fd, bit, code)
absmax, absmin = [0] * 64, [0] * 64
if kind in ("accelerometer", "gamepad"):
    axes = (ABS_X, ABS_Y, ABS_Z) if kind == "accelerometer" else (ABS_X, ABS_Y, ABS_RX, ABS_RY)
    enable(UI_SET_EVBIT, [EV_ABS])
    enable(UI_SET_ABSBIT, axes)
    for axis in axes:
        absmax[axis], absmin[axis] = (512, -512) if kind == "accelerometer" else (32767, -32768)
    if kind == "accelerometer":
        enable(UI_SET_PROPBIT, [INPUT_PROP_ACCELEROMETER])
    else:
        enable(UI_SET_EVBIT, [EV_KEY])
        enable(UI_SET_KEYBIT, BUTTONS)
elif kind == "touchscreen":
    enable(UI_SET_EVBIT, [EV_KEY, EV_ABS])
    enable(UI_SET_KEYBIT, [BTN_TOUCH])
    enable(UI_SET_ABSBIT, [ABS_X, ABS_Y, ABS_MT_SLOT, ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_TRACKING_ID])
    enable(UI_SET_PROPBIT, [INPUT_PROP_DIRECT])
    absmax[ABS_X], absmax[ABS_Y], absmax[ABS_MT_POSITION_X], absmax[ABS_MT_POSITION_Y] = 799, 599, 799, 599
    absmax[ABS_MT_SLOT], absmax[ABS_MT_TRACKING_ID] = 9, 65535
elif kind == "keyboard":
    enable(UI_SET_EVBIT, [EV_KEY])
    enable(UI_SET_KEYBIT, range(1, 128))
else:
    enable(UI_SET_EVBIT, [EV_KEY, EV_REL])
    enable(UI_SET_KEYBIT, [BTN_LEFT, BTN_RIGHT, BTN_MIDDLE])
    enable(UI_SET_RELBIT, [REL_X, REL_Y, REL_WHEEL])
# struct uinput_user_dev: name[80], input_id (bus, vendor, product, version), ff_effects_max,
# then absmax, absmin, absfuzz and absflat, 64 each. Bus: 0x06 virtual, 0x03 USB.
bus = 0x06 if kind == "accelerometer" else 0x03
label = (name or "Lumen test " + kind).encode()
os.write(fd, struct.pack("80sHHHHI64i64i64i64i", label, bus, 1, 1, 1, 0, *absmax, *absmin, *([0] * 64), *([0] * 64)))
fcntl.ioctl(fd, UI_DEV_CREATE)
event = lambda type, code, value: struct.pack("llHHi", 0, 0, type, code, value)
sync = event(EV_SYN, SYN_REPORT, 0)

if kind in ("accelerometer", "gamepad"):
    n = 0
    while True:
        n += 1
        if kind == "accelerometer":
            x = int(256 * math.sin(n / 50))
            report = event(EV_ABS, ABS_X, x) + event(EV_ABS, ABS_Y, -x) + event(EV_ABS, ABS_Z, 500 - n % 2)
        else:   # a worn stick: a few hundred units either side of its centre
            report = event(EV_ABS, ABS_X, 300 if n % 2 else -300) + event(EV_ABS, ABS_Y, -200 if n % 3 else 200)
        os.write(fd, report + sync)
        time.sleep(1 / hz)

if after_file:
    while not os.path.exists(after_file):
        time.sleep(0.05)
    time.sleep(1)
else:
    time.sleep(after)
if kind == "touchscreen" and tap:
    (x, y) = tap
    os.write(fd, event(EV_ABS, ABS_MT_SLOT, 0) + event(EV_ABS, ABS_MT_TRACKING_ID, 1) + event(EV_ABS, ABS_MT_POSITION_X, x)
             + event(EV_ABS, ABS_X, x) + event(EV_ABS, ABS_MT_POSITION_Y, y) + event(EV_ABS, ABS_Y, y) + event(EV_KEY, BTN_TOUCH, 1) + sync)
    time.sleep(0.08)
    os.write(fd, event(EV_ABS, ABS_MT_TRACKING_ID, -1) + event(EV_KEY, BTN_TOUCH, 0) + sync)
elif kind == "touchscreen":
    (start, step) = (520, -20) if drag == "up" else (120, 20)
    at = lambda y: event(EV_ABS, ABS_MT_POSITION_Y, y) + event(EV_ABS, ABS_Y, y)
    os.write(fd, event(EV_ABS, ABS_MT_SLOT, 0) + event(EV_ABS, ABS_MT_TRACKING_ID, 1) + event(EV_ABS, ABS_MT_POSITION_X, 400)
             + event(EV_ABS, ABS_X, 400) + at(start) + event(EV_KEY, BTN_TOUCH, 1) + sync)
    for n in range(1, 21):
        time.sleep(0.02)
        os.write(fd, at(start + n * step) + sync)
    time.sleep(0.05)
    os.write(fd, event(EV_ABS, ABS_MT_TRACKING_ID, -1) + event(EV_KEY, BTN_TOUCH, 0) + sync)
elif kind == "keyboard":
    chord = (KEY_LEFTCTRL, KEY_LEFTALT, KEY_Q)
    for key in chord:
        os.write(fd, event(EV_KEY, key, 1) + sync)
        time.sleep(0.05)
    for key in reversed(chord):
        os.write(fd, event(EV_KEY, key, 0) + sync)
        time.sleep(0.05)
else:
    for _ in range(3):
        os.write(fd, event(EV_REL, REL_WHEEL, -1) + sync)
        time.sleep(0.1)
time.sleep(1)
