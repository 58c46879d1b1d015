// What the codecs share: error lines, the finishing step (colour to sRGB with Little CMS,
// premultiplied ARGB32 packing) and the size guard. Internal to CImageCodecs.
#ifndef LUMEN_CODEC_COMMON_H
#define LUMEN_CODEC_COMMON_H
#include "image_codecs.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// Writes a one-line reason into `error` and returns -1.
int lumen_fail(char *error, const char *format, ...);

/// Whether w × h is a size a decoder may allocate (positive, within LUMEN_CODEC_MAX_PIXELS).
int lumen_size_ok(int64_t width, int64_t height);

/// A new w×h RGBA buffer (4 bytes a pixel), or NULL.
uint8_t *lumen_alloc_rgba(int64_t width, int64_t height);

/// Turns straight R,G,B,A bytes in place into premultiplied ARGB32 in sRGB: converted from
/// `icc` (an RGB or gray ICC profile) when one is given and usable, else taken as sRGB. The
/// buffer becomes `image->pixels`. Returns 0, or -1 with the reason.
int lumen_finish_rgba(uint8_t *rgba, int32_t width, int32_t height, const uint8_t *icc, size_t icc_size,
                      int32_t orientation, lumen_image *image, char *error);

/// Same, from an already opened Little CMS profile (which it closes).
int lumen_finish_rgba_profile(uint8_t *rgba, int32_t width, int32_t height, void *profile,
                              int32_t orientation, lumen_image *image, char *error);
#endif
