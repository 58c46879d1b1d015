/* What the window system can tell beyond SDL: asked through libraries loaded at run time
 * (dlopen; SDL loads them the same way), so Lumen links none of them. */
#ifndef LUMEN_WINDOW_SYSTEM_H
#define LUMEN_WINDOW_SYSTEM_H

/* Which of `count` interfaces (say "zxdg_decoration_manager_v1") the compositor at
 * $WAYLAND_DISPLAY announces as globals, in one round trip: found[i] 1 or 0. Returns 0, -1
 * (found all 0) when there is no libwayland-client or no compositor to ask, or -2 when the
 * compositor took the connection but did not answer within 2 s. */
int lumen_wayland_has_globals(const char *const *interfaces, int count, int *found);

/* Who can tell the age of the back buffer of the current GL context's window surface:
 * EGL_EXT_buffer_age (EGL: Wayland, KMS) or GLX_EXT_buffer_age (X11), looked up once with the
 * context current; NULL when neither can. */
typedef struct lumen_buffer_age lumen_buffer_age;
lumen_buffer_age *lumen_buffer_age_open(void);

/* 1 EGL, 2 GLX, 0 none (a NULL query). */
int lumen_buffer_age_source(const lumen_buffer_age *q);

/* The back buffer's age now: n ≥ 1 when it holds the frame shown n frames ago, 0 when its
 * contents are unknown. Call with the context current, before drawing the frame. */
int lumen_buffer_age_query(const lumen_buffer_age *q);

void lumen_buffer_age_close(lumen_buffer_age *q);

/* Swaps of an SDL window's EGL surface on Wayland done by Lumen, not SDL: the compositor is
 * told the frame's damage (EGL_KHR/EXT_swap_buffers_with_damage; SDL 2's swap damages the
 * whole surface), and swaps are paced as SDL paces them, by the compositor's frame callback. */
typedef struct lumen_damage_swap lumen_damage_swap;

/* For `window` on SDL's Wayland driver, its GL context current, where EGL swaps with damage;
 * with `force` (a test) also where it cannot, swapping whole frames. NULL elsewhere. */
lumen_damage_swap *lumen_damage_swap_open(void *window, int force);

/* 1 when the swaps tell the damage, 0 when they swap whole frames (forced). */
int lumen_damage_swap_sends_damage(const lumen_damage_swap *s);

/* Waits up to `wait_ms` (0: not at all) for the compositor to have shown the swap before,
 * then swaps, `count` rectangles (x, y, width, height in pixels from the top left of a surface
 * `height` pixels high) damaged; none: the whole surface. Returns 0, or -1 when EGL would not
 * swap (its error in *egl_error). */
int lumen_damage_swap_present(lumen_damage_swap *s, const int *rects, int count, int height, int wait_ms, int *egl_error);

void lumen_damage_swap_close(lumen_damage_swap *s);

/* Shared-memory buffers for a Wayland surface SDL made (a window with no GL on it): frames
 * handed to the compositor as wl_shm buffers, with only their damage, as X11's shared memory
 * path does. Up to six buffers, each reused once the compositor releases it. */
typedef struct lumen_shm_surface lumen_shm_surface;

/* For SDL's wl_display and the window's wl_surface; NULL without libwayland-client or wl_shm. */
lumen_shm_surface *lumen_shm_open(void *display, void *surface);

/* The same for an SDL_Window on SDL's Wayland driver (NULL on any other). */
lumen_shm_surface *lumen_shm_open_window(void *window);

/* A buffer of width × height XRGB8888 pixels (stride width × 4) the compositor does not hold,
 * and in *age the frames since it was last shown (0: new, its contents unknown); NULL when none
 * can be had. Resizing drops the old buffers. */
unsigned int *lumen_shm_acquire(lumen_shm_surface *s, int width, int height, int *age);

/* Shows the buffer last acquired, `count` rectangles (x, y, width, height in buffer pixels)
 * damaged. */
void lumen_shm_present(lumen_shm_surface *s, const int *rects, int count);

/* The error that ended the Wayland connection of an SDL window (an errno value: EPIPE when
 * the compositor went away), or 0 while it holds (and on any other driver). */
int lumen_wayland_display_error(void *window);

/* Its buffers and pool go; the surface stays SDL's. */
void lumen_shm_close(lumen_shm_surface *s);

/* A connection of Lumen's own to the X server `display` (NULL: $DISPLAY) through libxcb, held
 * while SDL is closed and opened again, so that a server whose only client is Lumen does not
 * reset in between. NULL without libxcb or a server to connect to. */
typedef struct lumen_x11_hold lumen_x11_hold;
lumen_x11_hold *lumen_x11_hold_open(const char *display);
void lumen_x11_hold_close(lumen_x11_hold *h);

/* Switches the display of `window` (an SDL_Window) off (on = 0) for power saving, or on again:
 * DPMS on X11, the wlr output power management protocol on Wayland (every output), the DPMS
 * property of each connector in use on KMS. Returns 1 when done, 0 when this window system or
 * server cannot, -1 when it refused; *how names the means, or why not, in words. */
int lumen_display_power(void *window, int on, const char **how);

/* On X11: maps every direct-touch device onto the RandR output `window` (an SDL_Window) is on,
 * turned as that output is (the devices' Coordinate Transformation Matrix). Returns how many
 * devices were mapped (0: none), -1 when the window is not on X11 or the libraries are missing;
 * `output` gets the output's name, `*rotation` RandR's rotation (1 normal, 2 left, 4 inverted,
 * 8 right). */
int lumen_x11_map_touch(void *window, char *output, int output_size, int *rotation);

#endif
