// The video worker's state and the parts it is made of: the input (video_input.c: the file
// through FFmpeg, the streams and decoders picked), the decoding (video_decode.c: pictures,
// their times, audio, going back to loop) and the worker itself (video_worker.c: the sandbox
// and the protocol).
#pragma once
#include "video_ffmpeg.h"
#include "lumen_decode_sandbox.h"
#include "lumen_video_worker.h"
#include <stdint.h>
#include <string.h>

/// A picture the app shares: mapped once, written only while the worker owns it.
struct video_slot {
    uint8_t *pixels;    // NULL until RING gives it
    int app_owns;       // sent in FRAME, not yet released
};

struct video_worker {
    int socket;
    uint32_t max_width, max_height, flags;
    const char *decoder_text;   // INFO's `decoder`: which path decodes, and why

    // The input: the file descriptor, read with pread (a regular file, seekable) or read (a
    // pipe), through FFmpeg's I/O.
    int fd, seekable, app_gone;
    int64_t position;
    AVIOContext *io;
    AVFormatContext *format;
    int video_index, audio_index;     // audio -1: none, or not asked for
    AVStream *video_stream, *audio_stream;
    AVCodecContext *video, *audio;
    AVPacket *packet;
    AVFrame *frame, *audio_frame;

    // The output: its size, the slots, the converter to BGRA.
    int opened;                       // INFO sent: the output size is known
    int width, height;
    size_t slot_bytes;
    struct video_slot slots[LUMEN_VIDEO_MAX_SLOTS];
    struct SwsContext *scaler;
    // swscale's packed output writes whole blocks of pixels: past the end of a row whose width
    // is not a multiple of VIDEO_SCALER_BLOCK (into the next row, which is written after; the
    // last row's past the picture). Such pictures are converted here first, then copied.
    uint8_t *bounce;
    int scaler_width, scaler_height, scaler_format, scaler_space, scaler_range;

    // Audio as delivered: S16 stereo at 48 kHz.
    SwrContext *resampler;
    AVChannelLayout resampler_layout;
    int resampler_rate, resampler_format;
    uint8_t *audio_samples;           // converted, before it goes out in AUDIO messages
    int audio_capacity;               // in sample frames
    int64_t next_audio_us;            // where the next converted sample lies, absolute
    uint8_t audio_message[LUMEN_VIDEO_AUDIO_HEADER_SIZE + LUMEN_VIDEO_AUDIO_MAX_BYTES];

    // Times, in microseconds. A frame's time is its pts less `origin_us` (the file's start),
    // plus `offset_us` (the length of the passes before this one).
    int64_t origin_us, expected_end_us, default_duration_us, offset_us;
    int64_t length_slack_us;          // how far short of expected_end_us a pass may end (0: unchecked)
    uint32_t pass;
    int64_t pass_frames, pass_last_us, pass_last_duration_us;
    int64_t frames_sent, last_sent_us;
    int ended;                        // END sent: only RELEASE is served now

    // This pass's reading: the demuxer at its end (the decoders draining), and why the stream
    // broke off if it did (empty when it ended as files end).
    int draining, errors_in_row, errors_in_pass;
    char broken[LUMEN_VIDEO_MESSAGE_SIZE];
};

/// Output widths that are a multiple of this many pixels are converted straight into a slot.
enum { VIDEO_SCALER_BLOCK = 16 };

// MARK: Messages (video_worker.c)

static inline void video_put_u32(uint8_t *p, uint32_t v) {
    for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}
static inline void video_put_i64(uint8_t *p, int64_t v) {
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)((uint64_t)v >> (8 * i));
}
static inline uint32_t video_get_u32(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
/// A text into a NUL-padded field of `size` bytes (cut to fit, always NUL-ended).
static inline void video_put_text(uint8_t *p, size_t size, const char *text) {
    memset(p, 0, size);
    size_t n = strlen(text);
    memcpy(p, text, n < size ? n : size - 1);
}

/// Sends one message; -1 (and the app marked gone) when the socket fails.
int video_send(struct video_worker *w, const void *bytes, size_t size);

// MARK: Input (video_input.c)

/// Opens the file on `fd` (the worker's from then on): the demuxer, the best video stream and
/// its decoder, the best audio stream's when asked for; the output size and the times. 0, or
/// -1 with the reason the file cannot be played in `reason` (LUMEN_VIDEO_MESSAGE_SIZE), empty
/// when the app went away meanwhile.
int video_open_input(struct video_worker *w, int fd, char *reason);
/// Frees what video_open_input made (the process ends soon after; this keeps it tidy).
void video_close_input(struct video_worker *w);
/// The frame rate `st` declares: its average, else its base rate; 0/0 when unknown.
AVRational video_declared_rate(const AVStream *st);

// MARK: Decoding (video_decode.c)

/// The next picture of this pass into w->frame: 1; 0 at the pass's end (`broken` says why
/// when the stream broke off); -1 when the app went away.
int video_next_frame(struct video_worker *w);
/// Converts w->frame to BGRA at the output size into `pixels`: 0, or -1 with the reason.
int video_convert_frame(struct video_worker *w, uint8_t *pixels, char *reason);
/// Goes back to the start for the next pass: 0, or -1 when the file cannot seek back.
int video_rewind(struct video_worker *w);
/// This picture's time in this pass (microseconds from the file's start) and its length.
void video_frame_time(const struct video_worker *w, int64_t *time_us, int64_t *duration_us);
/// At a pass's end: notes in `broken` a file that ends well before its declared length (cut).
void video_check_pass_length(struct video_worker *w);

/// `t` in units of `base`, in microseconds.
static inline int64_t video_us(int64_t t, AVRational base) {
    return VFF(av_rescale_q)(t, base, (AVRational){ 1, 1000000 });
}
/// Seconds, for messages.
static inline double video_seconds(int64_t us) { return (double)us / 1e6; }
