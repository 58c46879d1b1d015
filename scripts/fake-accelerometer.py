#!/usr/bin/env python3
"""A motion sensor for tests: a uinput device marked INPUT_PROP_ACCELEROMETER, as a tablet's
accelerometer is, reporting three axes HZ times a second (100 unless given) until killed, the
way such a sensor does all day. Needs /dev/uinput (modprobe uinput) and root.
    scripts/fake-accelerometer.py [HZ]"""
import fcntl, math, os, struct, sys, time

UI_SET_EVBIT, UI_SET_ABSBIT, UI_SET_PROPBIT, UI_DEV_CREATE = 0x40045564, 0x40045567, 0x4004556E, 0x5501
EV_SYN, EV_ABS, SYN_REPORT, INPUT_PROP_ACCELEROMETER = 0, 3, 0, 6
AXES = (0, 1, 2)   # ABS_X, ABS_Y, ABS_Z

hz = float(sys.argv[1]) if len(sys.argv) > 1 else 100
fd = os.open("/dev/uinput", os.O_WRONLY)
fcntl.ioctl(fd, UI_SET_EVBIT, EV_ABS)
for axis in AXES:
    fcntl.ioctl(fd, UI_SET_ABSBIT, axis)
fcntl.ioctl(fd, UI_SET_PROPBIT, INPUT_PROP_ACCELEROMETER)
# struct uinput_user_dev: name[80], input_id (bus, vendor, product, version), ff_effects_max,
# then absmax, absmin, absfuzz and absflat, 64 each.
absmax, absmin = [0] * 64, [0] * 64
for axis in AXES:
    absmax[axis], absmin[axis] = 512, -512
os.write(fd, struct.pack("80sHHHHI64i64i64i64i", b"Lumen test accelerometer", 0x06, 1, 1, 1, 0,
                         *absmax, *absmin, *([0] * 64), *([0] * 64)))
fcntl.ioctl(fd, UI_DEV_CREATE)
event = lambda kind, code, value: struct.pack("llHHi", 0, 0, kind, code, value)
n = 0
while True:
    n += 1
    x = int(256 * math.sin(n / 50))
    os.write(fd, event(EV_ABS, 0, x) + event(EV_ABS, 1, -x) + event(EV_ABS, 2, 500 - n % 2) + event(EV_SYN, SYN_REPORT, 0))
    time.sleep(1 / hz)
