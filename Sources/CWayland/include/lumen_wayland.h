/* What a Wayland compositor offers, asked before SDL connects: libwayland-client through
 * dlopen (SDL loads it the same way), so Lumen links no Wayland library. */
#ifndef LUMEN_WAYLAND_H
#define LUMEN_WAYLAND_H

/* Whether the compositor at $WAYLAND_DISPLAY announces a global of `interface` (say
 * "zxdg_decoration_manager_v1"): 1 yes, 0 no, -1 when there is no libwayland-client or no
 * compositor to ask. */
int lumen_wayland_has_global(const char *interface);

#endif
