// Cairo, pixman, Pango (through pangocairo) and fontconfig for Lumen's Render module.
#ifndef LUMEN_CCAIRO_SHIM_H
#define LUMEN_CCAIRO_SHIM_H
#include <cairo.h>
#include <pixman.h>
#include <pango/pangocairo.h>
#include <fontconfig/fontconfig.h>

/// PANGO_SCALE is a macro; Swift sees it through this.
static inline int lumen_pango_scale(void) { return PANGO_SCALE; }
#endif
