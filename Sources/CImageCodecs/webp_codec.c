// WebP with libwebp: features from the header (size, animation, frame count through the demux
// API), still pictures decoded straight to the size asked for by libwebp's scaler, the first
// frame of an animation, ICCP profiles and the EXIF orientation.
#include "codec_common.h"
#include <math.h>
#include <webp/decode.h>
#include <webp/demux.h>

static void metadata(const uint8_t *data, size_t size, const uint8_t **icc, size_t *icc_size, int32_t *orientation);

int lumen_webp_header(const uint8_t *data, size_t size, lumen_image_header *header, char *error) {
    WebPBitstreamFeatures features;
    if (WebPGetFeatures(data, size, &features) != VP8_STATUS_OK) return lumen_fail(error, "corrupt WebP header");
    header->width = features.width;
    header->height = features.height;
    header->frames = 1;
    const uint8_t *icc; size_t icc_size;
    metadata(data, size, &icc, &icc_size, &header->orientation);
    if (features.has_animation) {
        WebPData bytes = { data, size };
        WebPDemuxer *demux = WebPDemux(&bytes);
        if (!demux) return lumen_fail(error, "corrupt WebP animation");
        header->width = WebPDemuxGetI(demux, WEBP_FF_CANVAS_WIDTH);
        header->height = WebPDemuxGetI(demux, WEBP_FF_CANVAS_HEIGHT);
        header->frames = (int32_t)WebPDemuxGetI(demux, WEBP_FF_FRAME_COUNT);
        WebPDemuxDelete(demux);
    }
    return 0;
}

/// The ICC profile and EXIF orientation in the file's chunks, if any (the profile points into `data`).
static void metadata(const uint8_t *data, size_t size, const uint8_t **icc, size_t *icc_size, int32_t *orientation) {
    *icc = NULL; *icc_size = 0; *orientation = 1;
    WebPData bytes = { data, size };
    WebPDemuxer *demux = WebPDemux(&bytes);
    if (!demux) return;
    WebPChunkIterator chunk;
    if (WebPDemuxGetChunk(demux, "ICCP", 1, &chunk)) {
        *icc = chunk.chunk.bytes; *icc_size = chunk.chunk.size;
        WebPDemuxReleaseChunkIterator(&chunk);
    }
    if (WebPDemuxGetChunk(demux, "EXIF", 1, &chunk)) {
        *orientation = lumen_exif_orientation(chunk.chunk.bytes, chunk.chunk.size);
        WebPDemuxReleaseChunkIterator(&chunk);
    }
    WebPDemuxDelete(demux);
}

/// The first frame of an animation whose canvas is too large to exist whole, on a canvas scaled
/// to at most `max_pixels`: the frame decoded by libwebp's scaler straight into its place (over
/// a transparent canvas, the first frame is itself whatever its blending). A lossless frame is
/// decoded whole inside libwebp, so its own size is held to the lossless limit.
static int first_frame_scaled(WebPDemuxer *demux, int64_t cw, int64_t ch, int64_t max_pixels, const uint8_t *icc,
                              size_t icc_size, int32_t orientation, lumen_image *image, char *error) {
    WebPIterator frame;
    if (!WebPDemuxGetFrame(demux, 1, &frame)) return lumen_fail(error, "cannot decode the first frame of the WebP animation");
    WebPDecoderConfig config;
    int ok = WebPInitDecoderConfig(&config) && WebPGetFeatures(frame.fragment.bytes, frame.fragment.size, &config.input) == VP8_STATUS_OK;
    if (ok && config.input.format == 2 && (int64_t)frame.width * frame.height > LUMEN_CODEC_LOSSLESS_MAX_PIXELS) {
        WebPDemuxReleaseIterator(&frame);
        return lumen_fail(error, "its first frame, lossless %d×%d, exceeds the %lld-megapixel limit", frame.width, frame.height,
                          (long long)(LUMEN_CODEC_LOSSLESS_MAX_PIXELS / 1000000));
    }
    int32_t tw, th;
    double k = lumen_scale_to(cw, ch, max_pixels, &tw, &th);
    int32_t x = (int32_t)floor(frame.x_offset * k), y = (int32_t)floor(frame.y_offset * k);
    int32_t fw = (int32_t)ceil(frame.width * k), fh = (int32_t)ceil(frame.height * k);
    if (x + fw > tw) fw = tw - x;
    if (y + fh > th) fh = th - y;
    uint8_t *rgba = ok && fw > 0 && fh > 0 ? lumen_alloc_rgba(tw, th) : NULL;
    if (rgba) {
        memset(rgba, 0, (size_t)tw * th * 4);
        config.options.use_scaling = fw != frame.width || fh != frame.height;
        config.options.scaled_width = fw;
        config.options.scaled_height = fh;
        config.output.colorspace = MODE_RGBA;
        config.output.is_external_memory = 1;
        config.output.u.RGBA.rgba = rgba + ((size_t)y * tw + x) * 4;
        config.output.u.RGBA.stride = tw * 4;
        config.output.u.RGBA.size = (size_t)tw * th * 4 - ((size_t)y * tw + x) * 4;
        ok = WebPDecode(frame.fragment.bytes, frame.fragment.size, &config) == VP8_STATUS_OK;
        WebPFreeDecBuffer(&config.output);
    }
    WebPDemuxReleaseIterator(&frame);
    if (!rgba || !ok) { free(rgba); return lumen_fail(error, "cannot decode the first frame of the WebP animation"); }
    return lumen_finish_rgba(rgba, tw, th, icc, icc_size, orientation, image, error);
}

int lumen_webp_decode(const uint8_t *data, size_t size, int32_t width, int32_t height, int64_t max_pixels,
                      lumen_image *image, char *error) {
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config)) return lumen_fail(error, "libwebp version mismatch");
    if (WebPGetFeatures(data, size, &config.input) != VP8_STATUS_OK) return lumen_fail(error, "corrupt WebP header");
    const uint8_t *icc; size_t icc_size; int32_t orientation;
    metadata(data, size, &icc, &icc_size, &orientation);

    // A lossless still exists whole inside libwebp (its lossless decoder keeps every pixel):
    // refused above its limit before libwebp allocates for it.
    if (!config.input.has_animation && config.input.format == 2
        && (int64_t)config.input.width * config.input.height > LUMEN_CODEC_LOSSLESS_MAX_PIXELS)
        return lumen_fail(error, "lossless WebP of %d×%d exceeds the %lld-megapixel limit", config.input.width, config.input.height,
                          (long long)(LUMEN_CODEC_LOSSLESS_MAX_PIXELS / 1000000));
    if (config.input.has_animation) {
        WebPData bytes = { data, size };
        WebPDemuxer *demux = WebPDemux(&bytes);
        if (!demux) return lumen_fail(error, "corrupt WebP animation");
        int64_t cw = WebPDemuxGetI(demux, WEBP_FF_CANVAS_WIDTH), ch = WebPDemuxGetI(demux, WEBP_FF_CANVAS_HEIGHT);
        // A canvas is refused above the whole-decode limit; a large one is scaled, else whole.
        int large = cw * ch * 4 > LUMEN_CODEC_CHUNK_MAX_BYTES;
        int result = cw * ch > LUMEN_CODEC_WHOLE_MAX_PIXELS
            ? lumen_fail(error, "animated WebP of %lld×%lld exceeds the %lld-megapixel limit", (long long)cw, (long long)ch,
                         (long long)(LUMEN_CODEC_WHOLE_MAX_PIXELS / 1000000))
            : large ? first_frame_scaled(demux, cw, ch, max_pixels, icc, icc_size, orientation, image, error) : 0;
        WebPDemuxDelete(demux);
        if (large) return result;
        WebPAnimDecoderOptions options;
        WebPAnimDecoderOptionsInit(&options);
        options.color_mode = MODE_RGBA;
        options.use_threads = 0;
        WebPAnimDecoder *anim = WebPAnimDecoderNew(&bytes, &options);
        if (!anim) return lumen_fail(error, "cannot decode WebP animation");
        WebPAnimInfo info;
        uint8_t *frame = NULL;
        int timestamp = 0;
        if (!WebPAnimDecoderGetInfo(anim, &info) || !lumen_size_ok(info.canvas_width, info.canvas_height)
            || !WebPAnimDecoderGetNext(anim, &frame, &timestamp) || !frame) {
            WebPAnimDecoderDelete(anim);
            return lumen_fail(error, "cannot decode the first frame of the WebP animation");
        }
        uint8_t *rgba = lumen_alloc_rgba(info.canvas_width, info.canvas_height);
        if (!rgba) { WebPAnimDecoderDelete(anim); return lumen_fail(error, "out of memory"); }
        memcpy(rgba, frame, (size_t)info.canvas_width * info.canvas_height * 4);
        WebPAnimDecoderDelete(anim);
        return lumen_finish_rgba(rgba, (int32_t)info.canvas_width, (int32_t)info.canvas_height, icc, icc_size,
                                 orientation, image, error);
    }

    int32_t w = config.input.width, h = config.input.height;
    if (width > 0 && height > 0 && (width != w || height != h)) {
        config.options.use_scaling = 1;
        config.options.scaled_width = width;
        config.options.scaled_height = height;
        w = width; h = height;
    }
    if (!lumen_size_ok(w, h)) return lumen_fail(error, "WebP of %d×%d is too large to decode", w, h);
    uint8_t *rgba = lumen_alloc_rgba(w, h);
    if (!rgba) return lumen_fail(error, "out of memory");
    // Decode straight into our buffer: no second copy.
    config.output.colorspace = MODE_RGBA;
    config.output.is_external_memory = 1;
    config.output.u.RGBA.rgba = rgba;
    config.output.u.RGBA.stride = w * 4;
    config.output.u.RGBA.size = (size_t)w * (size_t)h * 4;
    VP8StatusCode status = WebPDecode(data, size, &config);
    WebPFreeDecBuffer(&config.output);
    if (status != VP8_STATUS_OK) {
        free(rgba);
        return lumen_fail(error, status == VP8_STATUS_NOT_ENOUGH_DATA ? "truncated WebP" : "cannot decode WebP (status %d)", (int)status);
    }
    return lumen_finish_rgba(rgba, w, h, icc, icc_size, orientation, image, error);
}
