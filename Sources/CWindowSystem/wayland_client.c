#include "wayland_client.h"
#include "shared.h"
#include <dlfcn.h>
#include <poll.h>
#include <string.h>

int lumen_wl_load(struct lumen_wl *w, int flags) {
    memset(w, 0, sizeof *w);
    void *l = dlopen("libwayland-client.so.0", flags);
    if (!l) return 0;
    w->lib = l;
    w->marshal = (struct wl_proxy *(*)(struct wl_proxy *, uint32_t, const struct wl_interface *, uint32_t, uint32_t, ...))dlsym(l, "wl_proxy_marshal_flags");
    w->version = (uint32_t (*)(struct wl_proxy *))dlsym(l, "wl_proxy_get_version");
    w->add_listener = (int (*)(struct wl_proxy *, void (**)(void), void *))dlsym(l, "wl_proxy_add_listener");
    w->destroy = (void (*)(struct wl_proxy *))dlsym(l, "wl_proxy_destroy");
    w->create_queue = (struct wl_event_queue *(*)(struct wl_proxy *))dlsym(l, "wl_display_create_queue");
    w->queue_destroy = (void (*)(struct wl_event_queue *))dlsym(l, "wl_event_queue_destroy");
    w->create_wrapper = (void *(*)(void *))dlsym(l, "wl_proxy_create_wrapper");
    w->wrapper_destroy = (void (*)(void *))dlsym(l, "wl_proxy_wrapper_destroy");
    w->set_queue = (void (*)(struct wl_proxy *, struct wl_event_queue *))dlsym(l, "wl_proxy_set_queue");
    w->prepare_read_queue = (int (*)(struct wl_proxy *, struct wl_event_queue *))dlsym(l, "wl_display_prepare_read_queue");
    w->dispatch_queue_pending = (int (*)(struct wl_proxy *, struct wl_event_queue *))dlsym(l, "wl_display_dispatch_queue_pending");
    w->cancel_read = (void (*)(struct wl_proxy *))dlsym(l, "wl_display_cancel_read");
    w->read_events = (int (*)(struct wl_proxy *))dlsym(l, "wl_display_read_events");
    w->get_fd = (int (*)(struct wl_proxy *))dlsym(l, "wl_display_get_fd");
    w->flush = (int (*)(struct wl_proxy *))dlsym(l, "wl_display_flush");
    w->callback_interface = dlsym(l, "wl_callback_interface");
    if (w->marshal && w->version && w->add_listener && w->destroy && w->create_queue && w->queue_destroy && w->create_wrapper
        && w->wrapper_destroy && w->set_queue && w->prepare_read_queue && w->dispatch_queue_pending && w->cancel_read
        && w->read_events && w->get_fd && w->flush && w->callback_interface) return 1;
    lumen_wl_unload(w);
    return 0;
}

void lumen_wl_unload(struct lumen_wl *w) {
    if (w->lib) dlclose(w->lib);
    memset(w, 0, sizeof *w);
}

int lumen_wl_wait(const struct lumen_wl *w, struct wl_proxy *display, struct wl_event_queue *queue, const int *done, int limit_ms) {
    long deadline = lumen_now_ms() + limit_ms;
    while (!*done) {
        /* Events already queued are dispatched first; else this thread reads the socket. */
        if (w->prepare_read_queue(display, queue) != 0) {
            if (w->dispatch_queue_pending(display, queue) < 0) return -1;
            continue;
        }
        w->flush(display);
        long left = deadline - lumen_now_ms();
        struct pollfd p = { w->get_fd(display), POLLIN, 0 };
        if (left <= 0 || poll(&p, 1, (int)left) <= 0) {
            w->cancel_read(display);
            return -2;
        }
        if (w->read_events(display) < 0 || w->dispatch_queue_pending(display, queue) < 0) return -1;
    }
    return 0;
}
