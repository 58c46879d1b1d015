// The codec libraries behind Lumen's image decoders: libjpeg-turbo, and SDL2_image for the
// other formats. Only the C target CImageCodecs includes this; Swift code never sees SDL here.
#ifndef LUMEN_CIMAGELIBRARIES_SHIM_H
#define LUMEN_CIMAGELIBRARIES_SHIM_H
#include <stdio.h>
#include <jpeglib.h>
#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#endif
