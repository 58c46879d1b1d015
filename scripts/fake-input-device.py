#!/usr/bin/env python3
"""An input device for tests that reports all the time, HZ times a second (100 unless given),
until killed, as some do all day: a uinput device made as
  accelerometer  a tablet's motion sensor: three axes, marked INPUT_PROP_ACCELEROMETER;
  gamepad        a gamepad whose left stick jitters about its centre: buttons A, B, X, Y and
                 Start, two sticks.
Its name is "Lumen test KIND". Needs /dev/uinput (modprobe uinput) and root.
    scripts/fake-input-device.py KIND [HZ]"""
import fcntl, math, os, struct, sys, time

UI_SET_EVBIT, UI_SET_KEYBIT, UI_SET_ABSBIT, UI_SET_PROPBIT, UI_DEV_CREATE = 0x40045564, 0x40045565, 0x40045567, 0x4004556E, 0x5501
EV_SYN, EV_KEY, EV_ABS, SYN_REPORT, INPUT_PROP_ACCELEROMETER = 0, 1, 3, 0, 6
ABS_X, ABS_Y, ABS_Z, ABS_RX, ABS_RY = 0, 1, 2, 3, 4
BUTTONS = (0x130, 0x131, 0x133, 0x134, 0x13b)   # BTN_A, BTN_B, BTN_X, BTN_Y, BTN_START

kind = sys.argv[1] if len(sys.argv) > 1 else ""
if kind not in ("accelerometer", "gamepad"):
    sys.exit(__doc__)
hz = float(sys.argv[2]) if len(sys.argv) > 2 else 100
axes = (ABS_X, ABS_Y, ABS_Z) if kind == "accelerometer" else (ABS_X, ABS_Y, ABS_RX, ABS_RY)
fd = os.open("/dev/uinput", os.O_WRONLY)
fcntl.ioctl(fd, UI_SET_EVBIT, EV_ABS)
for axis in axes:
    fcntl.ioctl(fd, UI_SET_ABSBIT, axis)
if kind == "accelerometer":
    fcntl.ioctl(fd, UI_SET_PROPBIT, INPUT_PROP_ACCELEROMETER)
else:
    fcntl.ioctl(fd, UI_SET_EVBIT, EV_KEY)
    for button in BUTTONS:
        fcntl.ioctl(fd, UI_SET_KEYBIT, button)
# struct uinput_user_dev: name[80], input_id (bus, vendor, product, version), ff_effects_max,
# then absmax, absmin, absfuzz and absflat, 64 each.
absmax, absmin = [0] * 64, [0] * 64
for axis in axes:
    absmax[axis], absmin[axis] = (512, -512) if kind == "accelerometer" else (32767, -32768)
os.write(fd, struct.pack("80sHHHHI64i64i64i64i", b"Lumen test " + kind.encode(), 0x06 if kind == "accelerometer" else 0x03, 1, 1, 1, 0,
                         *absmax, *absmin, *([0] * 64), *([0] * 64)))
fcntl.ioctl(fd, UI_DEV_CREATE)
event = lambda kind, code, value: struct.pack("llHHi", 0, 0, kind, code, value)
n = 0
while True:
    n += 1
    if kind == "accelerometer":
        x = int(256 * math.sin(n / 50))
        report = event(EV_ABS, ABS_X, x) + event(EV_ABS, ABS_Y, -x) + event(EV_ABS, ABS_Z, 500 - n % 2)
    else:   # a worn stick: a few hundred units either side of its centre
        report = event(EV_ABS, ABS_X, 300 if n % 2 else -300) + event(EV_ABS, ABS_Y, -200 if n % 3 else 200)
    os.write(fd, report + event(EV_SYN, SYN_REPORT, 0))
    time.sleep(1 / hz)
