// The video worker: FFmpeg loaded and the sandbox entered before any file is seen, then the
// protocol of lumen_video_worker.h on the socket: OPEN answered with INFO, then pictures
// decoded ahead into the slots the app shares, as fast as the app gives them back.
#define _GNU_SOURCE
#include "video_worker.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <iconv.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

enum {
    /// What the worker may map beyond what it has at lock-down (FFmpeg loaded): decoders,
    /// their threads' stacks, and the slots (16 of 1920 × 1080 take 133 MB).
    ADDRESS_SPACE_BYTES = 300 << 20,
    /// CPU seconds in all: a long video loops for hours, and ends when the app closes it.
    CPU_SECONDS = 36000,
    /// The largest request is 16 bytes: anything longer is not one.
    REQUEST_CAPACITY = 256,
};

/// What a request did: served; the app closed the socket; a request the worker does not
/// understand (FAILURE sent); something the worker cannot do (FAILURE sent).
enum request_result { REQUEST_SERVED, REQUEST_CLOSED, REQUEST_BAD, REQUEST_FAILED };

/// What producing a picture did: one went out; the worker sent END and serves on; the pass
/// ended and the next began; the worker is done (FAILURE sent, or the app went away).
enum step { STEP_FRAME, STEP_ENDED, STEP_NEXT_PASS, STEP_DONE };

static int exit_status(enum request_result r) {
    return r == REQUEST_BAD ? LUMEN_VIDEO_EXIT_BAD_REQUEST : r == REQUEST_FAILED ? LUMEN_VIDEO_EXIT_FAILED : LUMEN_VIDEO_EXIT_DONE;
}

// MARK: Before the sandbox

/// Whether a DRM render node exists (VA-API's way to the GPU). Its driver talks to the node
/// with ioctl, which the filter forbids, so the worker decodes in software either way and
/// INFO says why.
static int has_render_node(void) {
    DIR *d = opendir("/dev/dri");
    if (!d) return 0;
    int found = 0;
    for (struct dirent *e; !found && (e = readdir(d)) != NULL;) found = strncmp(e->d_name, "renderD", 7) == 0;
    closedir(d);
    return found;
}

/// The character sets libavformat's MPEG-TS demuxer converts service names from (mpegts.c's
/// getstr8, with iconv): glibc loads a set's gconv module, a shared library, the first time it
/// is asked for, an open the filter stops. Opened now and held for the worker's life, each
/// module stays loaded, and the demuxer's own iconv_open finds it. ("" is the locale's set.)
static iconv_t held_character_sets[20];

static void preload_character_sets(void) {
    static const char *const sets[] = {
        "", "ISO6937", "ISO-8859-1", "ISO-8859-2", "ISO-8859-3", "ISO-8859-4", "ISO-8859-5", "ISO-8859-6",
        "ISO-8859-7", "ISO-8859-8", "ISO-8859-9", "ISO-8859-10", "ISO-8859-11", "ISO-8859-13", "ISO-8859-14",
        "ISO-8859-15", "UCS-2BE", "KSC_5601", "GB2312", "UTF-8",
    };
    _Static_assert(sizeof sets / sizeof sets[0] == sizeof held_character_sets / sizeof held_character_sets[0], "one each");
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++) held_character_sets[i] = iconv_open("UTF-8", sets[i]);
}

/// What would be looked up lazily, looked up now, while files can still be opened: the time
/// zone (glibc reads /etc/localtime the first time a time is broken down, as demuxers do with
/// creation dates), the C library's error texts (strerror may load a message catalogue) and
/// the character sets above. Decoder thread counts are set explicitly (video_input.c): "auto"
/// would count the CPUs, reading /sys.
static void prepare_for_sandbox(void) {
    setenv("TZ", "UTC0", 1);
    tzset();
    (void)strerror(EINVAL);
    preload_character_sets();
    VFF(av_log_set_level)(AV_LOG_QUIET);
}

// MARK: Replies

int video_send(struct video_worker *w, const void *bytes, size_t size) {
    if (w->app_gone) return -1;
    if (lumen_sandbox_send(w->socket, bytes, size, NULL, 0) != 0) { w->app_gone = 1; return -1; }
    return 0;
}

static int send_failure(struct video_worker *w, const char *reason) {
    uint8_t m[LUMEN_VIDEO_FAILURE_SIZE];
    video_put_u32(m, LUMEN_VIDEO_FAILURE);
    video_put_text(m + 4, LUMEN_VIDEO_MESSAGE_SIZE, reason);
    return video_send(w, m, sizeof m);
}

static int send_info(struct video_worker *w) {
    const AVStream *st = w->video_stream;
    AVRational rate = video_declared_rate(st);
    int audio = w->audio_index >= 0;
    uint8_t m[LUMEN_VIDEO_INFO_SIZE];
    video_put_u32(m, LUMEN_VIDEO_INFO);
    video_put_u32(m + 4, (uint32_t)w->width);
    video_put_u32(m + 8, (uint32_t)w->height);
    video_put_u32(m + 12, (uint32_t)st->codecpar->width);
    video_put_u32(m + 16, (uint32_t)st->codecpar->height);
    video_put_u32(m + 20, (uint32_t)rate.num);
    video_put_u32(m + 24, (uint32_t)rate.den);
    video_put_i64(m + 28, w->expected_end_us > 0 ? w->expected_end_us : -1);
    video_put_u32(m + 36, audio ? LUMEN_VIDEO_AUDIO_RATE : 0);
    video_put_u32(m + 40, audio ? LUMEN_VIDEO_AUDIO_CHANNELS : 0);
    video_put_text(m + 44, LUMEN_VIDEO_CODEC_SIZE, VFF(avcodec_get_name)(st->codecpar->codec_id));
    video_put_text(m + 76, LUMEN_VIDEO_DECODER_SIZE, w->decoder_text);
    return video_send(w, m, sizeof m);
}

static int send_frame(struct video_worker *w, int slot, int64_t pts_us) {
    uint8_t m[LUMEN_VIDEO_FRAME_SIZE];
    video_put_u32(m, LUMEN_VIDEO_FRAME);
    video_put_u32(m + 4, (uint32_t)slot);
    video_put_i64(m + 8, pts_us);
    video_put_u32(m + 16, w->pass);
    return video_send(w, m, sizeof m);
}

/// Ends the playing with END; the worker then only serves RELEASE.
static enum step send_end(struct video_worker *w, uint32_t kind, const char *message) {
    uint8_t m[LUMEN_VIDEO_END_SIZE];
    video_put_u32(m, LUMEN_VIDEO_END);
    video_put_u32(m + 4, kind);
    video_put_i64(m + 8, w->last_sent_us);
    video_put_text(m + 16, LUMEN_VIDEO_MESSAGE_SIZE, message);
    w->ended = 1;
    return video_send(w, m, sizeof m) == 0 ? STEP_ENDED : STEP_DONE;
}

/// The video cannot go on: FAILURE when no picture went out yet (the worker is done), else
/// END with the stream broken off.
static enum step stop(struct video_worker *w, const char *reason) {
    if (w->frames_sent > 0) return send_end(w, LUMEN_VIDEO_END_BROKEN, reason);
    send_failure(w, reason);
    return STEP_DONE;
}

// MARK: Requests

static void close_all(const int *fds, int count) {
    for (int i = 0; i < count; i++) close(fds[i]);
}

static enum request_result bad_request(struct video_worker *w, const int *fds, int count) {
    close_all(fds, count);
    send_failure(w, "a request it does not understand");
    return REQUEST_BAD;
}

/// Maps a slot's memfd: exactly one picture's bytes, sealed against shrinking and growing (a
/// worker that could shrink it would crash the app reading it). REQUEST_BAD or REQUEST_FAILED
/// (no room in the address space) with the reason.
static enum request_result map_slot(struct video_worker *w, uint32_t slot, int fd, char *reason) {
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || (uint64_t)st.st_size != w->slot_bytes) {
        snprintf(reason, LUMEN_VIDEO_MESSAGE_SIZE, "slot %u is not the %zu bytes of a %dx%d picture",
                 slot, w->slot_bytes, w->width, w->height);
        return REQUEST_BAD;
    }
    int seals = fcntl(fd, F_GET_SEALS);
    if (seals < 0 || (seals & (F_SEAL_SHRINK | F_SEAL_GROW)) != (F_SEAL_SHRINK | F_SEAL_GROW)) {
        snprintf(reason, LUMEN_VIDEO_MESSAGE_SIZE, "slot %u is not sealed against shrinking and growing", slot);
        return REQUEST_BAD;
    }
    void *pixels = mmap(NULL, w->slot_bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (pixels == MAP_FAILED) {
        snprintf(reason, LUMEN_VIDEO_MESSAGE_SIZE, "slot %u (%zu MB) does not fit in the worker's address space",
                 slot, w->slot_bytes >> 20);
        return REQUEST_FAILED;
    }
    w->slots[slot].pixels = pixels;
    w->slots[slot].app_owns = 0;
    return REQUEST_SERVED;
}

/// RING: new slots, each given once, mapped and their descriptors closed (the worker may
/// hold 16 descriptors in all).
static enum request_result handle_ring(struct video_worker *w, const uint8_t *m, ssize_t size, const int *fds, int count) {
    if (size != LUMEN_VIDEO_RING_SIZE || !w->opened) return bad_request(w, fds, count);
    uint32_t first = video_get_u32(m + 4), n = video_get_u32(m + 8);
    if (n < 1 || n > LUMEN_SANDBOX_MAX_FDS || (int)n != count || first >= LUMEN_VIDEO_MAX_SLOTS
        || first + n > LUMEN_VIDEO_MAX_SLOTS) return bad_request(w, fds, count);
    for (uint32_t i = 0; i < n; i++) if (w->slots[first + i].pixels) return bad_request(w, fds, count);
    enum request_result result = REQUEST_SERVED;
    char reason[LUMEN_VIDEO_MESSAGE_SIZE];
    for (uint32_t i = 0; i < n && result == REQUEST_SERVED; i++) result = map_slot(w, first + i, fds[i], reason);
    close_all(fds, count);
    if (result != REQUEST_SERVED) send_failure(w, reason);
    return result;
}

/// RELEASE: a slot the app was given is the worker's again.
static enum request_result handle_release(struct video_worker *w, const uint8_t *m, ssize_t size, const int *fds, int count) {
    if (size != LUMEN_VIDEO_RELEASE_SIZE || count != 0) return bad_request(w, fds, count);
    uint32_t slot = video_get_u32(m + 4);
    if (slot >= LUMEN_VIDEO_MAX_SLOTS || !w->slots[slot].pixels || !w->slots[slot].app_owns) return bad_request(w, fds, count);
    w->slots[slot].app_owns = 0;
    return REQUEST_SERVED;
}

/// Reads and serves one request (after OPEN).
static enum request_result handle_request(struct video_worker *w) {
    uint8_t m[REQUEST_CAPACITY];
    int fds[LUMEN_SANDBOX_MAX_FDS], count = 0;
    ssize_t size = lumen_sandbox_receive(w->socket, m, sizeof m, fds, &count);
    if (size == 0) { close_all(fds, count); return REQUEST_CLOSED; }
    if (size < 4) return bad_request(w, fds, count);
    switch (video_get_u32(m)) {
    case LUMEN_VIDEO_RING: return handle_ring(w, m, size, fds, count);
    case LUMEN_VIDEO_RELEASE: return handle_release(w, m, size, fds, count);
    default: return bad_request(w, fds, count);
    }
}

/// OPEN, the first request: the sizes, the flags and the file.
static enum request_result receive_open(struct video_worker *w, int *fd) {
    uint8_t m[REQUEST_CAPACITY];
    int fds[LUMEN_SANDBOX_MAX_FDS], count = 0;
    ssize_t size = lumen_sandbox_receive(w->socket, m, sizeof m, fds, &count);
    if (size == 0) { close_all(fds, count); return REQUEST_CLOSED; }
    if (size != LUMEN_VIDEO_OPEN_SIZE || video_get_u32(m) != LUMEN_VIDEO_OPEN || count != 1) return bad_request(w, fds, count);
    w->max_width = video_get_u32(m + 4);
    w->max_height = video_get_u32(m + 8);
    w->flags = video_get_u32(m + 12);
    if (w->max_width < 1 || w->max_height < 1 || (w->flags & ~(uint32_t)(LUMEN_VIDEO_LOOP | LUMEN_VIDEO_WITH_AUDIO)))
        return bad_request(w, fds, count);
    *fd = fds[0];
    return REQUEST_SERVED;
}

/// Serves every request waiting, without blocking.
static enum request_result serve_waiting(struct video_worker *w) {
    enum request_result r = REQUEST_SERVED;
    while (r == REQUEST_SERVED && lumen_sandbox_wait_readable(w->socket, 0) == 1) r = handle_request(w);
    return r;
}

// MARK: Pictures

/// A slot the worker owns, or -1.
static int free_slot(const struct video_worker *w) {
    for (int i = 0; i < LUMEN_VIDEO_MAX_SLOTS; i++) if (w->slots[i].pixels && !w->slots[i].app_owns) return i;
    return -1;
}

/// The pass is over: a cut or broken stream ends, a pass without a picture ends (rather than
/// loop for ever), a looping video starts again, any other ends.
static enum step end_of_pass(struct video_worker *w) {
    video_check_pass_length(w);
    if (w->pass_frames == 0) {
        if (w->broken[0]) return stop(w, w->broken);
        return stop(w, w->frames_sent > 0 ? "a pass through the video gives no picture" : "no picture in the file decodes");
    }
    if (w->broken[0]) return stop(w, w->broken);
    if (!(w->flags & LUMEN_VIDEO_LOOP)) return send_end(w, LUMEN_VIDEO_END_OF_FILE, "the end of the video");
    if (video_rewind(w) != 0)
        return send_end(w, LUMEN_VIDEO_END_OF_FILE, "the end of the video (it cannot go back to the start to loop)");
    return STEP_NEXT_PASS;
}

/// A picture's time on the app's clock (its time in the pass plus the passes before), or
/// INT64_MIN when it would not come after the last one sent: dropped. In the formats whose
/// clock may jump (MPEG-TS and MPEG-PS: recordings put together, a restarted encoder), a step
/// back of more than 0.1 s or forward of more than 10 s is a discontinuity, as FFmpeg's own
/// tool takes it: the pictures after it follow on from the last one.
static int64_t place_frame(struct video_worker *w, int64_t time_us) {
    int64_t pts_us = w->offset_us + time_us;
    if (w->frames_sent == 0) return pts_us;
    int64_t next_us = w->last_sent_us + (w->pass_last_duration_us > 0 ? w->pass_last_duration_us : w->default_duration_us);
    int jumps = (w->format->iformat->flags & AVFMT_TS_DISCONT) != 0;
    if (jumps && (pts_us < w->last_sent_us - 100000 || pts_us > next_us + 10000000)) {
        w->offset_us += next_us - pts_us;
        return next_us;
    }
    return pts_us > w->last_sent_us ? pts_us : INT64_MIN;
}

/// Decodes the next picture into `slot` and sends it.
static enum step produce_frame(struct video_worker *w, int slot) {
    for (;;) {
        int got = video_next_frame(w);
        if (got < 0) return STEP_DONE;
        if (got == 0) return end_of_pass(w);
        int64_t time_us, duration_us;
        video_frame_time(w, &time_us, &duration_us);
        int64_t pts_us = place_frame(w, time_us);
        if (pts_us == INT64_MIN) { VFF(av_frame_unref)(w->frame); continue; }
        char reason[LUMEN_VIDEO_MESSAGE_SIZE];
        int converted = video_convert_frame(w, w->slots[slot].pixels, reason);
        VFF(av_frame_unref)(w->frame);
        if (converted != 0) return stop(w, reason);
        if (send_frame(w, slot, pts_us) != 0) return STEP_DONE;
        w->slots[slot].app_owns = 1;
        w->pass_frames++;
        w->pass_last_us = time_us;
        w->pass_last_duration_us = duration_us;
        w->frames_sent++;
        w->last_sent_us = pts_us;
        return STEP_FRAME;
    }
}

/// Decodes ahead into free slots as fast as they come back; with none free (or the video
/// ended) waits on the socket for RELEASE.
static int serve(struct video_worker *w) {
    for (;;) {
        enum request_result r = serve_waiting(w);
        if (r != REQUEST_SERVED) return exit_status(r);
        int slot = w->ended ? -1 : free_slot(w);
        if (slot < 0) {
            if (lumen_sandbox_wait_readable(w->socket, -1) < 0) return LUMEN_VIDEO_EXIT_FAILED;
            r = handle_request(w);
            if (r != REQUEST_SERVED) return exit_status(r);
            continue;
        }
        if (produce_frame(w, slot) == STEP_DONE) return LUMEN_VIDEO_EXIT_DONE;
    }
}

/// OPEN, INFO (or FAILURE), then the pictures.
static int run(struct video_worker *w) {
    int fd = -1;
    enum request_result r = receive_open(w, &fd);
    if (r != REQUEST_SERVED) return exit_status(r);
    char reason[LUMEN_VIDEO_MESSAGE_SIZE];
    if (video_open_input(w, fd, reason) != 0) {
        if (reason[0]) send_failure(w, reason);
        return LUMEN_VIDEO_EXIT_DONE;
    }
    w->opened = 1;
    w->next_audio_us = 0;
    if (send_info(w) != 0) return LUMEN_VIDEO_EXIT_DONE;
    return serve(w);
}

static void release_slots(struct video_worker *w) {
    for (int i = 0; i < LUMEN_VIDEO_MAX_SLOTS; i++) {
        if (w->slots[i].pixels) munmap(w->slots[i].pixels, w->slot_bytes);
        w->slots[i].pixels = NULL;
    }
}

int lumen_video_worker_main(pid_t parent) {
    struct video_worker *w = calloc(1, sizeof *w);
    if (!w) return LUMEN_VIDEO_EXIT_FAILED;
    w->socket = LUMEN_SANDBOX_SOCKET;
    w->fd = -1;
    int status = LUMEN_VIDEO_EXIT_FAILED;
    char error[LUMEN_SANDBOX_ERROR_SIZE];
    const char *missing = lumen_video_ffmpeg_load();
    if (missing) {
        send_failure(w, missing);
    } else {
        prepare_for_sandbox();
        w->decoder_text = has_render_node() ? "software (VA-API needs ioctl, which the sandbox forbids)"
                                            : "software (no VA-API device)";
        if (lumen_sandbox_enter(parent, ADDRESS_SPACE_BYTES, CPU_SECONDS, error) != 0) send_failure(w, error);
        else status = run(w);
        video_close_input(w);
    }
    release_slots(w);
    free(w);
    return status;
}
