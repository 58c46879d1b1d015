// What the codecs share: error lines, the finishing step (colour to sRGB with Little CMS,
// premultiplied ARGB32 packing), the size guard and the PNG chunk walk the decoder and the
// thumbnail reader both run first. Internal to CImageCodecs.
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

/// The declared length of the first PNG chunk other than IDAT that runs past the end of the
/// data (its type in `type`, 5 bytes), or 0. libpng 1.6.39 only warns that an ancillary chunk
/// is over its chunk limit, then allocates its declared length all the same (an 86-byte file's
/// eXIf asked for 1.77 GB, a thumbnail's tEXt for 1.19 GB); IDAT is read in small parts.
uint32_t lumen_png_chunk_overrun(const uint8_t *data, size_t size, char type[5]);

/// A new w×h RGBA buffer (4 bytes a pixel), or NULL.
uint8_t *lumen_alloc_rgba(int64_t width, int64_t height);

/// Turns straight R,G,B,A bytes in place into premultiplied ARGB32 in sRGB: converted from
/// `icc` (an RGB or gray ICC profile) when one is given and usable, else taken as sRGB. The
/// buffer becomes `image->pixels`. Returns 0, or -1 with the reason.
int lumen_finish_rgba(uint8_t *rgba, int32_t width, int32_t height, const uint8_t *icc, size_t icc_size,
                      int32_t orientation, lumen_image *image, char *error);

/// An embedded ICC profile opened by Little CMS (its complaints silenced), or NULL when there is
/// none or it is unusable; the caller closes it (or hands it to a call that does).
void *lumen_open_profile(const uint8_t *icc, size_t icc_size);

/// Same, from an already opened Little CMS profile (which it closes).
int lumen_finish_rgba_profile(uint8_t *rgba, int32_t width, int32_t height, void *profile,
                              int32_t orientation, lumen_image *image, char *error);
/// The most bytes of decoded pixels a codec holds at once beyond its output: a picture whose
/// straight RGBA would be larger is decoded in rows or bands into a scaled one (`lumen_scaler`).
#define LUMEN_CODEC_CHUNK_MAX_BYTES (INT64_C(64) << 20)

/// A picture decoded row by row into one of at most `max_pixels` (the source's aspect, rounded
/// up; never larger than the source): fill `lumen_scaler_row` with a source row's straight
/// R,G,B,A bytes, then `lumen_scaler_push`, top to bottom. `profile` (a Little CMS profile or
/// NULL, which the scaler closes, even when it cannot be made) converts each row to sRGB first.
typedef struct lumen_scaler lumen_scaler;
/// The size a width × height picture is scaled to for at most `max_pixels` (its aspect, each
/// side rounded up, never larger than it was); returns the factor (≤ 1).
double lumen_scale_to(int64_t width, int64_t height, int64_t max_pixels, int32_t *scaled_width, int32_t *scaled_height);
lumen_scaler *lumen_scaler_new(int32_t source_width, int32_t source_height, int64_t max_pixels, void *profile);
/// The same, fed only `rows` of the picture's rows, evenly spread (an interlaced PNG's odd rows).
lumen_scaler *lumen_scaler_new_sampled(int32_t source_width, int32_t source_height, int32_t rows, int64_t max_pixels, void *profile);
uint8_t *lumen_scaler_row(lumen_scaler *s);
void lumen_scaler_push(lumen_scaler *s);
void lumen_scaler_free(lumen_scaler *s);
/// Hands a finished scaler's pixels to `image` (orientation still to apply) and frees it.
int lumen_scaler_done(lumen_scaler *s, int32_t orientation, lumen_image *image, char *error);
#endif
