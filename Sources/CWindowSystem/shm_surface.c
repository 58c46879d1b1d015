/* wl_shm buffers for a wl_surface of SDL's (see lumen_window_system.h). libwayland-client is
 * looked up by name (SDL loaded it); requests go through wl_proxy_marshal_flags with the
 * opcodes its headers define (the inline helpers would link the library). Everything runs on
 * the thread SDL pumps events on: buffer releases arrive through SDL's own dispatch. */
#define _GNU_SOURCE
#include "lumen_window_system.h"
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <dlfcn.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-client-protocol.h>

struct wl_proxy;
struct wl_interface;

#define MAX_BUFFERS 6

typedef struct wl_proxy *(*marshal_fn)(struct wl_proxy *, uint32_t, const struct wl_interface *, uint32_t, uint32_t, ...);

struct slot {
    struct wl_proxy *buffer;
    uint32_t *pixels;
    size_t bytes;
    int busy;
    unsigned long shown;   /* the frame it was last shown in; 0 never */
    struct lumen_shm_surface *owner;
};

struct lumen_shm_surface {
    void *lib;
    marshal_fn marshal;
    uint32_t (*version)(struct wl_proxy *);
    int (*add_listener)(struct wl_proxy *, void (**)(void), void *);
    void (*destroy)(struct wl_proxy *);
    int (*roundtrip)(struct wl_proxy *);
    int (*flush)(struct wl_proxy *);
    const struct wl_interface *shm_interface, *pool_interface, *buffer_interface;
    struct wl_proxy *display, *surface, *shm;
    int width, height;
    struct slot slots[MAX_BUFFERS];
    struct slot *current;
    unsigned long frame;
};

struct search { struct lumen_shm_surface *s; struct wl_proxy *registry; };

static void on_global(void *data, struct wl_proxy *registry, uint32_t name, const char *interface, uint32_t version) {
    struct search *q = data;
    (void)version;
    if (!q->s->shm && interface && strcmp(interface, "wl_shm") == 0)
        q->s->shm = q->s->marshal(registry, WL_REGISTRY_BIND, q->s->shm_interface, 1, 0, name, "wl_shm", 1, NULL);
}
static void on_global_remove(void *data, struct wl_proxy *registry, uint32_t name) { (void)data; (void)registry; (void)name; }
static void (*registry_listener[2])(void) = { (void (*)(void))on_global, (void (*)(void))on_global_remove };

static void on_release(void *data, struct wl_proxy *buffer) { (void)buffer; ((struct slot *)data)->busy = 0; }
static void (*buffer_listener[1])(void) = { (void (*)(void))on_release };

lumen_shm_surface *lumen_shm_open(void *display, void *surface) {
    if (!display || !surface) return NULL;
    void *lib = dlopen("libwayland-client.so.0", RTLD_NOW | RTLD_NOLOAD);
    if (!lib) return NULL;
    struct lumen_shm_surface *s = calloc(1, sizeof *s);
    s->lib = lib;
    s->marshal = (marshal_fn)dlsym(lib, "wl_proxy_marshal_flags");
    s->version = (uint32_t (*)(struct wl_proxy *))dlsym(lib, "wl_proxy_get_version");
    s->add_listener = (int (*)(struct wl_proxy *, void (**)(void), void *))dlsym(lib, "wl_proxy_add_listener");
    s->destroy = (void (*)(struct wl_proxy *))dlsym(lib, "wl_proxy_destroy");
    s->roundtrip = (int (*)(struct wl_proxy *))dlsym(lib, "wl_display_roundtrip");
    s->flush = (int (*)(struct wl_proxy *))dlsym(lib, "wl_display_flush");
    const struct wl_interface *registry_interface = dlsym(lib, "wl_registry_interface");
    s->shm_interface = dlsym(lib, "wl_shm_interface");
    s->pool_interface = dlsym(lib, "wl_shm_pool_interface");
    s->buffer_interface = dlsym(lib, "wl_buffer_interface");
    s->display = display;
    s->surface = surface;
    if (s->marshal && s->version && s->add_listener && s->destroy && s->roundtrip && s->flush && registry_interface
        && s->shm_interface && s->pool_interface && s->buffer_interface) {
        struct wl_proxy *registry = s->marshal(s->display, WL_DISPLAY_GET_REGISTRY, registry_interface, s->version(s->display), 0, NULL);
        struct search q = { s, registry };
        if (registry && s->add_listener(registry, registry_listener, &q) == 0) s->roundtrip(s->display);
        if (registry) s->destroy(registry);
    }
    if (!s->shm) { dlclose(lib); free(s); return NULL; }
    return s;
}

static void drop(struct lumen_shm_surface *s, struct slot *b) {
    if (b->buffer) s->marshal(b->buffer, WL_BUFFER_DESTROY, NULL, s->version(b->buffer), WL_MARSHAL_FLAG_DESTROY);
    if (b->pixels) munmap(b->pixels, b->bytes);
    memset(b, 0, sizeof *b);
}

static int make(struct lumen_shm_surface *s, struct slot *b) {
    size_t bytes = (size_t)s->width * (size_t)s->height * 4;
    int fd = memfd_create("lumen-frame", MFD_CLOEXEC);
    if (fd < 0) return 0;
    if (ftruncate(fd, (off_t)bytes) != 0) { close(fd); return 0; }
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (p == MAP_FAILED) { close(fd); return 0; }
    struct wl_proxy *pool = s->marshal(s->shm, WL_SHM_CREATE_POOL, s->pool_interface, s->version(s->shm), 0, NULL, fd, (int32_t)bytes);
    struct wl_proxy *buffer = pool ? s->marshal(pool, WL_SHM_POOL_CREATE_BUFFER, s->buffer_interface, s->version(pool), 0, NULL,
                                                0, s->width, s->height, s->width * 4, WL_SHM_FORMAT_XRGB8888) : NULL;
    if (pool) s->marshal(pool, WL_SHM_POOL_DESTROY, NULL, s->version(pool), WL_MARSHAL_FLAG_DESTROY);
    close(fd);
    if (!buffer) { munmap(p, bytes); return 0; }
    b->buffer = buffer; b->pixels = p; b->bytes = bytes; b->busy = 0; b->shown = 0; b->owner = s;
    s->add_listener(buffer, buffer_listener, b);
    return 1;
}

unsigned int *lumen_shm_acquire(lumen_shm_surface *s, int width, int height, int *age) {
    if (!s || width <= 0 || height <= 0) return NULL;
    if (width != s->width || height != s->height) {
        for (int i = 0; i < MAX_BUFFERS; i++) drop(s, &s->slots[i]);
        s->width = width; s->height = height;
    }
    for (int attempt = 0; attempt < 2; attempt++) {
        struct slot *free_slot = NULL, *empty = NULL;
        for (int i = 0; i < MAX_BUFFERS; i++) {
            struct slot *b = &s->slots[i];
            if (!b->buffer) { if (!empty) empty = b; continue; }
            /* The least recently shown free buffer: it has been released longest. */
            if (!b->busy && (!free_slot || b->shown < free_slot->shown)) free_slot = b;
        }
        if (!free_slot && empty && make(s, empty)) free_slot = empty;
        if (free_slot) {
            s->current = free_slot;
            *age = free_slot->shown ? (int)(s->frame + 1 - free_slot->shown) : 0;
            return free_slot->pixels;
        }
        /* Every buffer is held: let the compositor's releases in, once. */
        s->roundtrip(s->display);
    }
    return NULL;
}

void lumen_shm_present(lumen_shm_surface *s, const int *rects, int count) {
    if (!s || !s->current) return;
    struct slot *b = s->current;
    s->marshal(s->surface, WL_SURFACE_ATTACH, NULL, s->version(s->surface), 0, b->buffer, 0, 0);
    int damageBuffer = s->version(s->surface) >= WL_SURFACE_DAMAGE_BUFFER_SINCE_VERSION;
    for (int i = 0; i < count; i++) {
        const int *r = rects + 4 * i;
        if (damageBuffer) s->marshal(s->surface, WL_SURFACE_DAMAGE_BUFFER, NULL, s->version(s->surface), 0, r[0], r[1], r[2], r[3]);
    }
    /* Without damage_buffer (a surface older than version 4) the whole surface is damaged. */
    if (!damageBuffer) s->marshal(s->surface, WL_SURFACE_DAMAGE, NULL, s->version(s->surface), 0, 0, 0, INT32_MAX, INT32_MAX);
    s->marshal(s->surface, WL_SURFACE_COMMIT, NULL, s->version(s->surface), 0);
    s->flush(s->display);
    s->frame += 1;
    b->busy = 1;
    b->shown = s->frame;
    s->current = NULL;
}

void lumen_shm_close(lumen_shm_surface *s) {
    if (!s) return;
    for (int i = 0; i < MAX_BUFFERS; i++) drop(s, &s->slots[i]);
    if (s->shm) s->destroy(s->shm);
    dlclose(s->lib);
    free(s);
}

lumen_shm_surface *lumen_shm_open_window(void *window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!window || !SDL_GetWindowWMInfo((SDL_Window *)window, &info) || info.subsystem != SDL_SYSWM_WAYLAND) return NULL;
    return lumen_shm_open(info.info.wl.display, info.info.wl.surface);
}

int lumen_wayland_display_error(void *window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!window || !SDL_GetWindowWMInfo((SDL_Window *)window, &info) || info.subsystem != SDL_SYSWM_WAYLAND || !info.info.wl.display) return 0;
    void *lib = dlopen("libwayland-client.so.0", RTLD_NOW | RTLD_NOLOAD);
    if (!lib) return 0;
    int (*get_error)(void *) = (int (*)(void *))dlsym(lib, "wl_display_get_error");
    int e = get_error ? get_error(info.info.wl.display) : 0;
    dlclose(lib);
    return e;
}
