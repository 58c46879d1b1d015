// The worker's decoding run in the calling process, without its sandbox or its socket: the
// file through the same input, decoders, conversion and rewinding as `lumen --video-worker`
// runs them, for the video fuzz target and its regression corpus (Sources/FuzzTargets).
#include "video_worker.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int lumen_video_decode_in_process(int fd, uint32_t max_width, uint32_t max_height, int max_frames, char *reason) {
    const char *missing = lumen_video_ffmpeg_load();
    if (missing) {
        snprintf(reason, LUMEN_VIDEO_MESSAGE_SIZE, "%s", missing);
        close(fd);
        return -1;
    }
    VFF(av_log_set_level)(AV_LOG_QUIET);
    struct video_worker *w = calloc(1, sizeof *w);
    if (!w) { close(fd); snprintf(reason, LUMEN_VIDEO_MESSAGE_SIZE, "out of memory"); return -1; }
    w->socket = -1;
    w->max_width = max_width;
    w->max_height = max_height;
    w->flags = LUMEN_VIDEO_LOOP;
    w->decoder_text = "software";
    int frames = -1;
    uint8_t *pixels = NULL;
    // The picture's memory with a guard after it: the conversion must write the picture and
    // nothing past it (in the worker, the slot is the app's memfd of exactly its size).
    enum { GUARD = 4096 };
    if (video_open_input(w, fd, reason) == 0 && (pixels = malloc(w->slot_bytes + GUARD))) {
        memset(pixels + w->slot_bytes, 0xA5, GUARD);
        w->opened = 1;
        reason[0] = 0;
        frames = 0;
        // Two passes at most (the second after a rewind, as a looping video takes it).
        while (frames < max_frames) {
            int got = video_next_frame(w);
            if (got < 0) break;
            if (got == 0) {
                video_check_pass_length(w);
                if (w->pass > 0 || w->pass_frames == 0 || w->broken[0] || video_rewind(w) != 0) break;
                continue;
            }
            int64_t time_us, duration_us;
            video_frame_time(w, &time_us, &duration_us);
            int converted = video_convert_frame(w, pixels, reason);
            VFF(av_frame_unref)(w->frame);
            for (size_t i = 0; i < GUARD; i++) {
                if (pixels[w->slot_bytes + i] != 0xA5) {
                    fprintf(stderr, "video: the conversion of a %dx%d picture wrote past it (byte %zu after its end)\n",
                            w->width, w->height, i);
                    abort();
                }
            }
            if (converted != 0) break;
            w->pass_frames++;
            w->pass_last_us = time_us;
            w->pass_last_duration_us = duration_us;
            frames++;
        }
        if (w->broken[0] && !reason[0]) snprintf(reason, LUMEN_VIDEO_MESSAGE_SIZE, "%s", w->broken);
    }
    free(pixels);
    video_close_input(w);
    free(w);
    return frames;
}
