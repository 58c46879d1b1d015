/* The back buffer's age through EGL or GLX (see lumen_window_system.h). The handful of calls
 * are looked up once, in the libraries SDL already loaded (RTLD_NOLOAD: nothing new is loaded;
 * the handle keeps them loaded while the query lives); the extension is checked first, as GLX
 * answers an unknown attribute with an X error. */
#include "lumen_window_system.h"
#include "shared.h"
#include <dlfcn.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/glx.h>
#include <GL/glxext.h>


struct lumen_buffer_age {
    void *lib;
    int source;   /* 1 EGL, 2 GLX */
    /* EGL */
    void *(*egl_display)(void);
    void *(*egl_surface)(int);
    unsigned (*egl_query_surface)(void *, void *, int, int *);
    /* GLX */
    void *(*glx_display)(void);
    unsigned long (*glx_drawable)(void);
    void (*glx_query_drawable)(void *, unsigned long, int, unsigned *);
};

static void *loaded(const char *a, const char *b) {
    void *h = dlopen(a, RTLD_NOW | RTLD_NOLOAD);
    return h ? h : (b ? dlopen(b, RTLD_NOW | RTLD_NOLOAD) : NULL);
}

/* EGL, when the current context is EGL's and its display has EGL_EXT_buffer_age. */
static lumen_buffer_age *open_egl(void) {
    void *lib = loaded("libEGL.so.1", "libEGL.so");
    if (!lib) return NULL;
    void *(*context)(void) = (void *(*)(void))dlsym(lib, "eglGetCurrentContext");
    void *(*display)(void) = (void *(*)(void))dlsym(lib, "eglGetCurrentDisplay");
    const char *(*query_string)(void *, int) = (const char *(*)(void *, int))dlsym(lib, "eglQueryString");
    lumen_buffer_age q = { lib, 1, display, (void *(*)(int))dlsym(lib, "eglGetCurrentSurface"),
                           (unsigned (*)(void *, void *, int, int *))dlsym(lib, "eglQuerySurface"), NULL, NULL, NULL };
    if (context && display && query_string && q.egl_surface && q.egl_query_surface && context() && display()
        && lumen_has_word(query_string(display(), EGL_EXTENSIONS), "EGL_EXT_buffer_age")) {
        lumen_buffer_age *out = malloc(sizeof *out);
        *out = q;
        return out;
    }
    dlclose(lib);
    return NULL;
}

/* GLX, the same for a GLX context. */
static lumen_buffer_age *open_glx(void) {
    void *lib = loaded("libGLX.so.0", "libGL.so.1");
    if (!lib) return NULL;
    void *(*context)(void) = (void *(*)(void))dlsym(lib, "glXGetCurrentContext");
    void *(*display)(void) = (void *(*)(void))dlsym(lib, "glXGetCurrentDisplay");
    int (*query_context)(void *, void *, int, int *) = (int (*)(void *, void *, int, int *))dlsym(lib, "glXQueryContext");
    const char *(*extensions)(void *, int) = (const char *(*)(void *, int))dlsym(lib, "glXQueryExtensionsString");
    lumen_buffer_age q = { lib, 2, NULL, NULL, NULL, display, (unsigned long (*)(void))dlsym(lib, "glXGetCurrentDrawable"),
                           (void (*)(void *, unsigned long, int, unsigned *))dlsym(lib, "glXQueryDrawable") };
    void *c, *d;
    int screen = 0;
    if (context && display && query_context && extensions && q.glx_drawable && q.glx_query_drawable
        && (c = context()) && (d = display()) && query_context(d, c, GLX_SCREEN, &screen) == 0
        && lumen_has_word(extensions(d, screen), "GLX_EXT_buffer_age")) {
        lumen_buffer_age *out = malloc(sizeof *out);
        *out = q;
        return out;
    }
    dlclose(lib);
    return NULL;
}

lumen_buffer_age *lumen_buffer_age_open(void) {
    lumen_buffer_age *q = open_egl();
    return q ? q : open_glx();
}

int lumen_buffer_age_source(const lumen_buffer_age *q) { return q ? q->source : 0; }

int lumen_buffer_age_query(const lumen_buffer_age *q) {
    if (!q) return 0;
    if (q->source == 1) {
        void *d = q->egl_display(), *s = q->egl_surface(EGL_DRAW);
        int v = 0;
        return d && s && q->egl_query_surface(d, s, EGL_BUFFER_AGE_EXT, &v) && v > 0 ? v : 0;
    }
    void *d = q->glx_display();
    unsigned long w = q->glx_drawable();
    unsigned v = 0;
    if (d && w) q->glx_query_drawable(d, w, GLX_BACK_BUFFER_AGE_EXT, &v);
    return (int)v;
}

void lumen_buffer_age_close(lumen_buffer_age *q) {
    if (!q) return;
    dlclose(q->lib);
    free(q);
}
