// A pass through the video: packets read and fed to their decoders, pictures out in
// presentation order and converted to BGRA by libswscale, audio turned into S16 stereo at
// 48 kHz by libswresample and sent as it comes, and the way back to the start for the next
// pass.
#define _GNU_SOURCE
#include "video_worker.h"
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

/// Packets in a row the video decoder refuses before the stream counts as broken off.
enum { ERRORS_BEFORE_BROKEN = 256 };

static void av_text(int code, char *text, size_t size) {
    if (VFF(av_strerror)(code, text, size) < 0) snprintf(text, size, "error %d", code);
}

/// Notes why the stream broke off (the first reason only).
static void note_broken(struct video_worker *w, const char *format, ...) {
    if (w->broken[0]) return;
    va_list args;
    va_start(args, format);
    vsnprintf(w->broken, sizeof w->broken, format, args);
    va_end(args);
}

/// Where this pass has got to, for messages: the end of its last picture.
static double pass_seconds(const struct video_worker *w) {
    return w->pass_frames > 0 ? video_seconds(w->pass_last_us + w->pass_last_duration_us) : 0;
}

// MARK: Audio

static int resampler_fits(const struct video_worker *w, const AVFrame *f) {
    return w->resampler && f->sample_rate == w->resampler_rate && f->format == w->resampler_format
        && VFF(av_channel_layout_compare)(&f->ch_layout, &w->resampler_layout) == 0;
}

/// A resampler from `f`'s format to S16 stereo at 48 kHz; a layout without channel order
/// (just a count) is taken as that count's usual layout.
static int make_resampler(struct video_worker *w, const AVFrame *f) {
    VFF(swr_free)(&w->resampler);
    VFF(av_channel_layout_uninit)(&w->resampler_layout);
    if (f->ch_layout.nb_channels < 1 || f->sample_rate < 1) return -1;
    AVChannelLayout in = { 0 }, stereo = AV_CHANNEL_LAYOUT_STEREO;
    if (f->ch_layout.order == AV_CHANNEL_ORDER_UNSPEC) VFF(av_channel_layout_default)(&in, f->ch_layout.nb_channels);
    else if (VFF(av_channel_layout_copy)(&in, &f->ch_layout) < 0) return -1;
    int ret = VFF(swr_alloc_set_opts2)(&w->resampler, &stereo, AV_SAMPLE_FMT_S16, LUMEN_VIDEO_AUDIO_RATE,
                                       &in, (enum AVSampleFormat)f->format, f->sample_rate, 0, NULL);
    if (ret >= 0) ret = VFF(swr_init)(w->resampler);
    VFF(av_channel_layout_uninit)(&in);
    if (ret < 0 || VFF(av_channel_layout_copy)(&w->resampler_layout, &f->ch_layout) < 0) {
        VFF(swr_free)(&w->resampler);
        return -1;
    }
    w->resampler_rate = f->sample_rate;
    w->resampler_format = f->format;
    return 0;
}

static int reserve_audio(struct video_worker *w, int frames) {
    if (frames <= w->audio_capacity) return 0;
    VFF(av_free)(w->audio_samples);
    w->audio_samples = VFF(av_malloc)((size_t)frames * 4);
    w->audio_capacity = w->audio_samples ? frames : 0;
    return w->audio_samples ? 0 : -1;
}

/// Sends `frames` converted sample frames starting at `pts_us` in AUDIO messages of at most
/// LUMEN_VIDEO_AUDIO_MAX_BYTES.
static int send_audio(struct video_worker *w, const uint8_t *samples, int frames, int64_t pts_us) {
    const int most = LUMEN_VIDEO_AUDIO_MAX_BYTES / 4;
    for (int done = 0; done < frames; done += most) {
        int n = frames - done < most ? frames - done : most;
        uint8_t *m = w->audio_message;
        video_put_u32(m, LUMEN_VIDEO_AUDIO);
        video_put_u32(m + 4, (uint32_t)n * 4);
        video_put_i64(m + 8, pts_us + (int64_t)done * 1000000 / LUMEN_VIDEO_AUDIO_RATE);
        memcpy(m + LUMEN_VIDEO_AUDIO_HEADER_SIZE, samples + (size_t)done * 4, (size_t)n * 4);
        if (video_send(w, m, LUMEN_VIDEO_AUDIO_HEADER_SIZE + (size_t)n * 4) != 0) return -1;
    }
    return 0;
}

/// Converts a decoded audio frame (NULL: what the resampler still holds) and sends it. The
/// output's time is the frame's less what the resampler had buffered; a frame without a time
/// follows on from the last. 0, or -1 when the app went away (audio that cannot be converted
/// is dropped: the video plays on).
static int convert_audio(struct video_worker *w, const AVFrame *f) {
    if (f && !resampler_fits(w, f) && make_resampler(w, f) != 0) return 0;
    if (!w->resampler) return 0;
    int64_t start_us = w->next_audio_us;
    if (f && f->best_effort_timestamp != AV_NOPTS_VALUE) {
        int64_t buffered = VFF(swr_get_delay)(w->resampler, LUMEN_VIDEO_AUDIO_RATE);
        start_us = video_us(f->best_effort_timestamp, w->audio_stream->time_base) - w->origin_us + w->offset_us
                 - buffered * 1000000 / LUMEN_VIDEO_AUDIO_RATE;
    }
    int in = f ? f->nb_samples : 0;
    int out = VFF(swr_get_out_samples)(w->resampler, in);
    if (out <= 0 || reserve_audio(w, out) != 0) return 0;
    int got = VFF(swr_convert)(w->resampler, &w->audio_samples, out, f ? (const uint8_t **)f->extended_data : NULL, in);
    if (got <= 0) return 0;
    w->next_audio_us = start_us + (int64_t)got * 1000000 / LUMEN_VIDEO_AUDIO_RATE;
    return send_audio(w, w->audio_samples, got, start_us);
}

/// Decodes an audio packet (NULL: drains the decoder and the resampler at the end) and
/// sends what comes out. A packet the decoder refuses is skipped.
static int decode_audio(struct video_worker *w, const AVPacket *packet) {
    int ret = VFF(avcodec_send_packet)(w->audio, packet);
    if (ret < 0 && ret != AVERROR_EOF) return 0;
    while (VFF(avcodec_receive_frame)(w->audio, w->audio_frame) == 0) {
        ret = convert_audio(w, w->audio_frame);
        VFF(av_frame_unref)(w->audio_frame);
        if (ret < 0) return -1;
    }
    return packet ? 0 : convert_audio(w, NULL);
}

// MARK: Video

/// Counts a packet or picture the decoder refused: 1 once there have been too many in a row,
/// or at once when the decoder ran out of memory (the worker's address space is bounded).
static int note_decode_error(struct video_worker *w, int code) {
    if (code == AVERROR(ENOMEM)) {
        w->errors_in_row = ERRORS_BEFORE_BROKEN;
        note_broken(w, "the %dx%d video does not fit in the worker's memory (at %.1f s)",
                    w->video_stream->codecpar->width, w->video_stream->codecpar->height, pass_seconds(w));
        return 1;
    }
    w->errors_in_pass++;
    if (++w->errors_in_row < ERRORS_BEFORE_BROKEN) return 0;
    note_broken(w, "the video is corrupt from %.1f s on", pass_seconds(w));
    return 1;
}

/// The demuxer at its end: the decoders are told, and give what they still hold.
static int start_draining(struct video_worker *w) {
    w->draining = 1;
    VFF(avcodec_send_packet)(w->video, NULL);
    return w->audio ? decode_audio(w, NULL) : 0;
}

/// Reads one packet and hands it to its decoder (a video packet) or decodes it (audio). Any
/// read error ends the pass (as FFmpeg's own tools do); one that is not the end of the file
/// means the stream broke off. 0, or -1 when the app went away.
static int feed_decoders(struct video_worker *w) {
    AVPacket *packet = w->packet;
    int ret = VFF(av_read_frame)(w->format, packet);
    if (ret < 0) {
        if (w->app_gone) return -1;
        if (ret != AVERROR_EOF) {
            char text[AV_ERROR_MAX_STRING_SIZE];
            av_text(ret, text, sizeof text);
            note_broken(w, "the stream breaks off at %.1f s (%s)", pass_seconds(w), text);
        }
        return start_draining(w);
    }
    if (packet->stream_index == w->video_index) {
        ret = VFF(avcodec_send_packet)(w->video, packet);
        if (ret < 0 && ret != AVERROR(EAGAIN)) note_decode_error(w, ret);
    } else if (packet->stream_index == w->audio_index) {
        ret = decode_audio(w, packet);
        VFF(av_packet_unref)(packet);
        return ret;
    }
    VFF(av_packet_unref)(packet);
    return 0;
}

int video_next_frame(struct video_worker *w) {
    for (;;) {
        int ret = VFF(avcodec_receive_frame)(w->video, w->frame);
        if (ret == 0) { w->errors_in_row = 0; return 1; }
        if (ret == AVERROR_EOF) return 0;
        if (ret != AVERROR(EAGAIN)) {
            if (note_decode_error(w, ret)) return 0;
            continue;
        }
        if (w->draining || w->errors_in_row >= ERRORS_BEFORE_BROKEN) return 0;
        if (feed_decoders(w) != 0) return -1;
    }
}

void video_frame_time(const struct video_worker *w, int64_t *time_us, int64_t *duration_us) {
    const AVFrame *f = w->frame;
    AVRational base = w->video_stream->time_base;
    *duration_us = f->pkt_duration > 0 ? video_us(f->pkt_duration, base) : w->default_duration_us;
    if (f->best_effort_timestamp != AV_NOPTS_VALUE) *time_us = video_us(f->best_effort_timestamp, base) - w->origin_us;
    else *time_us = w->pass_frames > 0 ? w->pass_last_us + w->pass_last_duration_us : 0;
}

void video_check_pass_length(struct video_worker *w) {
    if (w->broken[0] || w->pass_frames == 0 || w->expected_end_us <= 0 || w->length_slack_us <= 0) return;
    int64_t end = w->pass_last_us + w->pass_last_duration_us;
    if (end + w->length_slack_us >= w->expected_end_us) return;
    if (w->errors_in_pass == 0) {
        note_broken(w, "the file ends early at %.1f s of %.1f s", video_seconds(end), video_seconds(w->expected_end_us));
        return;
    }
    // Decoders report a picture they had no memory for as bad data: say both.
    int slots = 0;
    for (int i = 0; i < LUMEN_VIDEO_MAX_SLOTS; i++) slots += w->slots[i].pixels != NULL;
    note_broken(w, "decoding stops at %.1f s of %.1f s: %d packets refused (a corrupt file, or one over the "
                "worker's memory beside %d slots of %zu MB)", video_seconds(end), video_seconds(w->expected_end_us),
                w->errors_in_pass, slots, w->slot_bytes >> 20);
}

// MARK: Pictures

/// libswscale's name for the picture's colour matrix; an unmarked one is taken as HD video's
/// (BT.709) from 720 lines up and SD's (BT.601) below, as players do.
static int matrix_of(const AVFrame *f) {
    switch (f->colorspace) {
    case AVCOL_SPC_BT709: return SWS_CS_ITU709;
    case AVCOL_SPC_FCC: return SWS_CS_FCC;
    case AVCOL_SPC_BT470BG: case AVCOL_SPC_SMPTE170M: return SWS_CS_ITU601;
    case AVCOL_SPC_SMPTE240M: return SWS_CS_SMPTE240M;
    case AVCOL_SPC_BT2020_NCL: case AVCOL_SPC_BT2020_CL: return SWS_CS_BT2020;
    default: return f->height >= 720 ? SWS_CS_ITU709 : SWS_CS_ITU601;
    }
}

/// Full-range luma: marked so, or one of the deprecated JPEG formats (full range by name).
static int is_full_range(const AVFrame *f) {
    switch (f->format) {
    case AV_PIX_FMT_YUVJ420P: case AV_PIX_FMT_YUVJ422P: case AV_PIX_FMT_YUVJ444P:
    case AV_PIX_FMT_YUVJ440P: case AV_PIX_FMT_YUVJ411P: return 1;
    default: return f->color_range == AVCOL_RANGE_JPEG;
    }
}

/// The converter for this picture's size, format and colours, made again when they change
/// midway (the output size stays).
static int ensure_scaler(struct video_worker *w, const AVFrame *f, char *reason) {
    int matrix = matrix_of(f), full = is_full_range(f);
    if (w->scaler && f->width == w->scaler_width && f->height == w->scaler_height && f->format == w->scaler_format
        && matrix == w->scaler_space && full == w->scaler_range) return 0;
    VFF(sws_freeContext)(w->scaler);
    w->scaler = VFF(sws_getContext)(f->width, f->height, (enum AVPixelFormat)f->format, w->width, w->height,
                                    AV_PIX_FMT_BGRA, SWS_BILINEAR, NULL, NULL, NULL);
    if (!w->scaler) {
        const char *name = VFF(av_get_pix_fmt_name)((enum AVPixelFormat)f->format);
        snprintf(reason, LUMEN_VIDEO_MESSAGE_SIZE, "pictures of %dx%d in %s cannot be converted",
                 f->width, f->height, name ? name : "an unknown format");
        return -1;
    }
    const AVPixFmtDescriptor *d = VFF(av_pix_fmt_desc_get)((enum AVPixelFormat)f->format);
    if (d && !(d->flags & (AV_PIX_FMT_FLAG_RGB | AV_PIX_FMT_FLAG_PAL)))
        VFF(sws_setColorspaceDetails)(w->scaler, VFF(sws_getCoefficients)(matrix), full,
                                      VFF(sws_getCoefficients)(SWS_CS_DEFAULT), 1, 0, 1 << 16, 1 << 16);
    w->scaler_width = f->width;
    w->scaler_height = f->height;
    w->scaler_format = f->format;
    w->scaler_space = matrix;
    w->scaler_range = full;
    return 0;
}

/// A picture with transparency (a GIF's, a PNG stream's) shown over black: premultiplied,
/// then opaque, as the app takes every picture to be.
static void flatten_onto_black(uint8_t *pixels, size_t count) {
    for (size_t i = 0; i < count; i++, pixels += 4) {
        unsigned a = pixels[3];
        if (a == 255) continue;
        for (int c = 0; c < 3; c++) pixels[c] = (uint8_t)((pixels[c] * a + 127) / 255);
        pixels[3] = 255;
    }
}

int video_convert_frame(struct video_worker *w, uint8_t *pixels, char *reason) {
    const AVFrame *f = w->frame;
    if (ensure_scaler(w, f, reason) != 0) return -1;
    // A width swscale writes past (see `bounce`): into memory with a block's room after it.
    uint8_t *out = pixels;
    if (w->width % VIDEO_SCALER_BLOCK != 0) {
        if (!w->bounce) w->bounce = malloc(w->slot_bytes + VIDEO_SCALER_BLOCK * 4 * 4);
        if (!w->bounce) { snprintf(reason, LUMEN_VIDEO_MESSAGE_SIZE, "out of memory"); return -1; }
        out = w->bounce;
    }
    uint8_t *planes[4] = { out, NULL, NULL, NULL };
    int strides[4] = { w->width * 4, 0, 0, 0 };
    int rows = VFF(sws_scale)(w->scaler, (const uint8_t *const *)f->data, f->linesize, 0, f->height, planes, strides);
    if (rows <= 0) {
        snprintf(reason, LUMEN_VIDEO_MESSAGE_SIZE, "a picture at %.1f s cannot be converted", pass_seconds(w));
        return -1;
    }
    if (out != pixels) memcpy(pixels, out, w->slot_bytes);
    const AVPixFmtDescriptor *d = VFF(av_pix_fmt_desc_get)((enum AVPixelFormat)f->format);
    if (d && (d->flags & AV_PIX_FMT_FLAG_ALPHA)) flatten_onto_black(pixels, (size_t)w->width * (size_t)w->height);
    return 0;
}

// MARK: Looping

/// Seeks to the start: by the video stream's time, else the file's, else to its first byte
/// (demuxers that find their way from anywhere, as MPEG-TS does).
static int seek_to_start(struct video_worker *w) {
    const AVStream *st = w->video_stream;
    int64_t stream_start = st->start_time != AV_NOPTS_VALUE ? st->start_time : 0;
    int64_t file_start = w->format->start_time != AV_NOPTS_VALUE ? w->format->start_time : 0;
    if (VFF(av_seek_frame)(w->format, w->video_index, stream_start, AVSEEK_FLAG_BACKWARD) >= 0) return 0;
    if (VFF(av_seek_frame)(w->format, -1, file_start, AVSEEK_FLAG_BACKWARD) >= 0) return 0;
    return VFF(av_seek_frame)(w->format, -1, 0, AVSEEK_FLAG_BYTE) >= 0 ? 0 : -1;
}

int video_rewind(struct video_worker *w) {
    if (!w->seekable || seek_to_start(w) != 0) return -1;
    VFF(avcodec_flush_buffers)(w->video);
    if (w->audio) VFF(avcodec_flush_buffers)(w->audio);
    // The resampler was drained at the end of the pass: a fresh one for the next.
    VFF(swr_free)(&w->resampler);
    VFF(av_channel_layout_uninit)(&w->resampler_layout);
    // The next pass starts where this one's last picture ended.
    w->offset_us += w->pass_last_us + w->pass_last_duration_us;
    w->next_audio_us = w->offset_us;
    w->pass++;
    w->pass_frames = 0;
    w->draining = 0;
    w->errors_in_row = w->errors_in_pass = 0;
    w->broken[0] = 0;
    return 0;
}
