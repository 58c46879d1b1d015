#include "ffmpeg_library.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

struct lumen_ffmpeg lumen_ff;

#define LUMEN_STR2(x) #x
#define LUMEN_STR(x) LUMEN_STR2(x)

static const char *failure;
static char reason[256];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void *open_library(const char *soname) {
    void *h = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!h && !failure) {
        snprintf(reason, sizeof reason, "FFmpeg's %s is not installed (Debian: libavformat59, libavcodec59, libswscale6)", soname);
        failure = reason;
    }
    return h;
}

static void load(void) {
    void *avutil = open_library("libavutil.so." LUMEN_STR(LIBAVUTIL_VERSION_MAJOR));
    void *avcodec = open_library("libavcodec.so." LUMEN_STR(LIBAVCODEC_VERSION_MAJOR));
    void *avformat = open_library("libavformat.so." LUMEN_STR(LIBAVFORMAT_VERSION_MAJOR));
    void *swscale = open_library("libswscale.so." LUMEN_STR(LIBSWSCALE_VERSION_MAJOR));
    if (failure) return;
#define LUMEN_FF_LOAD(library, name) \
    lumen_ff.name = (__typeof__(&name))dlsym(library, #name); \
    if (!lumen_ff.name && !failure) { snprintf(reason, sizeof reason, "FFmpeg has no %s", #name); failure = reason; }
    LUMEN_FFMPEG_FUNCTIONS(LUMEN_FF_LOAD)
#undef LUMEN_FF_LOAD
}

const char *lumen_ffmpeg_load(void) {
    pthread_once(&once, load);
    return failure;
}
