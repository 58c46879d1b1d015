// SDL2 video and events for Lumen's Platform module, with the function-like macros Swift
// cannot import wrapped as static inline functions.
#ifndef LUMEN_CSDL2_SHIM_H
#define LUMEN_CSDL2_SHIM_H
#include <SDL2/SDL.h>
#include <dlfcn.h>

static inline int lumen_windowpos_centered(void) { return SDL_WINDOWPOS_CENTERED; }
static inline int lumen_windowpos_centered_on(int display) { return SDL_WINDOWPOS_CENTERED_DISPLAY(display); }
static inline Uint32 lumen_button_mask(int button) { return SDL_BUTTON(button); }
static inline int lumen_must_lock(SDL_Surface *s) { return SDL_MUSTLOCK(s); }
static inline Uint32 lumen_touch_mouse_id(void) { return SDL_TOUCH_MOUSEID; }
/// The OpenGL renderer string of the current context (GL_RENDERER), e.g. "llvmpipe (LLVM 15…)";
/// NULL without a context. Looked up at run time, so Lumen needs no GL library to link.
static inline const char *lumen_gl_renderer(void) {
    typedef const unsigned char *(*get_string)(unsigned int);
    get_string f = (get_string)SDL_GL_GetProcAddress("glGetString");
    return f ? (const char *)f(0x1F01) : NULL;
}
/// SDL_GL_GetProcAddress as a plain C function pointer for the GPU renderer's loader.
static inline void *lumen_gl_get_proc_address(const char *name) { return SDL_GL_GetProcAddress(name); }
/// Keeps glvnd's dispatch library loaded for the life of the process, if SDL loaded it (GL and
/// EGL through glvnd load it). SDL unloads GL and EGL when its window goes; libGLdispatch's
/// thread-exit destructor then runs from unmapped memory and the process crashes on the way out
/// (seen on Wayland, where even SDL's window surface is drawn through EGL). Loads nothing new.
static inline void lumen_pin_gl_dispatch(void) {
    void *h = dlopen("libGLdispatch.so.0", RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
    if (h) dlclose(h);
}
#endif
