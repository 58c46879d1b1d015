// The console's input devices: libudev (how udev has sorted a device, and its monitor that
// says when it has) and the kernel's evdev interface (linux/input.h: the event codes and the
// ioctls that read a device's capabilities and name), and linux/netlink.h's socket address,
// through which the other listeners of udev's events are found. Only Platform imports it.
#ifndef LUMEN_CINPUTDEVICES_SHIM_H
#define LUMEN_CINPUTDEVICES_SHIM_H
#include <libudev.h>
#include <linux/input.h>
#include <linux/netlink.h>
#include <sys/ioctl.h>

/// EVIOCGBIT(type, bytes): the ioctl reading which codes of event type `type` a device reports
/// (type 0: which types). A function, as Swift does not import the header's macro.
static inline unsigned long lumen_eviocgbit(int type, int bytes) { return EVIOCGBIT(type, bytes); }

/// EVIOCGNAME(bytes): the ioctl reading a device's name.
static inline unsigned long lumen_eviocgname(int bytes) { return EVIOCGNAME(bytes); }

#endif
