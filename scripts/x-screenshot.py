#!/usr/bin/python3
"""What a person sees: the X server's root window (or the window named) as a PNG, read with
python3-xlib, so a frame drawn on the GPU is checked on screen and not only in the renderer.
Usage: scripts/x-screenshot.py OUT.png [WINDOW-NAME-PART [WxH]] (WxH: only a window of that
size, when other windows of the same name may be open)"""
import sys
import zlib, struct
from Xlib import X, display

def find(w, part, size):
    prop = w.get_full_property(d.intern_atom("_NET_WM_NAME"), 0)
    name = prop.value if prop else w.get_wm_name()
    if isinstance(name, bytes): name = name.decode("utf-8", "replace")
    if name and part in name and w.get_attributes().map_state == X.IsViewable:
        g = w.get_geometry()
        if size is None or "%dx%d" % (g.width, g.height) == size: return w
    for c in w.query_tree().children:
        f = find(c, part, size)
        if f: return f
    return None

def png(path, width, height, rgb):
    raw = b"".join(b"\0" + rgb[y * width * 3:(y + 1) * width * 3] for y in range(height))
    def chunk(kind, data): return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))

d = display.Display()
root = d.screen().root
target = find(root, sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else None) if len(sys.argv) > 2 else root
if target is None: sys.exit("x-screenshot: no window named like %r" % sys.argv[2])
g = target.get_geometry()
image = target.get_image(0, 0, g.width, g.height, X.ZPixmap, 0xFFFFFFFF)
data = image.data
rgb = bytearray(g.width * g.height * 3)
rgb[0::3] = data[2::4]; rgb[1::3] = data[1::4]; rgb[2::3] = data[0::4]
png(sys.argv[1], g.width, g.height, bytes(rgb))
print("x-screenshot: %dx%d to %s" % (g.width, g.height, sys.argv[1]))
