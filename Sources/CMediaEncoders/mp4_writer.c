// H.264 in MP4 through FFmpeg: libswscale turns the frames into yuv420p (BT.709, limited
// range, tagged so browsers show the colours as drawn), libx264 encodes them at a constant
// rate factor, libavformat muxes them with the index at the front (`+faststart`), as a
// browser wants it. Bit-exact flags make the same frames give the same bytes.
#include "media_encoders.h"
#include "ffmpeg_library.h"
#include <stdio.h>
#include <string.h>

enum { RING = 512 };

struct lumen_mp4 {
    AVFormatContext *format;
    AVCodecContext *codec;
    AVStream *stream;
    struct SwsContext *scale;
    AVFrame *frame, *pending;    // the frame being converted; the one waiting for its duration
    int has_pending;
    AVPacket *packet;
    int width, height;
    // Each frame's duration by its pts, for the packets that come out later (reordered).
    int64_t ring_pts[RING], ring_duration[RING];
    int ring_next;
};

static int av_failed(char *error, const char *step, int code) {
    char text[AV_ERROR_MAX_STRING_SIZE] = {0};
    FF(av_strerror)(code, text, sizeof text);
    snprintf(error, LUMEN_MEDIA_ERROR_SIZE, "%s: %s", step, text);
    return 0;
}

static int64_t duration_of(const lumen_mp4 *m, int64_t pts) {
    for (int i = 1; i <= RING; i++) {
        int k = (m->ring_next - i + RING) % RING;
        if (m->ring_pts[k] == pts) return m->ring_duration[k];
    }
    return 0;
}

/// Every packet the encoder has ready, into the file.
static int drain(lumen_mp4 *m, char *error) {
    for (;;) {
        int r = FF(avcodec_receive_packet)(m->codec, m->packet);
        if (r == AVERROR(EAGAIN) || r == AVERROR_EOF) return 1;
        if (r < 0) return av_failed(error, "the H.264 encoder failed", r);
        m->packet->duration = duration_of(m, m->packet->pts);
        FF(av_packet_rescale_ts)(m->packet, m->codec->time_base, m->stream->time_base);
        m->packet->stream_index = m->stream->index;
        r = FF(av_interleaved_write_frame)(m->format, m->packet);
        if (r < 0) return av_failed(error, "cannot write the MP4", r);
    }
}

lumen_mp4 *lumen_mp4_open(const char *path, int width, int height, int tb_num, int tb_den, double fps, int crf,
                          const char *preset, int threads, char *error) {
    if (width < 2 || height < 2 || width % 2 || height % 2) { snprintf(error, LUMEN_MEDIA_ERROR_SIZE, "an MP4 frame is even-sized, got %d x %d", width, height); return NULL; }
    const char *missing = lumen_ffmpeg_load();
    if (missing) { snprintf(error, LUMEN_MEDIA_ERROR_SIZE, "cannot write an MP4: %s", missing); return NULL; }
    FF(av_log_set_level)(AV_LOG_ERROR);   // x264 and the muxer report progress on stderr otherwise
    const AVCodec *h264 = FF(avcodec_find_encoder_by_name)("libx264");
    if (!h264) { snprintf(error, LUMEN_MEDIA_ERROR_SIZE, "FFmpeg here has no H.264 encoder (libx264)"); return NULL; }
    lumen_mp4 *m = FF(av_mallocz)(sizeof *m);
    if (!m) { snprintf(error, LUMEN_MEDIA_ERROR_SIZE, "out of memory"); return NULL; }
    for (int i = 0; i < RING; i++) m->ring_pts[i] = INT64_MIN;
    m->width = width; m->height = height;
    int r = FF(avformat_alloc_output_context2)(&m->format, NULL, "mp4", path);
    if (r < 0) { av_failed(error, "libavformat has no MP4 muxer", r); lumen_mp4_abort(m); return NULL; }
    m->format->flags |= AVFMT_FLAG_BITEXACT;
    m->stream = FF(avformat_new_stream)(m->format, NULL);
    m->codec = FF(avcodec_alloc_context3)(h264);
    m->frame = FF(av_frame_alloc)();
    m->pending = FF(av_frame_alloc)();
    m->packet = FF(av_packet_alloc)();
    if (!m->stream || !m->codec || !m->frame || !m->pending || !m->packet) { snprintf(error, LUMEN_MEDIA_ERROR_SIZE, "out of memory"); lumen_mp4_abort(m); return NULL; }
    AVCodecContext *c = m->codec;
    c->width = width; c->height = height;
    c->pix_fmt = AV_PIX_FMT_YUV420P;
    c->time_base = (AVRational){tb_num, tb_den};
    c->framerate = FF(av_d2q)(fps, 100000);
    c->gop_size = (int)(fps * 2 + 0.5);   // a key frame every 2 s, for seeking
    c->thread_count = threads;
    c->color_range = AVCOL_RANGE_MPEG;
    c->colorspace = AVCOL_SPC_BT709; c->color_primaries = AVCOL_PRI_BT709; c->color_trc = AVCOL_TRC_BT709;
    c->flags |= AV_CODEC_FLAG_BITEXACT;
    if (m->format->oformat->flags & AVFMT_GLOBALHEADER) c->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    FF(av_opt_set)(c->priv_data, "preset", preset, 0);
    FF(av_opt_set_double)(c->priv_data, "crf", crf, 0);
    if ((r = FF(avcodec_open2)(c, h264, NULL)) < 0) { av_failed(error, "cannot start the H.264 encoder", r); lumen_mp4_abort(m); return NULL; }
    FF(avcodec_parameters_from_context)(m->stream->codecpar, c);
    m->stream->time_base = c->time_base;
    m->stream->avg_frame_rate = c->framerate;
    if ((r = FF(avio_open)(&m->format->pb, path, AVIO_FLAG_WRITE)) < 0) { av_failed(error, "cannot write the MP4", r); lumen_mp4_abort(m); return NULL; }
    AVDictionary *options = NULL;
    FF(av_dict_set)(&options, "movflags", "+faststart", 0);
    r = FF(avformat_write_header)(m->format, &options);
    FF(av_dict_free)(&options);
    if (r < 0) { av_failed(error, "cannot write the MP4", r); lumen_mp4_abort(m); return NULL; }
    m->scale = FF(sws_getContext)(width, height, AV_PIX_FMT_BGRA, width, height, AV_PIX_FMT_YUV420P,
                              SWS_BILINEAR | SWS_ACCURATE_RND | SWS_BITEXACT, NULL, NULL, NULL);
    if (!m->scale) { snprintf(error, LUMEN_MEDIA_ERROR_SIZE, "libswscale cannot convert to yuv420p"); lumen_mp4_abort(m); return NULL; }
    // sRGB pixels (full range) to BT.709 limited range, as the stream is tagged.
    FF(sws_setColorspaceDetails)(m->scale, FF(sws_getCoefficients)(SWS_CS_ITU709), 1, FF(sws_getCoefficients)(SWS_CS_ITU709), 0, 0, 1 << 16, 1 << 16);
    for (int i = 0; i < 2; i++) {
        AVFrame *f = i ? m->pending : m->frame;
        f->format = AV_PIX_FMT_YUV420P; f->width = width; f->height = height;
        if ((r = FF(av_frame_get_buffer)(f, 0)) < 0) { av_failed(error, "out of memory for a frame", r); lumen_mp4_abort(m); return NULL; }
    }
    return m;
}

/// Sends the frame waiting for its duration, which ends at `until`.
static int send_pending(lumen_mp4 *m, int64_t until, char *error) {
    if (!m->has_pending) return 1;
    m->has_pending = 0;
    m->ring_pts[m->ring_next] = m->pending->pts;
    m->ring_duration[m->ring_next] = until > m->pending->pts ? until - m->pending->pts : 1;
    m->ring_next = (m->ring_next + 1) % RING;
    int r = FF(avcodec_send_frame)(m->codec, m->pending);
    if (r < 0) return av_failed(error, "the H.264 encoder refused a frame", r);
    return drain(m, error);
}

int lumen_mp4_add(lumen_mp4 *m, const uint32_t *pixels, size_t stride, int64_t pts, char *error) {
    if (m->has_pending && pts <= m->pending->pts) pts = m->pending->pts + 1;
    if (!send_pending(m, pts, error)) return 0;
    int r = FF(av_frame_make_writable)(m->frame);
    if (r < 0) return av_failed(error, "out of memory for a frame", r);
    const uint8_t *planes[1] = {(const uint8_t *)pixels};
    const int strides[1] = {(int)(stride * 4)};
    FF(sws_scale)(m->scale, planes, strides, 0, m->height, m->frame->data, m->frame->linesize);
    m->frame->pts = pts;
    AVFrame *t = m->pending; m->pending = m->frame; m->frame = t;
    m->has_pending = 1;
    return 1;
}

int lumen_mp4_finish(lumen_mp4 *m, int64_t end, char *error) {
    int ok = send_pending(m, end, error) && FF(avcodec_send_frame)(m->codec, NULL) >= 0 && drain(m, error);
    if (ok) {
        int r = FF(av_write_trailer)(m->format);
        if (r < 0 || (m->format->pb && m->format->pb->error < 0)) ok = av_failed(error, "cannot write the MP4", r < 0 ? r : m->format->pb->error);
    }
    if (ok && m->format->pb) {
        FF(avio_flush)(m->format->pb);
        if (m->format->pb->error < 0) ok = av_failed(error, "cannot write the MP4", m->format->pb->error);
    }
    lumen_mp4_abort(m);
    return ok;
}

void lumen_mp4_abort(lumen_mp4 *m) {
    if (!m) return;
    FF(sws_freeContext)(m->scale);
    FF(av_frame_free)(&m->frame);
    FF(av_frame_free)(&m->pending);
    FF(av_packet_free)(&m->packet);
    FF(avcodec_free_context)(&m->codec);
    if (m->format) {
        if (m->format->pb) FF(avio_closep)(&m->format->pb);
        FF(avformat_free_context)(m->format);
    }
    FF(av_free)(m);
}
