// SDL2 video and events for Lumen's Platform module, with the function-like macros Swift
// cannot import wrapped as static inline functions.
#ifndef LUMEN_CSDL2_SHIM_H
#define LUMEN_CSDL2_SHIM_H
#include <SDL2/SDL.h>

static inline int lumen_windowpos_centered(void) { return SDL_WINDOWPOS_CENTERED; }
static inline Uint32 lumen_button_mask(int button) { return SDL_BUTTON(button); }
static inline int lumen_must_lock(SDL_Surface *s) { return SDL_MUSTLOCK(s); }
static inline Uint32 lumen_touch_mouse_id(void) { return SDL_TOUCH_MOUSEID; }
#endif
