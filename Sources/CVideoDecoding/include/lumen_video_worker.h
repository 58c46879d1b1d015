// Lumen's video decoder worker: the `lumen --video-worker PARENT_PID` process that demuxes and
// decodes one video file with FFmpeg (opened with dlopen, never linked) under the decoder
// workers' sandbox (CDecodeSandbox: no open, no ioctl, 16 descriptors, a bounded address
// space), and hands frames back in shared memory the app gave it.
//
// The protocol, on the worker's SOCK_SEQPACKET socket (LUMEN_SANDBOX_SOCKET): one message
// each, integers little-endian and packed (no padding), texts NUL-padded, 64 KiB at most.
//
// App → worker:
//   OPEN     u32 tag 1, u32 max_width, u32 max_height, u32 flags (LUMEN_VIDEO_LOOP,
//            LUMEN_VIDEO_WITH_AUDIO; any other bit is refused) + 1 descriptor: the file,
//            opened read-only (a regular file seeks and loops; a pipe is read once). The
//            first request, and only the first.
//   RING     u32 tag 2, u32 first_slot, u32 count + `count` (1…4) descriptors: memfds of
//            exactly width × height × 4 bytes (INFO's output size), sealed against shrinking
//            and growing (checked) and sealing, not writing. Slots first_slot…first_slot +
//            count - 1, each given once, LUMEN_VIDEO_MAX_SLOTS in all; the worker maps them
//            and closes the descriptors. They count against the worker's address space
//            (300 MB beside FFmpeg's libraries) with the decoder's pictures: 16 slots of
//            1920 × 1080 leave room enough, 8 of 3840 × 2160 do not (4 do).
//   RELEASE  u32 tag 3, u32 slot: the app is done with a slot it was given in FRAME.
// Worker → app:
//   INFO     u32 tag 101, u32 width, u32 height (the output size: the picture at its display
//            aspect fitted in max_width × max_height, never larger than the source),
//            u32 source_width, u32 source_height, i32 rate_num, i32 rate_den (0/0: unknown),
//            i64 duration_us (-1: unknown), u32 audio_rate, u32 audio_channels (48000, 2 when
//            audio was asked for and the file has it, else 0, 0), char codec[32],
//            char decoder[64]: 140 bytes.
//   FRAME    u32 tag 102, u32 slot, i64 pts_us, u32 loop: the slot holds a picture, BGRA in
//            memory order (premultiplied ARGB32 native-endian, opaque), rows of width × 4
//            bytes. pts_us counts from the video's start and rises strictly, across loops
//            too (a picture that would not is dropped; a jump of an MPEG-TS/PS clock is
//            bridged); `loop` is the pass (0 the first). The slot is the app's until RELEASE.
//   AUDIO    u32 tag 103, u32 byte_count, i64 pts_us + byte_count bytes (≤ 32768, whole
//            sample frames) of S16LE stereo at 48 kHz, on the same clock as FRAME.
//   END      u32 tag 104, u32 kind (LUMEN_VIDEO_END_*), i64 last_pts_us, char message[200].
//            The worker then serves RELEASE until the app closes the socket.
//   FAILURE  u32 tag 105, char reason[200]: the file cannot be played, sent instead of INFO,
//            or instead of the first FRAME when nothing decodes; or a request was wrong. The
//            worker ends after it.
#ifndef LUMEN_VIDEO_WORKER_H
#define LUMEN_VIDEO_WORKER_H
#include <stdint.h>
#include <sys/types.h>

enum {
    LUMEN_VIDEO_OPEN = 1,
    LUMEN_VIDEO_RING = 2,
    LUMEN_VIDEO_RELEASE = 3,
    LUMEN_VIDEO_INFO = 101,
    LUMEN_VIDEO_FRAME = 102,
    LUMEN_VIDEO_AUDIO = 103,
    LUMEN_VIDEO_END = 104,
    LUMEN_VIDEO_FAILURE = 105,
};

/// OPEN's flags: start again at the end; decode the audio too.
enum { LUMEN_VIDEO_LOOP = 1, LUMEN_VIDEO_WITH_AUDIO = 2 };

/// END's kinds: the end of the file, not looping; the stream broke off (a cut or corrupt
/// file) after at least one frame.
enum { LUMEN_VIDEO_END_OF_FILE = 0, LUMEN_VIDEO_END_BROKEN = 1 };

enum {
    /// The most slots the app may give.
    LUMEN_VIDEO_MAX_SLOTS = 16,
    /// The largest message either way.
    LUMEN_VIDEO_MAX_MESSAGE = 65536,
    /// The messages' sizes.
    LUMEN_VIDEO_OPEN_SIZE = 16,
    LUMEN_VIDEO_RING_SIZE = 12,
    LUMEN_VIDEO_RELEASE_SIZE = 8,
    LUMEN_VIDEO_INFO_SIZE = 140,
    LUMEN_VIDEO_FRAME_SIZE = 20,
    LUMEN_VIDEO_AUDIO_HEADER_SIZE = 16,
    LUMEN_VIDEO_END_SIZE = 216,
    LUMEN_VIDEO_FAILURE_SIZE = 204,
    /// INFO's texts, END's and FAILURE's.
    LUMEN_VIDEO_CODEC_SIZE = 32,
    LUMEN_VIDEO_DECODER_SIZE = 64,
    LUMEN_VIDEO_MESSAGE_SIZE = 200,
    /// The most audio bytes one AUDIO message carries, and its format.
    LUMEN_VIDEO_AUDIO_MAX_BYTES = 32768,
    LUMEN_VIDEO_AUDIO_RATE = 48000,
    LUMEN_VIDEO_AUDIO_CHANNELS = 2,
    /// The largest video the worker plays: 8192 wide or high, 8192 × 4320 pixels.
    LUMEN_VIDEO_MAX_SIDE = 8192,
    LUMEN_VIDEO_MAX_PIXELS = 8192 * 4320,
};

/// The worker's exit statuses: the app closed the socket (or the file was refused with
/// FAILURE); FFmpeg or the sandbox could not be set up, a slot did not fit in the address
/// space, or the socket failed; the app sent a request the worker does not understand (a
/// slot of the wrong size or unsealed included).
enum { LUMEN_VIDEO_EXIT_DONE = 0, LUMEN_VIDEO_EXIT_FAILED = 1, LUMEN_VIDEO_EXIT_BAD_REQUEST = 2 };

/// Runs a video worker to its end and returns its exit status: loads FFmpeg (dlopen), notes whether
/// VA-API can be used, enters the sandbox (lumen_sandbox_enter from CDecodeSandbox), then serves the
/// protocol above on LUMEN_SANDBOX_SOCKET until the app closes it (0) or something fails (non-zero).
int lumen_video_worker_main(pid_t parent);

/// Opens FFmpeg's five libraries (dlopen, the sonames of the headers built against) once, for
/// the worker and the in-process decoding: NULL, or the one-line reason it could not (a library
/// or an entry point missing).
const char *lumen_video_ffmpeg_load(void);

/// Decodes the file on `fd` (closed before it returns) as the worker does, in this process,
/// without its sandbox: at most `max_frames` pictures at no more than `max_width` × `max_height`,
/// a second pass after a rewind as a looping video has. The number of pictures, or -1 when the
/// file cannot be played; `reason` (LUMEN_VIDEO_MESSAGE_SIZE bytes) says why it stopped, empty
/// when it ran to its end or to `max_frames`. For the fuzz target and its regression corpus.
int lumen_video_decode_in_process(int fd, uint32_t max_width, uint32_t max_height, int max_frames, char *reason);
#endif
