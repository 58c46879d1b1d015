// Animated GIF through giflib, each frame's colours chosen by libimagequant (the quantizer
// gifski uses): at most 256 colours a frame, Floyd–Steinberg dithering so gradients stay
// smooth. Unchanged pixels are transparent and only the changed rectangle is written, which
// keeps a scroll or a small animation small. Frames are written as they come: the writer
// holds one frame back, since a frame's delay is known only when the next one starts.
#include "media_encoders.h"
#include "../CMediaLibraries/shim.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct lumen_gif {
    GifFileType *gif;
    int fd, width, height, palette_mode, write_errno, started, frames;
    float dither;
    liq_attr *attr;
    liq_result *global;          // the first frame's palette (global mode)
    uint32_t *previous;          // the last written frame's source pixels (0x00RRGGBB)
    uint8_t *rgba;               // scratch: a rectangle as RGBA
    // The frame held back until its delay is known.
    int pending, pending_start, px, py, pw, ph, transparent;
    uint8_t *indices;
    ColorMapObject *map;         // its local colour table (NULL: the global one)
};

static void fail(char *error, const char *what) { snprintf(error, LUMEN_MEDIA_ERROR_SIZE, "%s", what); }

static int write_out(GifFileType *g, const GifByteType *bytes, int length) {
    lumen_gif *s = g->UserData;
    int done = 0;
    while (done < length) {
        ssize_t n = write(s->fd, bytes + done, (size_t)(length - done));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) { s->write_errno = n < 0 ? errno : ENOSPC; return done; }
        done += (int)n;
    }
    return done;
}

static int gif_failed(lumen_gif *s, char *error, const char *step) {
    if (s->write_errno) snprintf(error, LUMEN_MEDIA_ERROR_SIZE, "cannot write the GIF: %s", strerror(s->write_errno));
    else {
        const char *why = GifErrorString(s->gif ? s->gif->Error : 0);
        snprintf(error, LUMEN_MEDIA_ERROR_SIZE, "giflib could not %s: %s", step, why ? why : "unknown error");
    }
    return 0;
}

lumen_gif *lumen_gif_open(int fd, int width, int height, int palette, int quality, float dither, char *error) {
    if (width <= 0 || height <= 0 || width > 65535 || height > 65535) { fail(error, "a GIF is 1 to 65535 pixels a side"); return NULL; }
    lumen_gif *s = calloc(1, sizeof *s);
    size_t count = (size_t)width * height;
    if (s) { s->previous = malloc(count * 4); s->rgba = malloc(count * 4); s->indices = malloc(count); }
    if (!s || !s->previous || !s->rgba || !s->indices) { fail(error, "out of memory for the GIF's frames"); lumen_gif_abort(s); return NULL; }
    s->fd = fd; s->width = width; s->height = height; s->palette_mode = palette; s->dither = dither;
    s->attr = liq_attr_create();
    liq_set_quality(s->attr, 0, quality < 0 ? 0 : quality > 100 ? 100 : quality);
    int code = 0;
    s->gif = EGifOpen(s, write_out, &code);
    if (!s->gif) { snprintf(error, LUMEN_MEDIA_ERROR_SIZE, "giflib could not start: %s", GifErrorString(code) ? GifErrorString(code) : "unknown error"); lumen_gif_abort(s); return NULL; }
    EGifSetGifVersion(s->gif, true);
    return s;
}

/// A colour table of the palette's colours, padded to a power of two (to 256 when index 255
/// stands for "unchanged").
static ColorMapObject *color_map(const liq_palette *p, int wide) {
    int size = 2;
    while (size < (int)p->count && size < 256) size *= 2;
    if (wide) size = 256;
    ColorMapObject *map = GifMakeMapObject(size, NULL);
    if (!map) return NULL;
    for (int i = 0; i < size; i++) {
        liq_color c = i < (int)p->count ? p->entries[i] : (liq_color){0, 0, 0, 255};
        map->Colors[i] = (GifColorType){c.r, c.g, c.b};
    }
    return map;
}

/// The screen descriptor (with the global table in global mode) and the loop-forever block.
static int start_file(lumen_gif *s, const liq_palette *global, char *error) {
    ColorMapObject *map = global ? color_map(global, 1) : NULL;
    int ok = EGifPutScreenDesc(s->gif, s->width, s->height, 8, 0, map) == GIF_OK;
    GifFreeMapObject(map);
    if (!ok) return gif_failed(s, error, "write the screen");
    static const unsigned char loop[3] = {1, 0, 0};   // sub-block 1: repeat 0 = forever
    if (EGifPutExtensionLeader(s->gif, APPLICATION_EXT_FUNC_CODE) != GIF_OK ||
        EGifPutExtensionBlock(s->gif, 11, "NETSCAPE2.0") != GIF_OK ||
        EGifPutExtensionBlock(s->gif, 3, loop) != GIF_OK ||
        EGifPutExtensionTrailer(s->gif) != GIF_OK) return gif_failed(s, error, "write the loop block");
    s->started = 1;
    return 1;
}

/// Writes the held-back frame lasting `delay` centiseconds.
static int write_pending(lumen_gif *s, int delay, char *error) {
    if (!s->pending) return 1;
    GraphicsControlBlock gcb = {DISPOSE_DO_NOT, false, delay < 1 ? 1 : delay > 65535 ? 65535 : delay, s->transparent};
    GifByteType ext[4];
    EGifGCBToExtension(&gcb, ext);
    if (EGifPutExtension(s->gif, GRAPHICS_EXT_FUNC_CODE, 4, ext) != GIF_OK) return gif_failed(s, error, "write a frame's delay");
    if (EGifPutImageDesc(s->gif, s->px, s->py, s->pw, s->ph, false, s->map) != GIF_OK) return gif_failed(s, error, "write a frame");
    if (EGifPutLine(s->gif, s->indices, s->pw * s->ph) != GIF_OK) return gif_failed(s, error, "write a frame's pixels");
    GifFreeMapObject(s->map);
    s->map = NULL;
    s->pending = 0;
    s->frames++;
    return 1;
}

/// The rectangle of pixels that differ from the previous frame; 0 when none do.
static int changed_rect(const lumen_gif *s, const uint32_t *pixels, size_t stride, int *x0, int *y0, int *x1, int *y1) {
    *x0 = s->width; *y0 = s->height; *x1 = -1; *y1 = -1;
    for (int y = 0; y < s->height; y++) {
        const uint32_t *row = pixels + (size_t)y * stride, *old = s->previous + (size_t)y * s->width;
        for (int x = 0; x < s->width; x++) {
            if ((row[x] & 0xFFFFFF) == old[x]) continue;
            if (x < *x0) *x0 = x;
            if (x > *x1) *x1 = x;
            if (y < *y0) *y0 = y;
            *y1 = y;
        }
    }
    return *x1 >= 0;
}

int lumen_gif_add(lumen_gif *s, const uint32_t *pixels, size_t stride, int start_cs, char *error) {
    int x0 = 0, y0 = 0, x1 = s->width - 1, y1 = s->height - 1;
    int first = !s->started && !s->pending;
    if (!first) {
        // Browsers play delays under 2 cs as 10 cs: a frame that soon is left out (the next
        // one is compared with what shows), so a GIF plays at most 50 frames a second.
        if (s->pending && start_cs - s->pending_start < 2) return 1;
        if (!changed_rect(s, pixels, stride, &x0, &y0, &x1, &y1)) return 1;   // the frame before lasts longer
    }
    int w = x1 - x0 + 1, h = y1 - y0 + 1;
    for (int y = 0; y < h; y++) {
        const uint32_t *row = pixels + (size_t)(y0 + y) * stride + x0;
        uint8_t *out = s->rgba + (size_t)y * w * 4;
        for (int x = 0; x < w; x++) {
            uint32_t p = row[x];
            out[4 * x] = p >> 16 & 0xFF; out[4 * x + 1] = p >> 8 & 0xFF; out[4 * x + 2] = p & 0xFF; out[4 * x + 3] = 255;
        }
    }
    // One index is kept for "unchanged" after the first frame (and in the global palette).
    liq_set_max_colors(s->attr, first && s->palette_mode == LUMEN_GIF_PALETTE_PER_FRAME ? 256 : 255);
    liq_image *image = liq_image_create_rgba(s->attr, s->rgba, w, h, 0);
    liq_result *result = NULL;
    if (!image) { fail(error, "libimagequant refused the frame"); return 0; }
    if (s->palette_mode == LUMEN_GIF_PALETTE_GLOBAL && s->global) {
        result = s->global;
    } else if (liq_image_quantize(image, s->attr, &result) != LIQ_OK) {
        liq_image_destroy(image);
        fail(error, "libimagequant could not choose the frame's colours");
        return 0;
    }
    liq_set_dithering_level(result, s->dither);
    if (!write_pending(s, start_cs - s->pending_start, error)) { liq_image_destroy(image); return 0; }
    liq_write_remapped_image(result, image, s->indices, (size_t)w * h);
    const liq_palette *palette = liq_get_palette(result);
    if (first && !start_file(s, s->palette_mode == LUMEN_GIF_PALETTE_GLOBAL ? palette : NULL, error)) {
        liq_image_destroy(image);
        if (result != s->global) liq_result_destroy(result);
        return 0;
    }
    s->transparent = NO_TRANSPARENT_COLOR;
    if (!first) {
        s->transparent = 255;
        for (int y = 0; y < h; y++) {
            const uint32_t *row = pixels + (size_t)(y0 + y) * stride + x0, *old = s->previous + (size_t)(y0 + y) * s->width + x0;
            for (int x = 0; x < w; x++) if ((row[x] & 0xFFFFFF) == old[x]) s->indices[(size_t)y * w + x] = 255;
        }
    }
    s->map = s->palette_mode == LUMEN_GIF_PALETTE_GLOBAL ? NULL : color_map(palette, !first);
    if (s->palette_mode == LUMEN_GIF_PALETTE_GLOBAL) { if (!s->global) s->global = result; }
    else liq_result_destroy(result);
    liq_image_destroy(image);
    for (int y = y0; y <= y1; y++) {
        const uint32_t *row = pixels + (size_t)y * stride;
        for (int x = x0; x <= x1; x++) s->previous[(size_t)y * s->width + x] = row[x] & 0xFFFFFF;
    }
    s->pending = 1; s->pending_start = start_cs; s->px = x0; s->py = y0; s->pw = w; s->ph = h;
    return 1;
}

int lumen_gif_finish(lumen_gif *s, int end_cs, char *error) {
    int ok = s->pending || s->started ? write_pending(s, end_cs - s->pending_start, error) : (fail(error, "no frames"), 0);
    int code = 0;
    if (ok && EGifCloseFile(s->gif, &code) != GIF_OK) {
        s->gif = NULL;
        if (s->write_errno) snprintf(error, LUMEN_MEDIA_ERROR_SIZE, "cannot write the GIF: %s", strerror(s->write_errno));
        else snprintf(error, LUMEN_MEDIA_ERROR_SIZE, "giflib could not finish: %s", GifErrorString(code) ? GifErrorString(code) : "unknown error");
        ok = 0;
    } else if (ok) {
        s->gif = NULL;
    }
    lumen_gif_abort(s);
    return ok;
}

void lumen_gif_abort(lumen_gif *s) {
    if (!s) return;
    if (s->gif) { int code; EGifCloseFile(s->gif, &code); }
    GifFreeMapObject(s->map);
    if (s->global) liq_result_destroy(s->global);
    if (s->attr) liq_attr_destroy(s->attr);
    free(s->previous); free(s->rgba); free(s->indices);
    free(s);
}

int lumen_gif_frames(const lumen_gif *s) { return s->frames + s->pending; }
