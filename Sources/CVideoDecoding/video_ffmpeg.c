#include "video_ffmpeg.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

struct lumen_video_ffmpeg lumen_vff;

#define LUMEN_STR2(x) #x
#define LUMEN_STR(x) LUMEN_STR2(x)

static const char *failure;
static char reason[256];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void *open_library(const char *soname) {
    void *h = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!h && !failure) {
        snprintf(reason, sizeof reason, "FFmpeg's %s is not installed "
                 "(Debian: libavformat59, libavcodec59, libswscale6, libswresample4)", soname);
        failure = reason;
    }
    return h;
}

static void load(void) {
    void *avutil = open_library("libavutil.so." LUMEN_STR(LIBAVUTIL_VERSION_MAJOR));
    void *avcodec = open_library("libavcodec.so." LUMEN_STR(LIBAVCODEC_VERSION_MAJOR));
    void *avformat = open_library("libavformat.so." LUMEN_STR(LIBAVFORMAT_VERSION_MAJOR));
    void *swscale = open_library("libswscale.so." LUMEN_STR(LIBSWSCALE_VERSION_MAJOR));
    void *swresample = open_library("libswresample.so." LUMEN_STR(LIBSWRESAMPLE_VERSION_MAJOR));
    if (failure) return;
#define LUMEN_VFF_LOAD(library, name) \
    lumen_vff.name = (__typeof__(&name))dlsym(library, #name); \
    if (!lumen_vff.name && !failure) { snprintf(reason, sizeof reason, "FFmpeg has no %s", #name); failure = reason; }
    LUMEN_VIDEO_FFMPEG_FUNCTIONS(LUMEN_VFF_LOAD)
#undef LUMEN_VFF_LOAD
}

const char *lumen_video_ffmpeg_load(void) {
    pthread_once(&once, load);
    return failure;
}
