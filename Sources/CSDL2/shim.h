// SDL2 + SDL2_image + libjpeg for Lumen's App module, with the function-like macros
// Swift cannot import wrapped as static inline functions.
#ifndef LUMEN_CSDL2_SHIM_H
#define LUMEN_CSDL2_SHIM_H
#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#include <stdio.h>
#include <setjmp.h>
#include <jpeglib.h>

static inline int lumen_windowpos_centered(void) { return SDL_WINDOWPOS_CENTERED; }
static inline Uint32 lumen_button_mask(int button) { return SDL_BUTTON(button); }
static inline int lumen_must_lock(SDL_Surface *s) { return SDL_MUSTLOCK(s); }
static inline Uint32 lumen_touch_mouse_id(void) { return SDL_TOUCH_MOUSEID; }

struct lumen_jpeg_error { struct jpeg_error_mgr mgr; jmp_buf jump; char message[JMSG_LENGTH_MAX]; };

static void lumen_jpeg_error_exit(j_common_ptr cinfo) {
    struct lumen_jpeg_error *err = (struct lumen_jpeg_error *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, err->message);
    longjmp(err->jump, 1);
}

static void lumen_jpeg_silence(j_common_ptr cinfo, int level) { (void)cinfo; (void)level; }

/// Decodes a JPEG held in memory with libjpeg's DCT scaling (scale 1/denom, denom in 1, 2, 4, 8)
/// into a new buffer of opaque 0xFFRRGGBB pixels. Returns NULL and copies the reason into
/// `error` (at least 200 bytes) on failure. The caller frees the result with free().
/// Used for photos too large to decode at full size.
static inline unsigned int *lumen_jpeg_decode_scaled(const unsigned char *data, unsigned long size, int denom,
                                                    int *out_width, int *out_height, char *error) {
    struct jpeg_decompress_struct cinfo;
    struct lumen_jpeg_error jerr;
    unsigned int *volatile pixels = NULL;
    unsigned char *volatile row = NULL;
    cinfo.err = jpeg_std_error(&jerr.mgr);
    jerr.mgr.error_exit = lumen_jpeg_error_exit;
    jerr.mgr.emit_message = lumen_jpeg_silence;
    if (setjmp(jerr.jump)) {
        snprintf(error, 200, "%s", jerr.message);
        jpeg_destroy_decompress(&cinfo);
        free(pixels);
        free(row);
        return NULL;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, size);
    jpeg_read_header(&cinfo, TRUE);
    cinfo.scale_num = 1;
    cinfo.scale_denom = (unsigned int)denom;
    cinfo.out_color_space = JCS_RGB;
    jpeg_start_decompress(&cinfo);
    int w = (int)cinfo.output_width, h = (int)cinfo.output_height;
    pixels = (unsigned int *)malloc((size_t)w * (size_t)h * 4);
    row = (unsigned char *)malloc((size_t)w * 3);
    if (!pixels || !row) { snprintf(jerr.message, sizeof jerr.message, "out of memory"); longjmp(jerr.jump, 1); }
    while (cinfo.output_scanline < cinfo.output_height) {
        int y = (int)cinfo.output_scanline;
        JSAMPROW rows[1] = { row };
        jpeg_read_scanlines(&cinfo, rows, 1);
        unsigned int *out = pixels + (size_t)y * (size_t)w;
        for (int x = 0; x < w; x++)
            out[x] = 0xFF000000u | ((unsigned int)row[3*x] << 16) | ((unsigned int)row[3*x+1] << 8) | row[3*x+2];
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    free(row);
    *out_width = w;
    *out_height = h;
    return pixels;
}
#endif
