// Lumen's image codecs in C: each decodes bytes held in memory into a new buffer of
// premultiplied, native-endian ARGB32 pixels (Cairo's ARGB32) that the caller frees with free().
// On failure they return NULL and copy a one-line reason into `error` (LUMEN_CODEC_ERROR_SIZE bytes).
#ifndef LUMEN_IMAGE_CODECS_H
#define LUMEN_IMAGE_CODECS_H
#include <stddef.h>
#include <stdint.h>

#define LUMEN_CODEC_ERROR_SIZE 256

/// A JPEG decoded with libjpeg's DCT scaling by 1/denom (denom 1, 2, 4 or 8): the scaled
/// picture is produced directly, never the full-size one. Output is opaque.
uint32_t *lumen_jpeg_decode_scaled(const unsigned char *data, size_t size, int denom,
                                   int *out_width, int *out_height, char *error);

/// Encodes opaque ARGB32 pixels (`stride` bytes a row) as a baseline JPEG of `quality`
/// (1…100). Returns the bytes (free with free()) and their count in `out_size`.
unsigned char *lumen_jpeg_encode(const uint32_t *pixels, int width, int height, size_t stride,
                                 int quality, size_t *out_size, char *error);

/// Any format SDL2_image decodes (PNG, GIF, WebP, BMP, TIFF, QOI…), converted to ARGB32 and
/// premultiplied.
uint32_t *lumen_sdl_image_decode(const unsigned char *data, size_t size,
                                 int *out_width, int *out_height, char *error);
#endif
