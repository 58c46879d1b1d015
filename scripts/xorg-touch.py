#!/usr/bin/python3
"""A finger on an Xorg touchscreen made by the server's own inputtest driver (an InputDevice
with Driver "inputtest", Option "DeviceType" "Touch" and Option "SocketPath" PATH): taps the
glass at each "X Y" line of standard input (fractions, 0…1, of its width and height from its
top-left), waiting each time until the server has handled the events, and prints "tapped X Y".
One connection for all (the driver takes one client in its life). The glass is the device's
own: where a tap lands on the screen is the X server's Coordinate Transformation Matrix at work.
    scripts/xorg-touch.py SOCKET < TAPS"""
import socket, struct, sys, time

CLIENT_VERSION, WAIT_FOR_SYNC, TOUCH = 0, 1, 6
TOUCH_BEGIN, TOUCH_END = 18, 20          # XI_TouchBegin, XI_TouchEnd
AXIS_MAX = 0xFFFF                        # the driver's touch axes: 0…65535

if len(sys.argv) != 2:
    sys.exit(__doc__)
path = sys.argv[1]

s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
for _ in range(100):
    try:
        s.connect(path)
        break
    except OSError:
        time.sleep(0.1)
else:
    sys.exit("xorg-touch: cannot connect to " + path)

def receive(n):
    data = b""
    while len(data) < n:
        chunk = s.recv(n - len(data))
        if not chunk:
            sys.exit("xorg-touch: the server closed the connection")
        data += chunk
    return data

def sync():
    s.sendall(struct.pack("=II", 8, WAIT_FOR_SYNC))
    receive(8)

# The handshake: the client's protocol version (1.1), the server's in reply.
s.sendall(struct.pack("=IIHH", 12, CLIENT_VERSION, 1, 1))
receive(12)

def touch(kind, x, y):
    # Header, touch id, XI event type, then the valuators: has_unaccelerated, an 8-byte mask
    # (valuators 0 and 1), 4 bytes of padding, 64 values and 64 unaccelerated ones.
    values = [x * AXIS_MAX, y * AXIS_MAX] + [0.0] * 62
    body = struct.pack("=II I8s4x64d64d", 1, kind, 0, bytes([0b11, 0, 0, 0, 0, 0, 0, 0]), *values, *([0.0] * 64))
    s.sendall(struct.pack("=II", 8 + len(body), TOUCH) + body)
    sync()

for line in sys.stdin:
    words = line.split()
    if len(words) != 2:
        continue
    x, y = float(words[0]), float(words[1])
    touch(TOUCH_BEGIN, x, y)
    time.sleep(0.08)
    touch(TOUCH_END, x, y)
    print("tapped", x, y, flush=True)
s.close()
