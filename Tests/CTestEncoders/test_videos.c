// Test videos made with FFmpeg's own encoders (libx264, libvpx-vp9, FFmpeg's AAC), so that no
// video is stored in the repository: each frame is one flat colour of its own with a white bar
// at a place that moves one step a frame, so a frame read back tells which video and which
// frame it is.
#include "test_encoders.h"
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/opt.h>
#include <math.h>
#include <string.h>

/// Y, U, V of a colour given as R, G, B (BT.601, limited range, as x264 takes by default).
static void yuv(int r, int g, int b, int *y, int *u, int *v) {
    *y = 16 + (65 * r + 129 * g + 25 * b + 128) / 256;
    *u = 128 + (-37 * r - 74 * g + 112 * b + 128) / 256;
    *v = 128 + (112 * r - 94 * g - 18 * b + 128) / 256;
}

static void paint(AVFrame *f, int index, uint32_t rgb, int width, int height) {
    int y, u, v;
    yuv((rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255, &y, &u, &v);
    int bar = (index * 8) % (width > 8 ? width - 8 : 1);
    for (int row = 0; row < height; row++) {
        uint8_t *line = f->data[0] + row * f->linesize[0];
        memset(line, y, (size_t)width);
        if (row < height / 4) memset(line + bar, 235, 8);
    }
    for (int row = 0; row < (height + 1) / 2; row++) {
        memset(f->data[1] + row * f->linesize[1], u, (size_t)(width + 1) / 2);
        memset(f->data[2] + row * f->linesize[2], v, (size_t)(width + 1) / 2);
    }
}

static int write_packets(AVCodecContext *c, AVFrame *frame, AVFormatContext *out, AVStream *s, AVPacket *p) {
    if (avcodec_send_frame(c, frame) < 0) return -1;
    while (avcodec_receive_packet(c, p) == 0) {
        av_packet_rescale_ts(p, c->time_base, s->time_base);
        p->stream_index = s->index;
        if (av_interleaved_write_frame(out, p) < 0) return -1;
    }
    return 0;
}

int lumen_test_video(const char *path, const char *codec_name, int width, int height, int fps, int frames,
                     uint32_t rgb, int audio, int index_in_front) {
    av_log_set_level(AV_LOG_ERROR);
    AVFormatContext *out = NULL;
    if (avformat_alloc_output_context2(&out, NULL, NULL, path) < 0) return -1;
    const AVCodec *codec = avcodec_find_encoder_by_name(codec_name);
    AVStream *vs = avformat_new_stream(out, NULL);
    AVCodecContext *c = codec ? avcodec_alloc_context3(codec) : NULL;
    if (!c || !vs) return -1;
    c->width = width; c->height = height; c->pix_fmt = AV_PIX_FMT_YUV420P;
    c->time_base = (AVRational){1, fps}; c->framerate = (AVRational){fps, 1}; c->gop_size = fps;
    if (out->oformat->flags & AVFMT_GLOBALHEADER) c->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    av_opt_set(c->priv_data, "preset", "ultrafast", 0);
    av_opt_set(c->priv_data, "deadline", "realtime", 0);
    av_opt_set_int(c->priv_data, "cpu-used", 8, 0);
    if (avcodec_open2(c, codec, NULL) < 0) return -1;
    avcodec_parameters_from_context(vs->codecpar, c);
    vs->time_base = c->time_base;
    AVCodecContext *a = NULL;
    AVStream *as = NULL;
    if (audio) {
        const AVCodec *aac = avcodec_find_encoder(AV_CODEC_ID_AAC);
        as = avformat_new_stream(out, NULL);
        a = avcodec_alloc_context3(aac);
        a->sample_fmt = AV_SAMPLE_FMT_FLTP; a->sample_rate = 48000; a->bit_rate = 96000;
        av_channel_layout_default(&a->ch_layout, 2);
        a->time_base = (AVRational){1, 48000};
        if (out->oformat->flags & AVFMT_GLOBALHEADER) a->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
        if (avcodec_open2(a, aac, NULL) < 0) return -1;
        avcodec_parameters_from_context(as->codecpar, a);
        as->time_base = a->time_base;
    }
    if (avio_open(&out->pb, path, AVIO_FLAG_WRITE) < 0) return -1;
    AVDictionary *options = NULL;
    if (index_in_front) av_dict_set(&options, "movflags", "+faststart", 0);
    if (avformat_write_header(out, &options) < 0) return -1;
    av_dict_free(&options);
    AVFrame *f = av_frame_alloc();
    f->format = c->pix_fmt; f->width = width; f->height = height;
    av_frame_get_buffer(f, 0);
    AVPacket *p = av_packet_alloc();
    AVFrame *af = NULL;
    int64_t samples = 0;
    if (a) {
        af = av_frame_alloc();
        af->format = a->sample_fmt; af->nb_samples = a->frame_size; af->sample_rate = 48000;
        av_channel_layout_copy(&af->ch_layout, &a->ch_layout);
        av_frame_get_buffer(af, 0);
    }
    for (int i = 0; i < frames; i++) {
        av_frame_make_writable(f);
        paint(f, i, rgb, width, height);
        f->pts = i;
        if (write_packets(c, f, out, vs, p) < 0) return -1;
        // The audio up to this frame's end: a 440 Hz tone.
        while (a && samples * fps < (int64_t)(i + 1) * 48000) {
            av_frame_make_writable(af);
            for (int ch = 0; ch < 2; ch++) {
                float *d = (float *)af->data[ch];
                for (int k = 0; k < af->nb_samples; k++) d[k] = 0.2f * sinf(2 * 3.14159265f * 440 * (float)(samples + k) / 48000);
            }
            af->pts = samples;
            samples += af->nb_samples;
            if (write_packets(a, af, out, as, p) < 0) return -1;
        }
    }
    write_packets(c, NULL, out, vs, p);
    if (a) write_packets(a, NULL, out, as, p);
    av_write_trailer(out);
    avio_closep(&out->pb);
    av_packet_free(&p);
    av_frame_free(&f);
    av_frame_free(&af);
    avcodec_free_context(&c);
    avcodec_free_context(&a);
    avformat_free_context(out);
    return 0;
}

int lumen_test_tiny_packets(const char *path, int count) {
    AVFormatContext *out = NULL;
    if (avformat_alloc_output_context2(&out, NULL, "matroska", path) < 0) return -1;
    AVStream *s = avformat_new_stream(out, NULL);
    s->codecpar->codec_type = AVMEDIA_TYPE_VIDEO;
    s->codecpar->codec_id = AV_CODEC_ID_MPEG4;
    s->codecpar->width = 16; s->codecpar->height = 16;
    s->time_base = (AVRational){1, 1000};
    if (avio_open(&out->pb, path, AVIO_FLAG_WRITE) < 0 || avformat_write_header(out, NULL) < 0) return -1;
    AVPacket *p = av_packet_alloc();
    uint8_t byte = 0;
    for (int i = 0; i < count; i++) {
        av_new_packet(p, 1);
        p->data[0] = byte++;
        p->pts = p->dts = i;
        p->stream_index = 0;
        if (av_interleaved_write_frame(out, p) < 0) return -1;
    }
    av_write_trailer(out);
    avio_closep(&out->pb);
    av_packet_free(&p);
    avformat_free_context(out);
    return 0;
}
