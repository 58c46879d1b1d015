#!/usr/bin/env python3
"""A process's resident memory by kind of mapping, from /proc/PID/smaps, as one JSON line of
kB: "heap" (brk), "anon" (anonymous: malloc's arenas and large blocks, the Swift runtime's,
a driver's own), "anon-exec" (anonymous and executable: code a driver generated), "device"
(mappings of /dev files: a GPU driver's), "memfd" and "shm", each shared library by its file
name, "files" (other files) and "stack". Where a soak's growth lies: take one at two times.
SMAPS_DEVICES=1 names each device file ("device:nvidiactl").
    scripts/smaps-breakdown.py PID"""
import json, os, re, sys

def breakdown(pid):
    kinds, name, perms = {}, None, ""
    head = re.compile(r"^[0-9a-f]+-[0-9a-f]+ (\S+) \S+ \S+ \S+\s*(.*)$")
    for line in open(f"/proc/{pid}/smaps"):
        m = head.match(line)
        if m:
            perms, path = m.group(1), m.group(2).strip()
            if path == "[heap]": name = "heap"
            elif path.startswith("[stack"): name = "stack"
            elif path.startswith("["): name = path.strip("[]")
            elif not path: name = "anon-exec" if "x" in perms else "anon"
            elif path.startswith("/dev/shm") or path.startswith("/SYSV"): name = "shm"
            elif path.startswith("/dev/"): name = "device" + ("" if os.environ.get("SMAPS_DEVICES") is None else ":" + os.path.basename(path))
            elif path.startswith("/memfd:"): name = "memfd"
            elif ".so" in os.path.basename(path): name = os.path.basename(path).split(".so")[0]
            else: name = "files"
        elif line.startswith("Rss:"):
            kinds[name] = kinds.get(name, 0) + int(line.split()[1])
    return kinds

if __name__ == "__main__":
    print(json.dumps(breakdown(sys.argv[1]), sort_keys=True))
