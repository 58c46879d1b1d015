#!/usr/bin/python3
# Lumen as a screen reader sees it: an AT-SPI client (pyatspi) that finds the application
# named "Lumen" on the accessibility bus, prints its tree and what happened as JSON, and can
# act on it as Orca would. Used by the tests; handy by hand too:
#   scripts/atspi-client.py [--enable] [--click N] [--click-name NAME] [--set-value NAME=V]
#                           [--set-text NAME=TEXT] [--wait-for NAME] [--wait-focus S] [--watch S]
# --enable sets the bus's IsEnabled (what Orca does when it starts), --click N invokes "click"
# on the Nth push button (0-based, tree order), --set-value sets a slider or spin button by
# name through the Value interface, --set-text replaces an entry's text (EditableText), --wait-focus waits up to S seconds for a focus event,
# --wait-for waits (up to --timeout) until the tree has a node named NAME before it reads or acts
# (a control a script opens), --watch listens S seconds for events after the actions. Prints one
# JSON object.
import argparse, json, sys, time
import gi
gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, GLib, Gio
import pyatspi

parser = argparse.ArgumentParser()
parser.add_argument("--enable", action="store_true")
parser.add_argument("--click", type=int, action="append", default=[])
parser.add_argument("--click-name", action="append", default=[])
parser.add_argument("--set-value", action="append", default=[])
parser.add_argument("--set-text", action="append", default=[])
parser.add_argument("--wait-focus", type=float, default=0)
parser.add_argument("--watch", type=float, default=1.0)
parser.add_argument("--timeout", type=float, default=15)
parser.add_argument("--wait-for", action="append", default=[],
                    help="a name the tree must have before anything is read or done (a control a script opens)")
args = parser.parse_args()

if args.enable:
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    bus.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.freedesktop.DBus.Properties", "Set",
                  GLib.Variant("(ssv)", ("org.a11y.Status", "IsEnabled", GLib.Variant("b", True))),
                  None, Gio.DBusCallFlags.NONE, 5000, None)

def find_app():
    desktop = pyatspi.Registry.getDesktop(0)
    for a in desktop:
        if a is not None and a.name == "Lumen" and a.childCount > 0 and a[0].childCount > 0:
            return a
    return None

start = time.time()
app = None
while app is None and time.time() - start < args.timeout:
    app = find_app()
    if app is None:
        time.sleep(0.1)
if app is None:
    print(json.dumps({"error": "no application named Lumen with a tree on the bus"}))
    sys.exit(1)

def describe(o):
    states = o.getState()
    interfaces = pyatspi.utils.listInterfaces(o)
    d = {"role": o.getRoleName(), "name": o.name, "description": o.description, "states": sorted(pyatspi.stateToString(s) for s in states.getStates())}
    if "Component" in interfaces:
        e = o.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        d["extents"] = [e.x, e.y, e.width, e.height]
    if "Action" in interfaces:
        a = o.queryAction()
        d["actions"] = [a.getName(i) for i in range(a.nActions)]
    if "Text" in interfaces:
        t = o.queryText()
        d["text"] = t.getText(0, -1)
    if "Value" in interfaces:
        v = o.queryValue()
        d["value"] = {"text": Atspi.Value.get_text(o), "current": v.currentValue, "minimum": v.minimumValue,
                      "maximum": v.maximumValue, "step": v.minimumIncrement}
    return d

def tree(o, depth=0):
    out = [dict(describe(o), depth=depth)]
    for c in o:
        if c is not None:
            out += tree(c, depth + 1)
    return out

def nodes_with(o, role):
    out = [o] if o.getRoleName() == role else []
    for c in o:
        if c is not None:
            out += nodes_with(c, role)
    return out

def by_name(o, name):
    if o.name == name:
        return o
    for c in o:
        if c is not None:
            f = by_name(c, name)
            if f is not None:
                return f
    return None

events = []
def listener(e):
    # The source of a defunct event cannot be asked anything any more.
    try:
        source, role = (e.source.name, e.source.getRoleName()) if e.source else (None, None)
    except Exception:
        source, role = None, None
    events.append({"type": e.type, "source": source, "role": role, "detail1": e.detail1, "t": round(time.time() - start, 3)})
for kind in ["object:property-change:accessible-value", "object:property-change:accessible-name", "focus:",
             "object:state-changed:focused", "object:children-changed", "object:state-changed:defunct",
             "object:selection-changed", "object:state-changed:selected", "object:text-changed"]:
    pyatspi.Registry.registerEventListener(listener, kind)

def spin(seconds, until=None):
    loop = GLib.MainLoop()
    def check():
        if until is not None and until():
            loop.quit()
            return False
        return True
    GLib.timeout_add(50, check)
    GLib.timeout_add(int(seconds * 1000), loop.quit)
    loop.run()

def has_names():
    return all(by_name(app, name) is not None for name in args.wait_for)
if args.wait_for:
    spin(args.timeout, has_names)
    if not has_names():
        print(json.dumps({"error": "no node named " + ", ".join(args.wait_for) + " within %g s" % args.timeout}))
        sys.exit(1)

result = {"application": {"name": app.name, "role": app.getRoleName()}, "before": tree(app)}
frame = app[0]
for n in args.click:
    buttons = nodes_with(frame, "push button")
    buttons[n].queryAction().doAction(0)
for name in args.click_name:
    by_name(frame, name).queryAction().doAction(0)
for pair in args.set_value:
    name, value = pair.split("=", 1)
    node = by_name(frame, name)
    node.queryValue().currentValue = float(value)
for pair in args.set_text:
    name, text = pair.split("=", 1)
    by_name(frame, name).queryEditableText().setTextContents(text)
if args.wait_focus:
    spin(args.wait_focus, lambda: any(e["type"].startswith("focus") for e in events))
spin(args.watch)
result["events"] = events
result["after"] = tree(app)
print(json.dumps(result))
