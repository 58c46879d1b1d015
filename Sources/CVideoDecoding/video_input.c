// The file a video worker plays: read from its descriptor through a custom AVIOContext (the
// sandbox allows no open), demuxed by libavformat with bounded probing, its best video stream
// checked against the sizes Lumen plays and its decoder opened with a fixed thread count.
#define _GNU_SOURCE
#include "video_worker.h"
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

enum {
    IO_BUFFER_BYTES = 64 * 1024,
    PROBE_BYTES = 5 << 20,          // probesize: what find_stream_info reads at most
    ANALYZE_SECONDS = 5,            // analyzeduration
    DECODER_THREADS = 2,            // never 0: "auto" asks av_cpu_count, which may read /sys
};

static void av_text(int code, char *text, size_t size) {
    if (VFF(av_strerror)(code, text, size) < 0) snprintf(text, size, "error %d", code);
}

// MARK: Reading the descriptor

/// Waits until a pipe has data (or its end), or the app closes the socket: a FIFO nobody
/// writes must not keep the worker alive (or spinning) after the app gave up on it. The
/// socket is polled for no event: its hang-up is reported all the same, while requests
/// waiting on it are not (they are read between frames).
static int wait_for_input(struct video_worker *w) {
    struct pollfd p[2] = { { w->fd, POLLIN, 0 }, { w->socket, 0, 0 } };
    for (;;) {
        int n = poll(p, 2, -1);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 || (p[1].revents & (POLLHUP | POLLERR | POLLNVAL))) { w->app_gone = 1; return -1; }
        return 0;
    }
}

/// FFmpeg's read: pread at the worker's own position for a regular file (whatever the
/// descriptor's shared offset), read for a pipe after waiting for it.
static int read_input(void *opaque, uint8_t *buffer, int size) {
    struct video_worker *w = opaque;
    for (;;) {
        if (!w->seekable && wait_for_input(w) != 0) return AVERROR_EXIT;
        ssize_t n = w->seekable ? pread(w->fd, buffer, (size_t)size, (off_t)w->position)
                                : read(w->fd, buffer, (size_t)size);
        if (n > 0) { w->position += n; return (int)n; }
        if (n == 0) return AVERROR_EOF;
        if (errno == EINTR || errno == EAGAIN) continue;
        return AVERROR(errno);
    }
}

/// FFmpeg's seek, for a regular file: the position moves, the size comes from fstat.
static int64_t seek_input(void *opaque, int64_t offset, int whence) {
    struct video_worker *w = opaque;
    struct stat st;
    whence &= ~AVSEEK_FORCE;
    if ((whence == AVSEEK_SIZE || whence == SEEK_END) && fstat(w->fd, &st) != 0) return AVERROR(errno);
    if (whence == AVSEEK_SIZE) return (int64_t)st.st_size;
    int64_t base = whence == SEEK_SET ? 0 : whence == SEEK_CUR ? w->position : whence == SEEK_END ? (int64_t)st.st_size : -1;
    if (base < 0 || (offset < 0 && base + offset < 0)) return AVERROR(EINVAL);
    w->position = base + offset;
    return w->position;
}

/// Any other file a demuxer would open (an HLS or DASH playlist's segments, a concat list's
/// files, an image sequence, a QuickTime reference): refused here rather than trapped by the
/// filter, which ends the worker on open.
static int refuse_nested_open(struct AVFormatContext *s, AVIOContext **pb, const char *url, int flags,
                              AVDictionary **options) {
    (void)s; (void)pb; (void)url; (void)flags; (void)options;
    return AVERROR(EPERM);
}

static int make_io(struct video_worker *w) {
    struct stat st;
    if (fstat(w->fd, &st) != 0) return -1;
    // Only a regular file seeks: pipes, FIFOs and devices are read once, front to back.
    w->seekable = S_ISREG(st.st_mode);
    w->position = 0;
    uint8_t *buffer = VFF(av_malloc)(IO_BUFFER_BYTES);
    if (!buffer) return -1;
    w->io = VFF(avio_alloc_context)(buffer, IO_BUFFER_BYTES, 0, w, read_input, NULL, w->seekable ? seek_input : NULL);
    if (!w->io) { VFF(av_free)(buffer); return -1; }
    return 0;
}

// MARK: The streams

/// Demuxers that open other files by name (a playlist's segments, a list's files, a session
/// description's network streams): the worker has no names and may open nothing.
static int refers_to_other_files(const AVInputFormat *format) {
    static const char *const names[] = { "concat", "hls", "dash", "imf", "sdp", "rtsp" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) if (strcmp(format->name, names[i]) == 0) return 1;
    return 0;
}

/// A still picture FFmpeg reads as a one-frame video (image2 and the *_pipe demuxers): not a
/// video (photos go to the photo decoders).
static int is_still_picture(const AVInputFormat *format) {
    size_t n = strlen(format->name);
    return strcmp(format->name, "image2") == 0 || (n > 5 && strcmp(format->name + n - 5, "_pipe") == 0);
}

/// Which demuxer reads the file, refused here when it is not one of a video file.
static const AVInputFormat *probe_format(struct video_worker *w, char *reason) {
    const AVInputFormat *format = NULL;
    char text[AV_ERROR_MAX_STRING_SIZE];
    int ret = VFF(av_probe_input_buffer2)(w->io, &format, "", NULL, 0, 0);
    if (ret < 0 || !format) {
        av_text(ret < 0 ? ret : AVERROR_INVALIDDATA, text, sizeof text);
        snprintf(reason, LUMEN_VIDEO_MESSAGE_SIZE, "not a video FFmpeg reads (%s)", text);
        return NULL;
    }
    if (refers_to_other_files(format)) {
        snprintf(reason, LUMEN_VIDEO_MESSAGE_SIZE, "the file (%s) refers to other files, which Lumen does not follow",
                 format->name);
        return NULL;
    }
    if (is_still_picture(format)) {
        snprintf(reason, LUMEN_VIDEO_MESSAGE_SIZE, "the file is a still picture (%s), not a video", format->name);
        return NULL;
    }
    return format;
}

static int open_demuxer(struct video_worker *w, char *reason) {
    char text[AV_ERROR_MAX_STRING_SIZE];
    if (make_io(w) != 0) { snprintf(reason, LUMEN_VIDEO_MESSAGE_SIZE, "the file cannot be read"); return -1; }
    const AVInputFormat *format = probe_format(w, reason);
    if (!format) return -1;
    w->format = VFF(avformat_alloc_context)();
    if (!w->format) { snprintf(reason, LUMEN_VIDEO_MESSAGE_SIZE, "out of memory"); return -1; }
    w->format->pb = w->io;
    // Nothing but the descriptor is read: a demuxer's own opens fail here (io_open), and so do
    // those of a demuxer it starts (which inherit the protocol whitelist, naming none).
    w->format->io_open = refuse_nested_open;
    w->format->protocol_whitelist = VFF(av_strdup)("none");
    w->format->probesize = PROBE_BYTES;
    w->format->max_analyze_duration = (int64_t)ANALYZE_SECONDS * AV_TIME_BASE;
    // On failure avformat_open_input frees the context (not the I/O, which is ours).
    int ret = w->format->protocol_whitelist ? VFF(avformat_open_input)(&w->format, "", format, NULL) : AVERROR(ENOMEM);
    if (ret < 0) {
        av_text(ret, text, sizeof text);
        snprintf(reason, LUMEN_VIDEO_MESSAGE_SIZE, "the %s file cannot be read (%s)", format->name, text);
        return -1;
    }
    ret = VFF(avformat_find_stream_info)(w->format, NULL);
    if (ret < 0) {
        av_text(ret, text, sizeof text);
        snprintf(reason, LUMEN_VIDEO_MESSAGE_SIZE, "the video's streams cannot be read (%s)", text);
        return -1;
    }
    return 0;
}

/// The best video stream, if it is one Lumen plays: a moving picture of at most 8192 × 4320
/// with a decoder.
static int pick_video(struct video_worker *w, const AVCodec **decoder, char *reason) {
    int index = VFF(av_find_best_stream)(w->format, AVMEDIA_TYPE_VIDEO, -1, -1, NULL, 0);
    if (index < 0) { snprintf(reason, LUMEN_VIDEO_MESSAGE_SIZE, "the file has no video stream"); return -1; }
    AVStream *st = w->format->streams[index];
    const AVCodecParameters *par = st->codecpar;
    if (st->disposition & AV_DISPOSITION_ATTACHED_PIC) {
        snprintf(reason, LUMEN_VIDEO_MESSAGE_SIZE, "the file has no video, only a cover picture");
        return -1;
    }
    int64_t width = par->width, height = par->height;
    if (width < 1 || height < 1) {
        // FFmpeg zeroes a size its own checks refuse (a header claiming 65535 × 65535).
        snprintf(reason, LUMEN_VIDEO_MESSAGE_SIZE, "video size %lldx%lld is not one Lumen plays (FFmpeg cannot read it)",
                 (long long)width, (long long)height);
        return -1;
    }
    if (width > LUMEN_VIDEO_MAX_SIDE || height > LUMEN_VIDEO_MAX_SIDE || width * height > LUMEN_VIDEO_MAX_PIXELS) {
        snprintf(reason, LUMEN_VIDEO_MESSAGE_SIZE, "video size %lldx%lld is over the 8192×4320 Lumen plays",
                 (long long)width, (long long)height);
        return -1;
    }
    *decoder = VFF(avcodec_find_decoder)(par->codec_id);
    if (!*decoder) {
        snprintf(reason, LUMEN_VIDEO_MESSAGE_SIZE, "unsupported codec %s", VFF(avcodec_get_name)(par->codec_id));
        return -1;
    }
    w->video_index = index;
    w->video_stream = st;
    return 0;
}

/// A decoder for `st`: `threads` threads (frame and slice), pictures no larger than Lumen
/// plays even if the stream changes size midway.
static AVCodecContext *open_decoder(const AVStream *st, const AVCodec *decoder, int threads, char *text, size_t size) {
    AVCodecContext *c = VFF(avcodec_alloc_context3)(decoder);
    if (!c) { snprintf(text, size, "out of memory"); return NULL; }
    int ret = VFF(avcodec_parameters_to_context)(c, st->codecpar);
    if (ret >= 0) {
        c->pkt_timebase = st->time_base;
        c->thread_count = threads;
        c->thread_type = FF_THREAD_FRAME | FF_THREAD_SLICE;
        c->max_pixels = LUMEN_VIDEO_MAX_PIXELS;
        ret = VFF(avcodec_open2)(c, decoder, NULL);
    }
    if (ret < 0) {
        av_text(ret, text, size);
        VFF(avcodec_free_context)(&c);
    }
    return c;
}

/// The best audio stream (the one that goes with the video), when asked for and decodable;
/// without it the video plays silent.
static void pick_audio(struct video_worker *w) {
    w->audio_index = -1;
    if (!(w->flags & LUMEN_VIDEO_WITH_AUDIO)) return;
    const AVCodec *decoder = NULL;
    int index = VFF(av_find_best_stream)(w->format, AVMEDIA_TYPE_AUDIO, -1, w->video_index, &decoder, 0);
    if (index < 0 || !decoder) return;
    char text[AV_ERROR_MAX_STRING_SIZE];
    w->audio = open_decoder(w->format->streams[index], decoder, 1, text, sizeof text);
    if (!w->audio) return;
    w->audio_index = index;
    w->audio_stream = w->format->streams[index];
}

/// Every stream but the two played is skipped by the demuxer.
static void discard_others(struct video_worker *w) {
    for (unsigned i = 0; i < w->format->nb_streams; i++) {
        if ((int)i != w->video_index && (int)i != w->audio_index) w->format->streams[i]->discard = AVDISCARD_ALL;
    }
}

// MARK: Sizes and times

/// The output size: the picture at its display aspect (the sample aspect ratio applied), as
/// large as fits in the app's maximum and in the source's own size (never scaled up).
static void fit_output(struct video_worker *w) {
    const AVStream *st = w->video_stream;
    AVRational sar = st->sample_aspect_ratio.num > 0 ? st->sample_aspect_ratio : st->codecpar->sample_aspect_ratio;
    double ratio = sar.num > 0 && sar.den > 0 ? (double)sar.num / sar.den : 1.0;
    if (ratio < 0.125 || ratio > 8) ratio = 1.0;
    int source_width = st->codecpar->width, source_height = st->codecpar->height;
    double aspect = source_width * ratio / source_height;
    int box_width = (int)(w->max_width < (uint32_t)source_width ? w->max_width : (uint32_t)source_width);
    int box_height = (int)(w->max_height < (uint32_t)source_height ? w->max_height : (uint32_t)source_height);
    double width = box_width, height = round(box_width / aspect);
    if (height > box_height) { height = box_height; width = round(box_height * aspect); }
    w->width = width < 1 ? 1 : width > box_width ? box_width : (int)width;
    w->height = height < 1 ? 1 : (int)height;
    w->slot_bytes = (size_t)w->width * (size_t)w->height * 4;
}

/// The rate the video was made at, as av_guess_frame_rate chooses it: the stream's base rate
/// (r_frame_rate; 30 for a 30-fps file whatever its length), unless that is a timestamp grid
/// far above any real rate while the average is a real one; else the average.
AVRational video_declared_rate(const AVStream *st) {
    AVRational base = st->r_frame_rate, average = st->avg_frame_rate;
    int has_base = base.num > 0 && base.den > 0, has_average = average.num > 0 && average.den > 0;
    if (has_base && has_average && av_q2d(average) < 70 && av_q2d(base) > 210) return average;
    if (has_base) return base;
    if (has_average) return average;
    return (AVRational){ 0, 0 };
}

/// The origin of frame times (the file's start), where the video should end (-1 unknown), and
/// a frame's length when the packets do not say. A pass that ends well short of the end is a
/// cut file: by the video stream's own duration, a few frames short; by the file's (which may
/// count audio running on), a second and 2 %. A length guessed from the bit rate (MPEG-TS,
/// MPEG-PS without timestamps at the end) is not checked.
static void note_times(struct video_worker *w) {
    const AVStream *st = w->video_stream;
    AVRational rate = video_declared_rate(st);
    w->default_duration_us = rate.num > 0 ? (int64_t)1000000 * rate.den / rate.num : 40000;
    if (w->default_duration_us <= 0 || w->default_duration_us > 10000000) w->default_duration_us = 40000;
    w->origin_us = w->format->start_time != AV_NOPTS_VALUE ? w->format->start_time : 0;
    w->expected_end_us = -1;
    w->length_slack_us = 0;
    if (st->duration != AV_NOPTS_VALUE && st->duration > 0) {
        int64_t start = st->start_time != AV_NOPTS_VALUE ? video_us(st->start_time, st->time_base) : w->origin_us;
        w->expected_end_us = start - w->origin_us + video_us(st->duration, st->time_base);
        w->length_slack_us = 3 * w->default_duration_us + w->expected_end_us / 100;
    } else if (w->format->duration != AV_NOPTS_VALUE && w->format->duration > 0) {
        w->expected_end_us = w->format->duration;
        w->length_slack_us = 1000000 + w->expected_end_us / 50;
    }
    if (w->format->duration_estimation_method == AVFMT_DURATION_FROM_BITRATE) w->length_slack_us = 0;
    w->pass_last_us = w->last_sent_us = -1;
}

// MARK: Opening and closing

int video_open_input(struct video_worker *w, int fd, char *reason) {
    reason[0] = 0;
    w->fd = fd;
    w->video_index = w->audio_index = -1;
    const AVCodec *decoder = NULL;
    char text[AV_ERROR_MAX_STRING_SIZE];
    if (open_demuxer(w, reason) != 0 || pick_video(w, &decoder, reason) != 0) {
        if (w->app_gone) reason[0] = 0;
        return -1;
    }
    w->video = open_decoder(w->video_stream, decoder, DECODER_THREADS, text, sizeof text);
    if (!w->video) {
        snprintf(reason, LUMEN_VIDEO_MESSAGE_SIZE, "the %s decoder cannot start (%s)", decoder->name, text);
        return -1;
    }
    pick_audio(w);
    discard_others(w);
    w->packet = VFF(av_packet_alloc)();
    w->frame = VFF(av_frame_alloc)();
    w->audio_frame = VFF(av_frame_alloc)();
    if (!w->packet || !w->frame || !w->audio_frame) { snprintf(reason, LUMEN_VIDEO_MESSAGE_SIZE, "out of memory"); return -1; }
    fit_output(w);
    note_times(w);
    return 0;
}

void video_close_input(struct video_worker *w) {
    VFF(sws_freeContext)(w->scaler);
    w->scaler = NULL;
    free(w->bounce);
    w->bounce = NULL;
    VFF(swr_free)(&w->resampler);
    VFF(av_channel_layout_uninit)(&w->resampler_layout);
    VFF(av_free)(w->audio_samples);
    w->audio_samples = NULL;
    VFF(av_frame_free)(&w->frame);
    VFF(av_frame_free)(&w->audio_frame);
    VFF(av_packet_free)(&w->packet);
    VFF(avcodec_free_context)(&w->video);
    VFF(avcodec_free_context)(&w->audio);
    if (w->format) VFF(avformat_close_input)(&w->format);
    if (w->io) {
        // FFmpeg may have replaced the buffer it was given: free the one it holds now.
        VFF(av_free)(w->io->buffer);
        w->io->buffer = NULL;
        VFF(avio_context_free)(&w->io);
    }
    if (w->fd >= 0) close(w->fd);
    w->fd = -1;
}
