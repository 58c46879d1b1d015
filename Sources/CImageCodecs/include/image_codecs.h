// Lumen's image codecs in C, one file per format, each built on the library made for it.
//
// Every format has two calls. `lumen_<format>_header` reads only the header: the size the file
// claims and how many frames it has, so limits are checked before any pixel buffer exists.
// `lumen_<format>_decode` decodes the first frame into a new buffer of premultiplied,
// native-endian ARGB32 pixels (Cairo's ARGB32) in sRGB (an embedded ICC profile is converted
// with Little CMS), which the caller frees with free(). Both return 0 on success; on failure
// they return -1 and copy a one-line reason into `error` (LUMEN_CODEC_ERROR_SIZE bytes).
// No call keeps state between calls; all are safe on any thread.
#ifndef LUMEN_IMAGE_CODECS_H
#define LUMEN_IMAGE_CODECS_H
#include <stddef.h>
#include <stdint.h>

#define LUMEN_CODEC_ERROR_SIZE 256

/// What a header says.
typedef struct lumen_image_header {
    int64_t width;
    int64_t height;
    /// 1 for a still image; the frame count of an animation (when the header tells it).
    int32_t frames;
    /// The EXIF orientation (1…8) where the header carries it (JPEG, WebP); else 1.
    int32_t orientation;
} lumen_image_header;

/// A decoded picture.
typedef struct lumen_image {
    /// width × height premultiplied ARGB32 pixels, rows without padding; free() it.
    uint32_t *pixels;
    int32_t width;
    int32_t height;
    /// The EXIF orientation (1…8) still to apply; 1 when there is none or the decoder applied it.
    int32_t orientation;
} lumen_image;

/// The most pixels any decoder allocates for one picture: a last line of defence behind the
/// caller's own limits.
#define LUMEN_CODEC_MAX_PIXELS (INT64_C(268435456))
/// The most pixels a picture that must exist whole while it is decoded may have (a WebP
/// animation's canvas, a lossless WebP, a GIF frame): Imaging's 100-megapixel limit.
#define LUMEN_CODEC_WHOLE_MAX_PIXELS (INT64_C(100000000))
/// The most pixels a lossless WebP (a still, or an animation's frame) may have: libwebp's
/// lossless decoder keeps every pixel (4 bytes each) while it decodes, and 48 megapixels
/// (192 MB) keep a worker and the app within 300 MB together.
#define LUMEN_CODEC_LOSSLESS_MAX_PIXELS (INT64_C(48000000))
/// The most pixels a HEIF of more than 8 bits may have: libheif holds its planes and an RGBA
/// copy (5.5 to 7 bytes a pixel) while it converts.
#define LUMEN_CODEC_HEIF_RGBA_MAX_PIXELS (INT64_C(40000000))
/// The most memory libheif may be expected to hold for one picture (it decodes a picture whole):
/// with the app (about 30 MB), the worker's own pages (25 MB) and the scaled result, within 300 MB.
#define LUMEN_CODEC_HEIF_MAX_BYTES (INT64_C(200) << 20)

int lumen_jpeg_header(const uint8_t *data, size_t size, lumen_image_header *header, char *error);
/// `denom` (1, 2, 4 or 8): libjpeg's DCT scaling, so the picture is decoded at 1/denom without
/// ever existing at full size. CMYK and YCCK (Adobe's inverted convention included) become RGB.
int lumen_jpeg_decode(const uint8_t *data, size_t size, int denom, lumen_image *image, char *error);

int lumen_png_header(const uint8_t *data, size_t size, lumen_image_header *header, char *error);
/// A picture whose RGBA would pass 64 MB is decoded a row at a time into one of at most
/// `max_pixels` (an interlaced one from Adam7's last pass, its odd rows); a smaller one whole.
int lumen_png_decode(const uint8_t *data, size_t size, int64_t max_pixels, lumen_image *image, char *error);

int lumen_gif_header(const uint8_t *data, size_t size, lumen_image_header *header, char *error);
/// A screen whose RGBA would pass 64 MB gets its first frame on a screen of at most `max_pixels`.
int lumen_gif_decode(const uint8_t *data, size_t size, int64_t max_pixels, lumen_image *image, char *error);

int lumen_webp_header(const uint8_t *data, size_t size, lumen_image_header *header, char *error);
/// A still picture is decoded straight to `width` × `height` by libwebp's scaler when both are
/// positive (0: full size); an animation gives its first frame at full size, or, when its canvas
/// would pass 64 MB, on a canvas of at most `max_pixels`, the frame decoded scaled into place.
int lumen_webp_decode(const uint8_t *data, size_t size, int32_t width, int32_t height, int64_t max_pixels,
                      lumen_image *image, char *error);

int lumen_tiff_header(const uint8_t *data, size_t size, lumen_image_header *header, char *error);
/// A picture whose RGBA would pass 64 MB is decoded a band of strips or tiles at a time into
/// one of at most `max_pixels`; a strip or tile that alone would pass 64 MB decoded is refused.
int lumen_tiff_decode(const uint8_t *data, size_t size, int64_t max_pixels, lumen_image *image, char *error);

/// HEIC and AVIF. `lumen_heif_available` says whether this build of libheif can decode the
/// brand's codec (1: HEVC for HEIC, 2: AV1 for AVIF).
int lumen_heif_available(int codec);
int lumen_heif_header(const uint8_t *data, size_t size, lumen_image_header *header, char *error);
/// A picture whose RGBA would pass 64 MB is shown from an embedded thumbnail of at least
/// `max_pixels` where there is one, else decoded to its Y′CbCr planes and turned to RGB a row at
/// a time into one of at most `max_pixels` (a picture of more than 8 bits: whole, up to 40 MP).
int lumen_heif_decode(const uint8_t *data, size_t size, int64_t max_pixels, lumen_image *image, char *error);

/// BMP and QOI through SDL2_image (no SDL subsystem is started); their headers are read by the
/// caller.
int lumen_sdl_image_decode(const uint8_t *data, size_t size, lumen_image *image, char *error);

/// Encodes opaque ARGB32 pixels (`stride` bytes a row) as a baseline JPEG of `quality`
/// (1…100). Returns the bytes (free with free()) and their count in `out_size`.
unsigned char *lumen_jpeg_encode(const uint32_t *pixels, int width, int height, size_t stride,
                                 int quality, size_t *out_size, char *error);

/// Encodes premultiplied ARGB32 pixels (`stride` bytes a row) as an 8-bit RGBA PNG with
/// `count` tEXt chunks (`keys[i]` = `values[i]`), as freedesktop thumbnails are written.
/// Returns the bytes (free with free()) and their count in `out_size`.
unsigned char *lumen_png_encode(const uint32_t *pixels, int width, int height, size_t stride,
                                const char *const *keys, const char *const *values, int count,
                                size_t *out_size, char *error);

/// Copies the value of the PNG text chunk `key` (tEXt, zTXt or iTXt before the image data)
/// into `value` (`capacity` bytes, NUL-terminated). Returns 0, or −1 when absent or unreadable.
/// Animated WebP writing (libwebp's animation encoder): begin, add frames of premultiplied
/// ARGB32 at their start times in ms, end at the end time; the bytes are malloc'ed.
typedef struct lumen_webp_anim lumen_webp_anim;
lumen_webp_anim *lumen_webp_anim_begin(int width, int height, int lossless, float quality, char *error);
int lumen_webp_anim_add(lumen_webp_anim *anim, const uint32_t *pixels, size_t stride, int timestamp_ms, char *error);
unsigned char *lumen_webp_anim_end(lumen_webp_anim *anim, int end_ms, size_t *out_size, char *error);
/// The frame count and the first `capacity` frame durations (ms) of a WebP; 0 if unreadable.
int lumen_webp_anim_info(const uint8_t *data, size_t size, int *durations, int capacity, int *frames);

int lumen_png_text(const uint8_t *data, size_t size, const char *key, char *value, size_t capacity);

/// The MD5 of `text` as 32 lowercase hex digits into `out` (33 bytes), by GLib: the
/// freedesktop thumbnail file name of a URI.
void lumen_md5_hex(const char *text, char *out);

/// Looks up now what the codecs' libraries would look up lazily, on the first photo: for a
/// process about to lose the right to open files (a decoder worker entering its sandbox).
/// - the time zone: Little CMS stamps each profile it makes (sRGB, a HEIC's nclx primaries)
///   with gmtime_r, and glibc reads /etc/localtime on the first call. A fixed zone (`TZ=UTC0`,
///   a POSIX rule needing no file) keeps any later localtime() from looking again;
/// - libheif's one-time set-up (heif_init: its decoder plugins and their tables).
/// The locale stays "C" (nothing here calls setlocale), so gettext and iconv load nothing.
void lumen_codecs_prepare_for_sandbox(void);

/// The versions of the decoding libraries this process runs with, one line ("libjpeg-turbo
/// 2.1.5 libpng 1.6.39 …") into `out` (`capacity` bytes): what a failure mark records.
void lumen_codec_library_versions(char *out, size_t capacity);

/// The EXIF orientation (1…8) in an EXIF block (with or without the "Exif\0\0" prefix), read
/// by libexif; 1 when absent or unreadable.
int32_t lumen_exif_orientation(const uint8_t *exif, size_t size);
#endif
