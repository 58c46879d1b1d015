/* What the window system can tell beyond SDL: asked through libraries loaded at run time
 * (dlopen; SDL loads them the same way), so Lumen links none of them. */
#ifndef LUMEN_WINDOW_SYSTEM_H
#define LUMEN_WINDOW_SYSTEM_H

/* Whether the compositor at $WAYLAND_DISPLAY announces a global of `interface` (say
 * "zxdg_decoration_manager_v1"): 1 yes, 0 no, -1 when there is no libwayland-client or no
 * compositor to ask. */
int lumen_wayland_has_global(const char *interface);

/* The age of the back buffer of the current GL context's window surface, as
 * EGL_EXT_buffer_age (EGL: Wayland, KMS) or GLX_EXT_buffer_age (X11) tells it: n ≥ 1 when it
 * holds the frame shown n frames ago, 0 when its contents are unknown or nothing can tell.
 * Call with the context current, before drawing the frame. */
int lumen_gl_buffer_age(void);

/* Whether the current context's surface can tell its buffer age at all (the extension is
 * there): 1 EGL, 2 GLX, 0 neither. */
int lumen_gl_buffer_age_source(void);

#endif
