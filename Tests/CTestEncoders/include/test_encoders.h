// Encoders the tests use to make their own photos of every format (no files in the repository,
// no network): each takes straight R,G,B,A bytes and returns a malloc'ed file in `*out`
// (free() it) and its size, or NULL on failure. Test support only; the app never links this.
#ifndef LUMEN_TEST_ENCODERS_H
#define LUMEN_TEST_ENCODERS_H
#include <stddef.h>
#include <stdint.h>

/// zlib's CRC-32 and Adler-32 of `size` bytes: a PNG chunk's and a zlib stream's checksums.
uint32_t lumen_test_crc32(const uint8_t *bytes, size_t size);
uint32_t lumen_test_adler32(const uint8_t *bytes, size_t size);

/// A CMYK JPEG of C,M,Y,K bytes; `adobe_inverted` writes Photoshop's inverted values with an
/// Adobe APP14 marker (as print workflows deliver).
uint8_t *lumen_test_cmyk_jpeg(const uint8_t *cmyk, int width, int height, int adobe_inverted, size_t *size);
/// A JPEG of RGB bytes coded progressively (`progressive`) and/or with arithmetic coding.
uint8_t *lumen_test_jpeg_coding(const uint8_t *rgb, int width, int height, int progressive, int arithmetic, size_t *size);
/// A JPEG of RGB bytes with an ICC profile in APP2 markers.
uint8_t *lumen_test_jpeg_with_icc(const uint8_t *rgb, int width, int height, const uint8_t *icc, size_t icc_size, size_t *size);
/// A GIF of `frames` frames, each width×height palette indices (256-colour `palette` as RGB
/// triples); `transparent` is the transparent index or −1.
uint8_t *lumen_test_gif(const uint8_t *indices, int width, int height, int frames, const uint8_t *palette, int transparent, size_t *size);
/// A lossless WebP still, with optional ICCP and EXIF chunks.
uint8_t *lumen_test_webp(const uint8_t *rgba, int width, int height, const uint8_t *icc, size_t icc_size,
                         const uint8_t *exif, size_t exif_size, size_t *size);
/// An animated lossless WebP of `frames` frames (each width×height RGBA, 100 ms apart).
uint8_t *lumen_test_animated_webp(const uint8_t *rgba, int width, int height, int frames, size_t *size);
/// A TIFF (RGBA, uncompressed) with an optional ICC profile.
uint8_t *lumen_test_tiff(const uint8_t *rgba, int width, int height, const uint8_t *icc, size_t icc_size, size_t *size);
/// The same with an Orientation tag (1…8) and, with `big`, as BigTIFF.
uint8_t *lumen_test_tiff_oriented(const uint8_t *rgba, int width, int height, const uint8_t *icc, size_t icc_size,
                                  int orientation, int big, size_t *size);
/// A HEIC (codec 1) or AVIF (codec 2) at high quality, its colour tagged with nclx primaries
/// (1: BT.709/sRGB, 12: Display P3); NULL when this system's libheif cannot encode it.
uint8_t *lumen_test_heif(const uint8_t *rgba, int width, int height, int codec, int primaries, size_t *size);
/// The same with an ICC profile (`prof`, or none when NULL) beside the nclx box (readers take
/// the profile), and the alpha channel as an auxiliary image only when `alpha`.
uint8_t *lumen_test_heif_icc(const uint8_t *rgba, int width, int height, int codec, int primaries,
                             const uint8_t *icc, size_t icc_size, int alpha, size_t *size);
/// An Adam7-interlaced 8-bit RGBA PNG.
uint8_t *lumen_test_interlaced_png(const uint8_t *rgba, int width, int height, size_t *size);
/// An ICC v4 RGB profile with these xy primaries (red, green, blue), a D65 white and the sRGB
/// tone curve (`gamma` ≤ 0) or a pure power curve.
uint8_t *lumen_test_rgb_profile(const double primaries[6], double gamma, size_t *size);
/// An RGB PNG of width × height (red across, green down, blue 128), written a row at a time
/// (Adam7 when `interlaced`), so a 100-megapixel one never exists in memory.
uint8_t *lumen_test_big_png(int width, int height, int interlaced, size_t *size);
/// A deflate TIFF of the same pattern in `tile`² tiles; with `declared_only`, only the tiles'
/// size is real (one tiny raw tile): what a reader must refuse before decoding.
uint8_t *lumen_test_big_tiff(int width, int height, int tile, int declared_only, size_t *size);
/// A video file at `path` (its container from the name: .mp4, .webm, .mkv) of `frames` frames
/// at `fps`, coded with `codec_name` (libx264, libvpx-vp9): each frame the flat colour `rgb`
/// (0xRRGGBB) with a white bar 8 pixels wide across its top quarter, 8 pixels further right
/// each frame. `audio`: an AAC track of a 440-Hz tone too. `index_in_front`: an MP4's index
/// before its frames (as streaming wants, and so that a cut file still opens). 0 or -1.
int lumen_test_video(const char *path, const char *codec_name, int width, int height, int fps, int frames,
                     uint32_t rgb, int audio, int index_in_front);
/// A Matroska file of `count` one-byte MPEG-4 Part 2 packets (none decodes): a hostile stream.
int lumen_test_tiny_packets(const char *path, int count);
#endif

// Recordings read back: a GIF's size, frame count, delays (cs) and loop block, and frame
// `frame_index` composed as a player shows it (0x00RRGGBB, width × height); an MP4's codec,
// size, pixel format, packet count, duration, frame rate and the frames' times (ms, in
// presentation order, up to `capacity`). Each returns 0 when unreadable.
int lumen_test_gif_read(const char *path, int *width, int *height, int *frames, int *delays, int capacity,
                        int *loops_forever, int frame_index, uint32_t *rgb);
int lumen_test_mp4_read(const char *path, char *codec, int *width, int *height, int *frames, double *seconds,
                        char *pixel_format, double *fps, int64_t *pts_ms, int capacity);
