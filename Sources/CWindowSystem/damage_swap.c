/* Swaps of an SDL window's EGL surface on Wayland done by Lumen (see lumen_window_system.h).
 * SDL 2's swap there calls eglSwapBuffers, which damages the whole surface; this one tells the
 * compositor the frame's damage (EGL_KHR_swap_buffers_with_damage, or the EXT one before it)
 * and paces itself as SDL does: before a swap it waits, for a bounded time, for the frame
 * callback the compositor sends once the swap before was shown (SDL sets the EGL swap interval
 * to 0 on Wayland, so EGL itself never waits). The callback is asked for on a queue of its own,
 * through a wrapper of SDL's wl_surface, so SDL's dispatch never sees it. libwayland-client and
 * EGL are looked up in what SDL loaded. */
#define _GNU_SOURCE
#include "lumen_window_system.h"
#include "shared.h"
#include "wayland_client.h"
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <dlfcn.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <EGL/egl.h>


struct lumen_damage_swap {
    struct lumen_wl wl;
    void *egl;
    unsigned (*swap)(void *, void *);
    unsigned (*swap_damage)(void *, void *, const int *, int);   /* NULL: whole frames */
    int (*egl_error)(void);
    void *(*current_display)(void);
    void *(*current_surface)(int);
    struct wl_proxy *display, *surface;   /* SDL's display; a wrapper of its surface on `queue` */
    struct wl_event_queue *queue;
    struct wl_proxy *pending;             /* the frame callback asked for with the last swap */
    int shown;                            /* its answer came: the swap before was shown */
    int *rects;
    int capacity;
};

static void on_frame(void *data, struct wl_proxy *callback, uint32_t time) {
    struct lumen_damage_swap *s = data;
    (void)time;
    s->wl.destroy(callback);
    if (s->pending == callback) {
        s->pending = NULL;
        s->shown = 1;
    }
}
static void (*frame_listener[1])(void) = { (void (*)(void))on_frame };

/* EGL's swaps for the current context's surface; 0 when it has none, or (unless `force`) when
 * its display cannot swap with damage. */
static int load_egl(struct lumen_damage_swap *s, int force) {
    void *l = s->egl;
    void *(*get_proc)(const char *) = (void *(*)(const char *))dlsym(l, "eglGetProcAddress");
    void *(*display)(void) = (void *(*)(void))dlsym(l, "eglGetCurrentDisplay");
    void *(*surface)(int) = (void *(*)(int))dlsym(l, "eglGetCurrentSurface");
    const char *(*query)(void *, int) = (const char *(*)(void *, int))dlsym(l, "eglQueryString");
    s->swap = (unsigned (*)(void *, void *))dlsym(l, "eglSwapBuffers");
    s->egl_error = (int (*)(void))dlsym(l, "eglGetError");
    if (!get_proc || !display || !surface || !query || !s->swap || !s->egl_error) return 0;
    s->current_display = display;
    s->current_surface = surface;
    if (!display() || !surface(EGL_DRAW)) return 0;
    const char *extensions = query(display(), EGL_EXTENSIONS);
    if (lumen_has_word(extensions, "EGL_KHR_swap_buffers_with_damage"))
        s->swap_damage = (unsigned (*)(void *, void *, const int *, int))get_proc("eglSwapBuffersWithDamageKHR");
    else if (lumen_has_word(extensions, "EGL_EXT_swap_buffers_with_damage"))
        s->swap_damage = (unsigned (*)(void *, void *, const int *, int))get_proc("eglSwapBuffersWithDamageEXT");
    return s->swap_damage || force;
}

lumen_damage_swap *lumen_damage_swap_open(void *window, int force) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!window || !SDL_GetWindowWMInfo((SDL_Window *)window, &info) || info.subsystem != SDL_SYSWM_WAYLAND
        || !info.info.wl.display || !info.info.wl.surface) return NULL;
    struct lumen_damage_swap *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->egl = dlopen("libEGL.so.1", RTLD_NOW | RTLD_NOLOAD);
    if (!lumen_wl_load(&s->wl, RTLD_NOW | RTLD_NOLOAD) || !s->egl || !load_egl(s, force)) {
        lumen_damage_swap_close(s);
        return NULL;
    }
    s->display = (struct wl_proxy *)info.info.wl.display;
    s->queue = s->wl.create_queue(s->display);
    s->surface = s->queue ? s->wl.create_wrapper(info.info.wl.surface) : NULL;
    if (!s->surface) {
        lumen_damage_swap_close(s);
        return NULL;
    }
    s->wl.set_queue(s->surface, s->queue);
    return s;
}

int lumen_damage_swap_sends_damage(const lumen_damage_swap *s) { return s && s->swap_damage; }

int lumen_damage_swap_present(lumen_damage_swap *s, const int *rects, int count, int height, int wait_ms, int *egl_error) {
    if (!s) return -1;
    if (wait_ms > 0 && s->pending) lumen_wl_wait(&s->wl, s->display, s->queue, &s->shown, wait_ms);
    /* A callback that never came (a hidden window) is let go; a new one goes with this swap. */
    if (s->pending) s->wl.destroy(s->pending);
    s->shown = 0;
    s->pending = s->wl.marshal(s->surface, WL_SURFACE_FRAME, s->wl.callback_interface, s->wl.version(s->surface), 0, NULL);
    if (s->pending) s->wl.add_listener(s->pending, frame_listener, s);
    void *display = s->current_display(), *surface = s->current_surface(EGL_DRAW);
    unsigned ok;
    if (s->swap_damage && count > 0) {
        if (count > s->capacity) {
            int *grown = realloc(s->rects, sizeof(int) * 4 * (size_t)count);
            if (!grown) return -1;
            s->rects = grown;
            s->capacity = count;
        }
        /* EGL counts rows from the bottom of the surface. */
        for (int i = 0; i < count; i++) {
            const int *r = rects + 4 * i;
            int *e = s->rects + 4 * i;
            e[0] = r[0]; e[1] = height - r[1] - r[3]; e[2] = r[2]; e[3] = r[3];
        }
        ok = s->swap_damage(display, surface, s->rects, count);
    } else {
        ok = s->swap(display, surface);
    }
    s->wl.flush(s->display);
    if (ok) return 0;
    if (egl_error) *egl_error = s->egl_error();
    return -1;
}

void lumen_damage_swap_close(lumen_damage_swap *s) {
    if (!s) return;
    if (s->pending) s->wl.destroy(s->pending);
    if (s->surface) s->wl.wrapper_destroy(s->surface);
    if (s->queue) s->wl.queue_destroy(s->queue);
    if (s->wl.lib) lumen_wl_unload(&s->wl);
    if (s->egl) dlclose(s->egl);
    free(s->rects);
    free(s);
}
