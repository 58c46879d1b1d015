// TIFF with libtiff: reading from memory with per-file error handlers and libtiff's own cap
// on single allocations, the first directory decoded through the RGBA interface (which
// applies the Orientation tag), and the ICC profile tag.
#include "codec_common.h"
#include <tiffio.h>

struct tiff_source { const uint8_t *data; toff_t size; toff_t offset; char message[200]; };

static tmsize_t read_bytes(thandle_t h, void *out, tmsize_t count) {
    struct tiff_source *s = (struct tiff_source *)h;
    if (count < 0) return 0;
    toff_t n = (toff_t)count;
    if (s->offset >= s->size) return 0;
    if (n > s->size - s->offset) n = s->size - s->offset;
    memcpy(out, s->data + s->offset, (size_t)n);
    s->offset += n;
    return (tmsize_t)n;
}
static tmsize_t write_bytes(thandle_t h, void *in, tmsize_t count) { (void)h; (void)in; (void)count; return 0; }
static toff_t seek(thandle_t h, toff_t offset, int whence) {
    struct tiff_source *s = (struct tiff_source *)h;
    toff_t base = whence == SEEK_SET ? 0 : whence == SEEK_CUR ? s->offset : s->size;
    s->offset = base + offset;
    return s->offset;
}
static int close_source(thandle_t h) { (void)h; return 0; }
static toff_t size_of(thandle_t h) { return ((struct tiff_source *)h)->size; }

static int on_error(TIFF *tif, void *user, const char *module, const char *format, va_list args) {
    (void)tif; (void)module;
    struct tiff_source *s = (struct tiff_source *)user;
    if (!s->message[0]) vsnprintf(s->message, sizeof s->message, format, args);
    return 1;
}
static int on_warning(TIFF *tif, void *user, const char *module, const char *format, va_list args) {
    (void)tif; (void)user; (void)module; (void)format; (void)args;
    return 1;
}

static TIFF *open_tiff(struct tiff_source *source) {
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (!options) return NULL;
    TIFFOpenOptionsSetErrorHandlerExtR(options, on_error, source);
    TIFFOpenOptionsSetWarningHandlerExtR(options, on_warning, source);
    // No single allocation beyond 1 GB, whatever the file says.
    TIFFOpenOptionsSetMaxSingleMemAlloc(options, (tmsize_t)1 << 30);
    TIFF *tif = TIFFClientOpenExt("memory", "rm", (thandle_t)source, read_bytes, write_bytes, seek, close_source,
                                  size_of, NULL, NULL, options);
    TIFFOpenOptionsFree(options);
    return tif;
}

/// Opens `source` and reads the first directory's size; NULL with the reason on failure.
static TIFF *open_with_size(struct tiff_source *source, uint32_t *w, uint32_t *h, char *error) {
    TIFF *tif = open_tiff(source);
    if (!tif) { lumen_fail(error, "corrupt TIFF header: %s", source->message[0] ? source->message : "unreadable"); return NULL; }
    *w = 0; *h = 0;
    TIFFGetField(tif, TIFFTAG_IMAGEWIDTH, w);
    TIFFGetField(tif, TIFFTAG_IMAGELENGTH, h);
    return tif;
}

/// The Orientation tag (1…8, EXIF's meaning), 1 when absent or out of range.
static int32_t stored_orientation(TIFF *tif) {
    uint16_t o = 1;
    if (!TIFFGetField(tif, TIFFTAG_ORIENTATION, &o) || o < 1 || o > 8) return 1;
    return o;
}

int lumen_tiff_header(const uint8_t *data, size_t size, lumen_image_header *header, char *error) {
    struct tiff_source source = { data, (toff_t)size, 0, "" };
    uint32_t w, h;
    TIFF *tif = open_with_size(&source, &w, &h, error);
    if (!tif) return -1;
    header->width = w;
    header->height = h;
    header->orientation = stored_orientation(tif);
    // Pages are counted up to 64, never by walking a chain of a million directories (only the
    // first page is shown; libtiff's own count would read every one).
    int32_t pages = 1;
    while (pages < 64 && !TIFFLastDirectory(tif) && TIFFReadDirectory(tif)) pages++;
    header->frames = pages;
    TIFFClose(tif);
    return 0;
}

/// Straightens premultiplied (associated-alpha) R,G,B,A bytes in place: the finishing step
/// and the scaler premultiply.
static void straighten(uint8_t *rgba, size_t count) {
    for (size_t i = 0; i < count; i++) {
        uint8_t *p = rgba + 4 * i;
        if (p[3] == 0 || p[3] == 255) continue;
        for (int c = 0; c < 3; c++) { unsigned v = (p[c] * 255u + p[3] / 2) / p[3]; p[c] = (uint8_t)(v > 255 ? 255 : v); }
    }
}

static int associated_alpha(TIFF *tif) {
    uint16_t extra = 0, *kinds = NULL;
    return TIFFGetField(tif, TIFFTAG_EXTRASAMPLES, &extra, &kinds) && extra > 0 && kinds[0] == EXTRASAMPLE_ASSOCALPHA;
}

static void *tiff_profile(TIFF *tif) {
    uint32_t icc_size = 0;
    void *icc = NULL;
    return TIFFGetField(tif, TIFFTAG_ICCPROFILE, &icc_size, &icc) ? lumen_open_profile(icc, icc_size) : NULL;
}

/// The rows one strip or tile holds, after refusing one whose decoded bytes would pass
/// LUMEN_CODEC_CHUNK_MAX_BYTES (libtiff decodes a strip or a tile whole: a 16384² tile is a
/// gigabyte); 0 with the reason.
static uint32_t chunk_rows(TIFF *tif, uint32_t w, uint32_t h, char *error) {
    int tiled = TIFFIsTiled(tif);
    tmsize_t bytes = tiled ? TIFFTileSize(tif) : TIFFStripSize(tif);
    uint32_t across = w, rows = h;
    if (tiled) { TIFFGetField(tif, TIFFTAG_TILEWIDTH, &across); TIFFGetField(tif, TIFFTAG_TILELENGTH, &rows); }
    else if (!TIFFGetField(tif, TIFFTAG_ROWSPERSTRIP, &rows) || rows > h) rows = h;
    if (bytes <= 0 || rows == 0) { lumen_fail(error, "corrupt TIFF: no strip or tile size"); return 0; }
    if ((int64_t)bytes > LUMEN_CODEC_CHUNK_MAX_BYTES || (tiled && (int64_t)across * rows * 4 > LUMEN_CODEC_CHUNK_MAX_BYTES)) {
        lumen_fail(error, "%s of %u×%u is larger than Lumen decodes at once (%lld MB)", tiled ? "tile" : "strip",
                   across, rows, (long long)(LUMEN_CODEC_CHUNK_MAX_BYTES >> 20));
        return 0;
    }
    return rows;
}

/// A large picture through the RGBA interface a band of strips or tiles at a time, into a
/// scaler: at most a band of RGBA and a strip or tile of decoded samples exist at once.
static int decode_bands(TIFF *tif, uint32_t w, uint32_t h, uint32_t rows, int32_t orientation, int64_t max_pixels,
                        struct tiff_source *source, lumen_image *image, char *error) {
    // A band of whole strips or tiles, within the chunk budget (a narrower band re-reads them).
    uint32_t band = rows;
    if ((int64_t)w * band * 4 > LUMEN_CODEC_CHUNK_MAX_BYTES) band = (uint32_t)(LUMEN_CODEC_CHUNK_MAX_BYTES / ((int64_t)w * 4));
    if (band == 0) band = 1;
    char message[1024] = "";
    TIFFRGBAImage rgba;
    if (!TIFFRGBAImageOK(tif, message) || !TIFFRGBAImageBegin(&rgba, tif, 0, message))
        return lumen_fail(error, "cannot decode TIFF: %s", message[0] ? message : "unsupported layout");
    // The stored orientation's own flip group: the rows as stored, top to bottom (see below).
    rgba.req_orientation = (uint16_t)(orientation > 4 ? orientation - 4 : orientation);
    uint32_t *raster = (uint32_t *)malloc((size_t)w * band * 4);
    lumen_scaler *scaler = raster ? lumen_scaler_new((int32_t)w, (int32_t)h, max_pixels, tiff_profile(tif)) : NULL;
    int associated = associated_alpha(tif), ok = scaler != NULL;
    for (uint32_t y = 0; ok && y < h; y += band) {
        uint32_t n = h - y < band ? h - y : band;
        rgba.row_offset = (int)y;
        rgba.col_offset = 0;
        ok = TIFFRGBAImageGet(&rgba, raster, w, n);
        for (uint32_t r = 0; ok && r < n; r++) {
            uint8_t *row = lumen_scaler_row(scaler);
            memcpy(row, raster + (size_t)r * w, (size_t)w * 4);
            if (associated) straighten(row, w);
            lumen_scaler_push(scaler);
        }
    }
    TIFFRGBAImageEnd(&rgba);
    free(raster);
    if (!ok) {
        lumen_scaler_free(scaler);
        return lumen_fail(error, "cannot decode TIFF: %s", source->message[0] ? source->message : scaler ? "unsupported layout" : "out of memory");
    }
    return lumen_scaler_done(scaler, orientation, image, error);
}

int lumen_tiff_decode(const uint8_t *data, size_t size, int64_t max_pixels, lumen_image *image, char *error) {
    struct tiff_source source = { data, (toff_t)size, 0, "" };
    uint32_t w, h;
    TIFF *tif = open_with_size(&source, &w, &h, error);
    if (!tif) return -1;
    if (!lumen_size_ok(w, h)) { TIFFClose(tif); return lumen_fail(error, "TIFF of %u×%u is too large to decode", w, h); }
    uint32_t rows = chunk_rows(tif, w, h, error);
    if (rows == 0) { TIFFClose(tif); return -1; }
    if ((int64_t)w * h * 4 > LUMEN_CODEC_CHUNK_MAX_BYTES) {
        int result = decode_bands(tif, w, h, rows, stored_orientation(tif), max_pixels, &source, image, error);
        TIFFClose(tif);
        return result;
    }
    uint8_t *rgba = lumen_alloc_rgba(w, h);
    if (!rgba) { TIFFClose(tif); return lumen_fail(error, "out of memory"); }
    // libtiff packs each pixel as 0xAABBGGRR: R,G,B,A bytes in memory on a little-endian host.
    // Its RGBA reader flips but never transposes, so 5–8 came out wrong: asking for the stored
    // orientation's own flip group (5→1, 6→2, 7→3, 8→4) gives the rows as stored, and the
    // orientation is applied after, as EXIF's is.
    int32_t orientation = stored_orientation(tif);
    if (!TIFFReadRGBAImageOriented(tif, w, h, (uint32_t *)rgba, orientation > 4 ? orientation - 4 : orientation, 0)) {
        free(rgba);
        TIFFClose(tif);
        return lumen_fail(error, "cannot decode TIFF: %s", source.message[0] ? source.message : "unsupported layout");
    }
    // The RGBA interface gives premultiplied pixels for associated alpha: straighten them,
    // since the finishing step premultiplies.
    if (associated_alpha(tif)) straighten(rgba, (size_t)w * h);
    int result = lumen_finish_rgba_profile(rgba, (int32_t)w, (int32_t)h, tiff_profile(tif), orientation, image, error);
    TIFFClose(tif);
    return result;
}
