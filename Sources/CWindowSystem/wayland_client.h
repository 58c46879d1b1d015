/* libwayland-client's calls the window-system files make, looked up by name (SDL loads the
 * library the same way, so Lumen links none of it), and a bounded wait on an event queue (not
 * part of the module's interface). The headers' inline request helpers would link the library,
 * so requests are made through wl_proxy_marshal_flags, with the opcodes and flags the headers
 * define (WL_SURFACE_FRAME…). */
#ifndef LUMEN_WAYLAND_CLIENT_H
#define LUMEN_WAYLAND_CLIENT_H
#include <stdint.h>
#include <wayland-client-protocol.h>

struct wl_proxy;
struct wl_interface;
struct wl_event_queue;

struct lumen_wl {
    void *lib;
    struct wl_proxy *(*marshal)(struct wl_proxy *, uint32_t, const struct wl_interface *, uint32_t, uint32_t, ...);
    uint32_t (*version)(struct wl_proxy *);
    int (*add_listener)(struct wl_proxy *, void (**)(void), void *);
    void (*destroy)(struct wl_proxy *);
    struct wl_event_queue *(*create_queue)(struct wl_proxy *);
    void (*queue_destroy)(struct wl_event_queue *);
    void *(*create_wrapper)(void *);
    void (*wrapper_destroy)(void *);
    void (*set_queue)(struct wl_proxy *, struct wl_event_queue *);
    int (*prepare_read_queue)(struct wl_proxy *, struct wl_event_queue *);
    int (*dispatch_queue_pending)(struct wl_proxy *, struct wl_event_queue *);
    void (*cancel_read)(struct wl_proxy *);
    int (*read_events)(struct wl_proxy *);
    int (*get_fd)(struct wl_proxy *);
    int (*flush)(struct wl_proxy *);
    const struct wl_interface *callback_interface;
};

/* Opens libwayland-client (dlopen `flags`: RTLD_NOLOAD to use only the one SDL loaded) and
 * looks the calls up; 1 when all are there, else 0 with nothing left open. */
int lumen_wl_load(struct lumen_wl *w, int flags);

void lumen_wl_unload(struct lumen_wl *w);

/* Reads and dispatches `queue` of `display` until *done is set: 0 then, -1 on an error, -2
 * when `limit_ms` passed first (a compositor that took the connection but does not answer, a
 * hidden window that gets no frame callback). */
int lumen_wl_wait(const struct lumen_wl *w, struct wl_proxy *display, struct wl_event_queue *queue, const int *done, int limit_ms);

#endif
