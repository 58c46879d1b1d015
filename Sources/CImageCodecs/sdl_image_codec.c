// SDL2_image as a codec library for the formats the others do not read (BMP, QOI): decoded,
// converted to ARGB8888 and premultiplied. No SDL subsystem is started.
#include "codec_common.h"
#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>

int lumen_sdl_image_decode(const uint8_t *data, size_t size, lumen_image *image, char *error) {
    if (size > 0x7FFFFFFF) return lumen_fail(error, "file too large");
    SDL_RWops *rw = SDL_RWFromConstMem(data, (int)size);
    if (!rw) return lumen_fail(error, "%s", SDL_GetError());
    SDL_Surface *s = IMG_Load_RW(rw, 1);
    if (!s) return lumen_fail(error, "%s", SDL_GetError());
    SDL_Surface *argb = SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_ARGB8888, 0);
    SDL_FreeSurface(s);
    if (!argb) return lumen_fail(error, "cannot convert pixels: %s", SDL_GetError());
    int w = argb->w, h = argb->h;
    if (!lumen_size_ok(w, h) || !argb->pixels) { SDL_FreeSurface(argb); return lumen_fail(error, "image has no pixels"); }
    uint32_t *out = (uint32_t *)malloc((size_t)w * (size_t)h * 4);
    if (!out) { SDL_FreeSurface(argb); return lumen_fail(error, "out of memory"); }
    int status = SDL_PremultiplyAlpha(w, h, SDL_PIXELFORMAT_ARGB8888, argb->pixels, argb->pitch,
                                      SDL_PIXELFORMAT_ARGB8888, out, w * 4);
    SDL_FreeSurface(argb);
    if (status != 0) { free(out); return lumen_fail(error, "cannot premultiply: %s", SDL_GetError()); }
    image->pixels = out;
    image->width = w;
    image->height = h;
    image->orientation = 1;
    return 0;
}
