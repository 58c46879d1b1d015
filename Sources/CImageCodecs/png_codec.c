// PNG with libpng: its own limits switched on (dimensions, ancillary chunk memory), every
// colour type and bit depth expanded to 8-bit RGBA (16-bit rounded, not truncated), interlaced
// images, iCCP profiles and the eXIf orientation.
#include "codec_common.h"
#include <png.h>
#include <setjmp.h>

struct png_source { const uint8_t *data; size_t size; size_t offset; char message[200]; };

static void read_bytes(png_structp png, png_bytep out, png_size_t count) {
    struct png_source *s = (struct png_source *)png_get_io_ptr(png);
    if (count > s->size - s->offset) png_error(png, "the file ends early (truncated PNG)");
    memcpy(out, s->data + s->offset, count);
    s->offset += count;
}

static void on_error(png_structp png, png_const_charp message) {
    struct png_source *s = (struct png_source *)png_get_error_ptr(png);
    snprintf(s->message, sizeof s->message, "%s", message);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) { (void)png; (void)message; }

/// The most bytes an ancillary chunk may hold, decompressed text and ICC profiles too.
#define LUMEN_PNG_CHUNK_MAX (8u << 20)

/// A read struct over `source` with libpng's limits on: sides up to 2^31 − 1 (the format's
/// own bound; the caller checks its pixel limit) and ancillary chunks up to 8 MB; NULL with the
/// reason when a chunk declares more than the file holds (`lumen_png_chunk_overrun`).
static png_structp open_png(struct png_source *source, png_infop *info, char *error) {
    char type[5];
    uint32_t overrun = lumen_png_chunk_overrun(source->data, source->size, type);
    if (overrun) { lumen_fail(error, "PNG %s chunk of %u bytes refused: more than the file holds", type, overrun); return NULL; }
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, source, on_error, on_warning);
    if (!png) { lumen_fail(error, "out of memory"); return NULL; }
    *info = png_create_info_struct(png);
    if (!*info) { png_destroy_read_struct(&png, NULL, NULL); lumen_fail(error, "out of memory"); return NULL; }
    png_set_read_fn(png, source, read_bytes);
    png_set_user_limits(png, 0x7FFFFFFF, 0x7FFFFFFF);
    // Ancillary chunks: at most 8 MB each, decompressed text and ICC (zTXt, iTXt, iCCP) too,
    // and at most 1,000 of them kept (a file of millions of tiny chunks).
    png_set_chunk_malloc_max(png, LUMEN_PNG_CHUNK_MAX);
    png_set_chunk_cache_max(png, 1000);
    return png;
}

int lumen_png_header(const uint8_t *data, size_t size, lumen_image_header *header, char *error) {
    struct png_source source = { data, size, 0, "" };
    png_infop info = NULL;
    png_structp png = open_png(&source, &info, error);
    if (!png) return -1;
    if (setjmp(png_jmpbuf(png))) {
        // A chunk after IHDR is broken, but the size is known: report it, so a header bomb is
        // refused for its size; decoding fails on the broken chunk anyway.
        png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
        png_destroy_read_struct(&png, &info, NULL);
        if (w > 0 && h > 0) { header->width = w; header->height = h; header->frames = 1; return 0; }
        return lumen_fail(error, "corrupt PNG header: %s", source.message);
    }
    png_read_info(png, info);
    header->width = png_get_image_width(png, info);
    header->height = png_get_image_height(png, info);
    header->frames = 1;
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}

/// The iCCP profile as a Little CMS profile (the caller closes it), or NULL.
static void *png_profile(png_structp png, png_infop info) {
    png_charp name = NULL;
    int compression = 0;
    png_bytep profile = NULL;
    png_uint_32 size = 0;
    if (!png_get_iCCP(png, info, &name, &compression, &profile, &size)) return NULL;
    return lumen_open_profile(profile, size);
}

/// The eXIf orientation (1 when there is none).
static int32_t png_orientation(png_structp png, png_infop info) {
#ifdef PNG_eXIf_SUPPORTED
    png_bytep exif = NULL;
    png_uint_32 exif_size = 0;
    if (png_get_eXIf_1(png, info, &exif_size, &exif) && exif) return lumen_exif_orientation(exif, exif_size);
#endif
    (void)png; (void)info;
    return 1;
}

/// Rows straight into a scaler of at most `max_pixels`. An interlaced picture gives its
/// odd rows whole only in Adam7's last pass (the earlier six passes fill the even rows, which
/// would have to be kept): those are what the scaler takes, half the rows of a picture shown
/// at less than half its height anyway.
static void stream_rows(png_structp png, png_infop info, png_uint_32 w, png_uint_32 h, int64_t max_pixels,
                        lumen_scaler *volatile *scaler, uint8_t *volatile *scratch) {
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)w * 4) png_error(png, "unexpected row layout");
    int interlaced = passes > 1;
    if (interlaced && h < 2) png_error(png, "an interlaced picture of one row this wide is not supported");
    *scaler = lumen_scaler_new_sampled((int32_t)w, (int32_t)h, interlaced ? (int32_t)(h / 2) : (int32_t)h, max_pixels, png_profile(png, info));
    *scratch = (uint8_t *)malloc((size_t)w * 4);
    if (!*scaler || !*scratch) png_error(png, "out of memory");
    uint8_t *row = lumen_scaler_row(*scaler);
    for (int pass = 0; pass < passes; pass++) {
        int last = pass == passes - 1;
        for (png_uint_32 y = 0; y < h; y++) {
            int kept = !interlaced || (last && (y & 1));
            png_read_row(png, kept ? row : *scratch, NULL);
            if (kept) lumen_scaler_push(*scaler);
        }
    }
    png_read_end(png, info);
}

int lumen_png_decode(const uint8_t *data, size_t size, int64_t max_pixels, lumen_image *image, char *error) {
    struct png_source source = { data, size, 0, "" };
    png_infop info = NULL;
    uint8_t *volatile rgba = NULL;
    png_bytep *volatile rows = NULL;
    lumen_scaler *volatile scaler = NULL;
    uint8_t *volatile scratch = NULL;
    png_structp png = open_png(&source, &info, error);
    if (!png) return -1;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        free(rgba); free(rows); free(scratch);
        lumen_scaler_free(scaler);
        return lumen_fail(error, "cannot decode PNG: %s", source.message);
    }
    png_read_info(png, info);
    png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
    if (!lumen_size_ok(w, h)) {
        png_destroy_read_struct(&png, &info, NULL);
        return lumen_fail(error, "PNG of %u×%u is too large to decode", w, h);
    }
    int color = png_get_color_type(png, info);
    // Everything to 8-bit R,G,B,A: palettes and low bit depths expanded, tRNS to alpha,
    // 16 bits scaled with rounding, gray to RGB, opaque images given alpha 255.
    png_set_expand(png);
    png_set_scale_16(png);
    if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (!(color & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS)) png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    if ((int64_t)w * h * 4 > LUMEN_CODEC_CHUNK_MAX_BYTES) {
        stream_rows(png, info, w, h, max_pixels, &scaler, &scratch);
        free(scratch);
        scratch = NULL;
        int32_t orientation = png_orientation(png, info);
        png_destroy_read_struct(&png, &info, NULL);
        return lumen_scaler_done(scaler, orientation, image, error);
    }
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)w * 4) png_error(png, "unexpected row layout");
    rgba = lumen_alloc_rgba(w, h);
    rows = (png_bytep *)malloc(sizeof(png_bytep) * h);
    if (!rgba || !rows) png_error(png, "out of memory");
    for (png_uint_32 y = 0; y < h; y++) rows[y] = rgba + (size_t)y * w * 4;
    png_read_image(png, rows);
    png_read_end(png, info);
    free(rows);
    rows = NULL;
    int result = lumen_finish_rgba_profile(rgba, (int32_t)w, (int32_t)h, png_profile(png, info), png_orientation(png, info), image, error);
    png_destroy_read_struct(&png, &info, NULL);
    return result;
}
