// SDL2_image as a codec library: every format it reads, to premultiplied ARGB32.
// Only SDL_image's decoders and SDL's pixel conversion are used; no SDL subsystem is started.
#include "image_codecs.h"
#include <stdio.h>
#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#include <stdlib.h>

static uint32_t *fail(char *error, const char *what) {
    const char *reason = SDL_GetError();
    snprintf(error, LUMEN_CODEC_ERROR_SIZE, "%s%s", what, reason && *reason ? reason : "unknown error");
    return NULL;
}

uint32_t *lumen_sdl_image_decode(const unsigned char *data, size_t size,
                                 int *out_width, int *out_height, char *error) {
    if (size > 0x7FFFFFFF) { snprintf(error, LUMEN_CODEC_ERROR_SIZE, "file too large"); return NULL; }
    SDL_RWops *rw = SDL_RWFromConstMem(data, (int)size);
    if (!rw) return fail(error, "");
    SDL_Surface *s = IMG_Load_RW(rw, 1);
    if (!s) return fail(error, "");
    SDL_Surface *argb = SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_ARGB8888, 0);
    SDL_FreeSurface(s);
    if (!argb) return fail(error, "cannot convert pixels: ");
    int w = argb->w, h = argb->h;
    if (w <= 0 || h <= 0 || !argb->pixels) {
        SDL_FreeSurface(argb);
        snprintf(error, LUMEN_CODEC_ERROR_SIZE, "image has no pixels");
        return NULL;
    }
    uint32_t *out = (uint32_t *)malloc((size_t)w * (size_t)h * 4);
    if (!out) { SDL_FreeSurface(argb); snprintf(error, LUMEN_CODEC_ERROR_SIZE, "out of memory"); return NULL; }
    int status = SDL_PremultiplyAlpha(w, h, SDL_PIXELFORMAT_ARGB8888, argb->pixels, argb->pitch,
                                      SDL_PIXELFORMAT_ARGB8888, out, w * 4);
    SDL_FreeSurface(argb);
    if (status != 0) { free(out); return fail(error, "cannot premultiply: "); }
    *out_width = w;
    *out_height = h;
    return out;
}
