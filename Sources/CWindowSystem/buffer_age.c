/* The back buffer's age through EGL or GLX (see lumen_window_system.h). The handful of calls
 * are looked up in the libraries SDL already loaded (RTLD_NOLOAD: nothing new is loaded); the
 * extension is checked first, as GLX answers an unknown attribute with an X error. */
#include "lumen_window_system.h"
#include <dlfcn.h>
#include <stddef.h>
#include <string.h>

#define EGL_EXTENSIONS 0x3055
#define EGL_DRAW 0x3059
#define EGL_BUFFER_AGE_EXT 0x313D
#define GLX_SCREEN 0x800C
#define GLX_BACK_BUFFER_AGE_EXT 0x20F4

static int has_word(const char *list, const char *word) {
    size_t n = strlen(word);
    for (const char *p = list; p && (p = strstr(p, word)); p += n)
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0')) return 1;
    return 0;
}

static void *loaded(const char *a, const char *b) {
    void *h = dlopen(a, RTLD_NOW | RTLD_NOLOAD);
    return h ? h : (b ? dlopen(b, RTLD_NOW | RTLD_NOLOAD) : NULL);
}

/* EGL: 1 and the age in *age, or 0 when the current context is not EGL's or cannot tell. */
static int egl_age(int *age) {
    void *lib = loaded("libEGL.so.1", "libEGL.so");
    if (!lib) return 0;
    void *(*context)(void) = (void *(*)(void))dlsym(lib, "eglGetCurrentContext");
    void *(*display)(void) = (void *(*)(void))dlsym(lib, "eglGetCurrentDisplay");
    void *(*surface)(int) = (void *(*)(int))dlsym(lib, "eglGetCurrentSurface");
    const char *(*query_string)(void *, int) = (const char *(*)(void *, int))dlsym(lib, "eglQueryString");
    unsigned (*query_surface)(void *, void *, int, int *) = (unsigned (*)(void *, void *, int, int *))dlsym(lib, "eglQuerySurface");
    int ok = 0;
    if (context && display && surface && query_string && query_surface && context()) {
        void *d = display(), *s = surface(EGL_DRAW);
        if (d && s && has_word(query_string(d, EGL_EXTENSIONS), "EGL_EXT_buffer_age")) {
            int v = 0;
            if (query_surface(d, s, EGL_BUFFER_AGE_EXT, &v)) { *age = v; ok = 1; }
        }
    }
    dlclose(lib);
    return ok;
}

/* GLX: the same for a GLX context. */
static int glx_age(int *age) {
    void *lib = loaded("libGLX.so.0", "libGL.so.1");
    if (!lib) return 0;
    void *(*context)(void) = (void *(*)(void))dlsym(lib, "glXGetCurrentContext");
    void *(*display)(void) = (void *(*)(void))dlsym(lib, "glXGetCurrentDisplay");
    unsigned long (*drawable)(void) = (unsigned long (*)(void))dlsym(lib, "glXGetCurrentDrawable");
    int (*query_context)(void *, void *, int, int *) = (int (*)(void *, void *, int, int *))dlsym(lib, "glXQueryContext");
    const char *(*extensions)(void *, int) = (const char *(*)(void *, int))dlsym(lib, "glXQueryExtensionsString");
    void (*query_drawable)(void *, unsigned long, int, unsigned *) = (void (*)(void *, unsigned long, int, unsigned *))dlsym(lib, "glXQueryDrawable");
    int ok = 0;
    void *c;
    if (context && display && drawable && query_context && extensions && query_drawable && (c = context())) {
        void *d = display();
        unsigned long w = drawable();
        int screen = 0;
        if (d && w && query_context(d, c, GLX_SCREEN, &screen) == 0 && has_word(extensions(d, screen), "GLX_EXT_buffer_age")) {
            unsigned v = 0;
            query_drawable(d, w, GLX_BACK_BUFFER_AGE_EXT, &v);
            *age = (int)v;
            ok = 1;
        }
    }
    dlclose(lib);
    return ok;
}

int lumen_gl_buffer_age(void) {
    int age = 0;
    if (egl_age(&age) || glx_age(&age)) return age < 0 ? 0 : age;
    return 0;
}

int lumen_gl_buffer_age_source(void) {
    int age;
    if (egl_age(&age)) return 1;
    if (glx_age(&age)) return 2;
    return 0;
}
