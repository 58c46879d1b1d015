// The codec libraries behind Lumen's image decoders, one per format family (libjpeg-turbo,
// libpng, giflib, libwebp, libtiff, libheif), Little CMS for colour and libexif for
// orientation; SDL2_image for BMP and QOI; libwebpmux for animated WebP recordings. Only the C target CImageCodecs includes these:
// Swift code never sees them.
#ifndef LUMEN_CIMAGELIBRARIES_SHIM_H
#define LUMEN_CIMAGELIBRARIES_SHIM_H
#include <stdio.h>
#include <jpeglib.h>
#include <png.h>
#include <gif_lib.h>
#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>
#include <webp/mux.h>
#include <tiffio.h>
#include <libheif/heif.h>
#include <lcms2.h>
#include <libexif/exif-data.h>
#include <glib.h>
#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#endif
