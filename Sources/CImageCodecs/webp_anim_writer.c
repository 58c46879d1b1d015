// Animated WebP writing with libwebp's animation encoder (libwebpmux), for `lumen record`,
// and reading an animation's frame count and durations back (libwebpdemux).
#include "codec_common.h"
#include <webp/encode.h>
#include <webp/mux.h>
#include <webp/demux.h>

struct lumen_webp_anim {
    WebPAnimEncoder *encoder;
    WebPConfig config;
    int width, height;
};

lumen_webp_anim *lumen_webp_anim_begin(int width, int height, int lossless, float quality, char *error) {
    if (!lumen_size_ok(width, height) || width > WEBP_MAX_DIMENSION || height > WEBP_MAX_DIMENSION) {
        lumen_fail(error, "a WebP animation cannot be %d×%d", width, height);
        return NULL;
    }
    lumen_webp_anim *a = calloc(1, sizeof *a);
    if (!a) { lumen_fail(error, "out of memory"); return NULL; }
    WebPAnimEncoderOptions options;
    if (!WebPAnimEncoderOptionsInit(&options) || !WebPConfigInit(&a->config)) { free(a); lumen_fail(error, "libwebp version mismatch"); return NULL; }
    options.anim_params.loop_count = 0;   // forever
    a->config.lossless = lossless;
    a->config.quality = quality;
    a->config.method = 4;
    a->encoder = WebPAnimEncoderNew(width, height, &options);
    if (!a->encoder) { free(a); lumen_fail(error, "cannot start the WebP animation encoder"); return NULL; }
    a->width = width; a->height = height;
    return a;
}

int lumen_webp_anim_add(lumen_webp_anim *a, const uint32_t *pixels, size_t stride, int timestamp_ms, char *error) {
    WebPPicture picture;
    if (!WebPPictureInit(&picture)) return lumen_fail(error, "libwebp version mismatch");
    picture.use_argb = 1;
    picture.width = a->width;
    picture.height = a->height;
    if (!WebPPictureAlloc(&picture)) return lumen_fail(error, "out of memory");
    // Premultiplied ARGB (Cairo's) to straight ARGB (WebP's).
    for (int y = 0; y < a->height; y++) {
        const uint32_t *src = (const uint32_t *)((const uint8_t *)pixels + (size_t)y * stride);
        uint32_t *dst = picture.argb + (size_t)y * picture.argb_stride;
        for (int x = 0; x < a->width; x++) {
            uint32_t p = src[x], alpha = p >> 24;
            if (alpha == 255 || alpha == 0) { dst[x] = alpha ? p : 0; continue; }
            uint32_t r = ((p >> 16 & 0xFF) * 255 + alpha / 2) / alpha, g = ((p >> 8 & 0xFF) * 255 + alpha / 2) / alpha,
                     b = ((p & 0xFF) * 255 + alpha / 2) / alpha;
            dst[x] = alpha << 24 | (r > 255 ? 255 : r) << 16 | (g > 255 ? 255 : g) << 8 | (b > 255 ? 255 : b);
        }
    }
    int ok = WebPAnimEncoderAdd(a->encoder, &picture, timestamp_ms, &a->config);
    WebPPictureFree(&picture);
    if (!ok) return lumen_fail(error, "%s", WebPAnimEncoderGetError(a->encoder));
    return 1;
}

unsigned char *lumen_webp_anim_end(lumen_webp_anim *a, int end_ms, size_t *out_size, char *error) {
    unsigned char *out = NULL;
    WebPData data;
    WebPDataInit(&data);
    // A last, empty frame at the end time gives the final frame its duration.
    if (!WebPAnimEncoderAdd(a->encoder, NULL, end_ms, NULL) || !WebPAnimEncoderAssemble(a->encoder, &data)) {
        lumen_fail(error, "%s", WebPAnimEncoderGetError(a->encoder));
    } else if ((out = malloc(data.size))) {
        memcpy(out, data.bytes, data.size);
        *out_size = data.size;
    } else {
        lumen_fail(error, "out of memory");
    }
    WebPDataClear(&data);
    WebPAnimEncoderDelete(a->encoder);
    free(a);
    return out;
}

int lumen_webp_anim_info(const uint8_t *bytes, size_t size, int *durations, int capacity, int *frames) {
    WebPData data = { bytes, size };
    WebPDemuxer *demux = WebPDemux(&data);
    if (!demux) return 0;
    *frames = (int)WebPDemuxGetI(demux, WEBP_FF_FRAME_COUNT);
    WebPIterator it;
    int i = 0;
    if (WebPDemuxGetFrame(demux, 1, &it)) {
        do { if (i < capacity) durations[i] = it.duration; i++; } while (WebPDemuxNextFrame(&it));
        WebPDemuxReleaseIterator(&it);
    }
    WebPDemuxDelete(demux);
    return 1;
}
