// GIF with giflib: the logical screen from the header, and the first frame composed on it
// (local or global palette, interlacing, the graphics-control transparency).
#include "codec_common.h"
#include <gif_lib.h>

struct gif_source { const uint8_t *data; size_t size; size_t offset; };

static int read_bytes(GifFileType *gif, GifByteType *out, int count) {
    struct gif_source *s = (struct gif_source *)gif->UserData;
    size_t n = count < 0 ? 0 : (size_t)count;
    if (n > s->size - s->offset) n = s->size - s->offset;
    memcpy(out, s->data + s->offset, n);
    s->offset += n;
    return (int)n;
}

/// giflib's words for an error code (its GifErrorString has none for some codes, 0 among them).
static const char *gif_why(int code) {
    const char *text = GifErrorString(code);
    return text ? text : "unreadable";
}

static GifFileType *open_gif(struct gif_source *source, char *error) {
    int code = 0;
    GifFileType *gif = DGifOpen(source, read_bytes, &code);
    if (!gif) lumen_fail(error, "corrupt GIF header: %s", gif_why(code));
    return gif;
}

int lumen_gif_header(const uint8_t *data, size_t size, lumen_image_header *header, char *error) {
    struct gif_source source = { data, size, 0 };
    GifFileType *gif = open_gif(&source, error);
    if (!gif) return -1;
    header->width = gif->SWidth;
    header->height = gif->SHeight;
    header->frames = 1;
    DGifCloseFile(gif, NULL);
    return 0;
}

/// Reads the frame `d` into `indices` (its rows in order, interlaced ones put in place).
static const char *read_indices(GifFileType *gif, const GifImageDesc *d, uint8_t *indices) {
    static const int start[4] = { 0, 4, 2, 1 }, step[4] = { 8, 8, 4, 2 };
    int passes = d->Interlace ? 4 : 1;
    for (int p = 0; p < passes; p++) {
        for (int y = d->Interlace ? start[p] : 0; y < d->Height; y += d->Interlace ? step[p] : 1) {
            if (DGifGetLine(gif, indices + (size_t)y * d->Width, d->Width) == GIF_ERROR) return gif_why(gif->Error);
        }
    }
    return NULL;
}

/// The first frame on a screen scaled to at most `max_pixels`, a screen row at a time.
static int first_frame_scaled(GifFileType *gif, const GifImageDesc *d, const ColorMapObject *map, int transparent,
                              int64_t w, int64_t h, int64_t max_pixels, lumen_image *image, char *error) {
    uint8_t *indices = (uint8_t *)malloc((size_t)d->Width * (size_t)d->Height);
    lumen_scaler *scaler = indices ? lumen_scaler_new((int32_t)w, (int32_t)h, max_pixels, NULL) : NULL;
    const char *why = scaler ? read_indices(gif, d, indices) : "out of memory";
    for (int64_t cy = 0; !why && cy < h; cy++) {
        uint8_t *row = lumen_scaler_row(scaler);
        memset(row, 0, (size_t)w * 4);   // transparent outside the first frame
        int64_t y = cy - d->Top;
        for (int64_t x = 0; y >= 0 && y < d->Height && x < d->Width; x++) {
            int64_t cx = (int64_t)d->Left + x;
            int index = indices[(size_t)y * d->Width + x];
            if (cx < 0 || cx >= w || index == transparent || index >= map->ColorCount) continue;
            GifColorType c = map->Colors[index];
            uint8_t *px = row + cx * 4;
            px[0] = c.Red; px[1] = c.Green; px[2] = c.Blue; px[3] = 255;
        }
        lumen_scaler_push(scaler);
    }
    free(indices);
    if (why) { lumen_scaler_free(scaler); return lumen_fail(error, "cannot decode GIF: %s", why); }
    return lumen_scaler_done(scaler, 1, image, error);
}

int lumen_gif_decode(const uint8_t *data, size_t size, int64_t max_pixels, lumen_image *image, char *error) {
    struct gif_source source = { data, size, 0 };
    GifFileType *gif = open_gif(&source, error);
    if (!gif) return -1;
    int64_t w = gif->SWidth, h = gif->SHeight;
    uint8_t *rgba = NULL;
    GifByteType *line = NULL;
    int transparent = -1;
    const char *why = NULL;
    GifRecordType record;
    for (;;) {
        if (DGifGetRecordType(gif, &record) == GIF_ERROR) { why = gif_why(gif->Error); break; }
        if (record == EXTENSION_RECORD_TYPE) {
            int code = 0;
            GifByteType *block = NULL;
            if (DGifGetExtension(gif, &code, &block) == GIF_ERROR) { why = gif_why(gif->Error); break; }
            if (code == GRAPHICS_EXT_FUNC_CODE && block && block[0] >= 4) {
                GraphicsControlBlock gcb;
                if (DGifExtensionToGCB(block[0], block + 1, &gcb) == GIF_OK) transparent = gcb.TransparentColor;
            }
            while (block) {
                if (DGifGetExtensionNext(gif, &block) == GIF_ERROR) { why = gif_why(gif->Error); break; }
            }
            if (why) break;
            continue;
        }
        if (record == TERMINATE_RECORD_TYPE) { why = "no image in the file"; break; }
        if (record != IMAGE_DESC_RECORD_TYPE) continue;
        if (DGifGetImageDesc(gif) == GIF_ERROR) { why = gif_why(gif->Error); break; }
        GifImageDesc *d = &gif->Image;
        ColorMapObject *map = d->ColorMap ? d->ColorMap : gif->SColorMap;
        if (!map) { why = "no palette"; break; }
        if (!lumen_size_ok(w, h) || d->Width <= 0 || d->Height <= 0 || d->Width > (1 << 16) || d->Height > (1 << 16)) {
            why = "frame size out of range"; break;
        }
        // Every row of a frame is LZW-decoded, even those outside the screen: a frame of
        // gigapixels on a small screen would take seconds.
        if ((int64_t)d->Width * d->Height > LUMEN_CODEC_WHOLE_MAX_PIXELS) {
            why = "its first frame exceeds the 100-megapixel limit"; break;
        }
        if (w * h * 4 > LUMEN_CODEC_CHUNK_MAX_BYTES) {
            // A screen too large to exist whole: the frame's indices (a byte a pixel), then the
            // screen's rows into a scaler.
            int result = first_frame_scaled(gif, d, map, transparent, w, h, max_pixels, image, error);
            DGifCloseFile(gif, NULL);
            return result;
        }
        rgba = lumen_alloc_rgba(w, h);
        line = (GifByteType *)malloc((size_t)d->Width);
        if (!rgba || !line) { why = "out of memory"; break; }
        memset(rgba, 0, (size_t)w * (size_t)h * 4);   // transparent outside the first frame
        // Interlaced rows come in four passes: every 8th from 0, every 8th from 4, every 4th
        // from 2, every 2nd from 1.
        static const int start[4] = { 0, 4, 2, 1 }, step[4] = { 8, 8, 4, 2 };
        int passes = d->Interlace ? 4 : 1;
        for (int p = 0; p < passes && !why; p++) {
            for (int y = d->Interlace ? start[p] : 0; y < d->Height; y += d->Interlace ? step[p] : 1) {
                int64_t cy = (int64_t)d->Top + y;
                // Rows below the screen are never shown: a plain frame stops there.
                if (!d->Interlace && cy >= h) break;
                if (DGifGetLine(gif, line, d->Width) == GIF_ERROR) { why = gif_why(gif->Error); break; }
                if (cy < 0 || cy >= h) continue;
                uint8_t *row = rgba + (size_t)cy * (size_t)w * 4;
                for (int x = 0; x < d->Width; x++) {
                    int64_t cx = (int64_t)d->Left + x;
                    if (cx < 0 || cx >= w) continue;
                    int index = line[x];
                    if (index == transparent || index >= map->ColorCount) continue;
                    GifColorType c = map->Colors[index];
                    uint8_t *px = row + cx * 4;
                    px[0] = c.Red; px[1] = c.Green; px[2] = c.Blue; px[3] = 255;
                }
            }
        }
        break;
    }
    free(line);
    DGifCloseFile(gif, NULL);
    if (why || !rgba) {
        free(rgba);
        return lumen_fail(error, "cannot decode GIF: %s", why ? why : "unreadable");
    }
    return lumen_finish_rgba(rgba, (int32_t)w, (int32_t)h, NULL, 0, 1, image, error);
}
