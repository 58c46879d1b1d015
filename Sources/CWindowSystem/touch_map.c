/* An X server's touchscreens mapped onto the RandR output a window is on, turned as that output
 * is turned: each direct-touch device's "Coordinate Transformation Matrix", as `xinput
 * map-to-output` sets it. Without it the X server spreads a touchscreen over the whole screen,
 * unturned, so on an output turned with xrandr (or one of two monitors) a touch lands elsewhere
 * than the finger. libXrandr and libXi are opened at run time, as SDL opens them. */
#include "lumen_window_system.h"
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <X11/Xlib.h>
#include <X11/extensions/XInput2.h>
#include <X11/extensions/Xrandr.h>
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

struct x11_calls {
    XRRScreenResources *(*resources)(Display *, Window);
    void (*free_resources)(XRRScreenResources *);
    XRRCrtcInfo *(*crtc)(Display *, XRRScreenResources *, RRCrtc);
    void (*free_crtc)(XRRCrtcInfo *);
    XRROutputInfo *(*output)(Display *, XRRScreenResources *, RROutput);
    void (*free_output)(XRROutputInfo *);
    XIDeviceInfo *(*devices)(Display *, int, int *);
    void (*free_devices)(XIDeviceInfo *);
    void (*change)(Display *, int, Atom, Atom, int, int, const unsigned char *, int);
    Atom (*atom)(Display *, const char *, Bool);
    Bool (*translate)(Display *, Window, Window, int, int, int *, int *, Window *);
    Status (*attributes)(Display *, Window, XWindowAttributes *);
    int (*sync)(Display *, Bool);
};

/* The matrix taking a touchscreen's own coordinates (0…1 across its glass) to the screen's
 * (0…1 across the whole X screen), for an output at (x, y) of size (w, h) in screen fractions,
 * turned by `rotation` (RandR's: RR_Rotate_90 is xrandr's "left", the picture turned counter-
 * clockwise on the glass, so the glass's top-left shows the screen's top-right). */
static void matrix_for(double x, double y, double w, double h, Rotation rotation, float m[9]) {
    float r[9] = { (float)w, 0, (float)x, 0, (float)h, (float)y, 0, 0, 1 };
    switch (rotation & 0xf) {
    case RR_Rotate_90:  r[0] = 0; r[1] = (float)-w; r[2] = (float)(x + w); r[3] = (float)h; r[4] = 0; r[5] = (float)y; break;
    case RR_Rotate_180: r[0] = (float)-w; r[2] = (float)(x + w); r[4] = (float)-h; r[5] = (float)(y + h); break;
    case RR_Rotate_270: r[0] = 0; r[1] = (float)w; r[2] = (float)x; r[3] = (float)-h; r[4] = 0; r[5] = (float)(y + h); break;
    default: break;
    }
    memcpy(m, r, sizeof r);
}

/* The CRTC showing the point (px, py) of the screen, with one of its outputs' names. */
static XRRCrtcInfo *crtc_at(const struct x11_calls *c, Display *d, XRRScreenResources *res, int px, int py,
                            char *name, int name_size) {
    for (int i = 0; i < res->ncrtc; i++) {
        XRRCrtcInfo *info = c->crtc(d, res, res->crtcs[i]);
        if (!info) continue;
        if (info->mode != None && info->noutput > 0 && px >= info->x && py >= info->y
            && px < info->x + (int)info->width && py < info->y + (int)info->height) {
            XRROutputInfo *o = c->output(d, res, info->outputs[0]);
            snprintf(name, (size_t)name_size, "%s", o ? o->name : "?");
            if (o) c->free_output(o);
            return info;
        }
        c->free_crtc(info);
    }
    return NULL;
}

/* Sets the matrix on every slave pointer with a direct-touch class; how many. */
static int map_devices(const struct x11_calls *c, Display *d, const float m[9]) {
    int count = 0, n = 0;
    XIDeviceInfo *all = c->devices(d, XIAllDevices, &n);
    if (!all) return 0;
    Atom property = c->atom(d, "Coordinate Transformation Matrix", False), type = c->atom(d, "FLOAT", False);
    for (int i = 0; i < n; i++) {
        if (all[i].use != XISlavePointer) continue;
        for (int k = 0; k < all[i].num_classes; k++) {
            XIAnyClassInfo *cls = all[i].classes[k];
            if (cls->type != XITouchClass || ((XITouchClassInfo *)cls)->mode != XIDirectTouch) continue;
            /* XIChangeProperty takes format 32 as 32-bit items (XChangeProperty would take longs). */
            c->change(d, all[i].deviceid, property, type, 32, PropModeReplace, (const unsigned char *)m, 9);
            count += 1;
            break;
        }
    }
    c->free_devices(all);
    return count;
}

static int open_calls(struct x11_calls *c, void **randr, void **xi, void **x11) {
    *randr = dlopen("libXrandr.so.2", RTLD_NOW | RTLD_LOCAL);
    *xi = dlopen("libXi.so.6", RTLD_NOW | RTLD_LOCAL);
    *x11 = dlopen("libX11.so.6", RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
    if (!*randr || !*xi || !*x11) return 0;
    c->resources = (XRRScreenResources * (*)(Display *, Window)) dlsym(*randr, "XRRGetScreenResourcesCurrent");
    c->free_resources = (void (*)(XRRScreenResources *))dlsym(*randr, "XRRFreeScreenResources");
    c->crtc = (XRRCrtcInfo * (*)(Display *, XRRScreenResources *, RRCrtc)) dlsym(*randr, "XRRGetCrtcInfo");
    c->free_crtc = (void (*)(XRRCrtcInfo *))dlsym(*randr, "XRRFreeCrtcInfo");
    c->output = (XRROutputInfo * (*)(Display *, XRRScreenResources *, RROutput)) dlsym(*randr, "XRRGetOutputInfo");
    c->free_output = (void (*)(XRROutputInfo *))dlsym(*randr, "XRRFreeOutputInfo");
    c->devices = (XIDeviceInfo * (*)(Display *, int, int *)) dlsym(*xi, "XIQueryDevice");
    c->free_devices = (void (*)(XIDeviceInfo *))dlsym(*xi, "XIFreeDeviceInfo");
    c->change = (void (*)(Display *, int, Atom, Atom, int, int, const unsigned char *, int))dlsym(*xi, "XIChangeProperty");
    c->atom = (Atom(*)(Display *, const char *, Bool))dlsym(*x11, "XInternAtom");
    c->translate = (Bool(*)(Display *, Window, Window, int, int, int *, int *, Window *))dlsym(*x11, "XTranslateCoordinates");
    c->attributes = (Status(*)(Display *, Window, XWindowAttributes *))dlsym(*x11, "XGetWindowAttributes");
    c->sync = (int (*)(Display *, Bool))dlsym(*x11, "XSync");
    return c->resources && c->free_resources && c->crtc && c->free_crtc && c->output && c->free_output && c->devices
        && c->free_devices && c->change && c->atom && c->translate && c->attributes && c->sync;
}

int lumen_x11_map_touch(void *window, char *output, int output_size, int *rotation) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!window || !SDL_GetWindowWMInfo((SDL_Window *)window, &info) || info.subsystem != SDL_SYSWM_X11) return -1;
    struct x11_calls c;
    void *randr, *xi, *x11;
    int result = -1;
    Display *d = info.info.x11.display;
    if (open_calls(&c, &randr, &xi, &x11)) {
        XWindowAttributes a;
        int cx = 0, cy = 0;
        Window child;
        c.attributes(d, info.info.x11.window, &a);
        c.translate(d, info.info.x11.window, a.root, a.width / 2, a.height / 2, &cx, &cy, &child);
        XRRScreenResources *res = c.resources(d, a.root);
        XRRCrtcInfo *crtc = res ? crtc_at(&c, d, res, cx, cy, output, output_size) : NULL;
        if (crtc) {
            double sw = WidthOfScreen(a.screen), sh = HeightOfScreen(a.screen);
            float m[9];
            matrix_for(crtc->x / sw, crtc->y / sh, crtc->width / sw, crtc->height / sh, crtc->rotation, m);
            *rotation = crtc->rotation & 0xf;
            result = map_devices(&c, d, m);
            c.sync(d, False);
            c.free_crtc(crtc);
        }
        if (res) c.free_resources(res);
    }
    if (randr) dlclose(randr);
    if (xi) dlclose(xi);
    if (x11) dlclose(x11);
    return result;
}
