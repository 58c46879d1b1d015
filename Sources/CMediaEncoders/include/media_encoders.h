// Recordings as files people post: an animated GIF (giflib, each frame's palette by
// libimagequant) and H.264 in MP4 (FFmpeg). Frames are premultiplied ARGB32 in native byte
// order (B, G, R, A in memory), opaque. Each writer writes to a file as frames come, so a
// recording of minutes never sits in memory; a failed write (a full disk) is reported with
// its errno's text. Functions that fail return 0 (or NULL) and copy a one-line reason into
// `error` (LUMEN_MEDIA_ERROR_SIZE bytes).
#pragma once
#include <stddef.h>
#include <stdint.h>

#define LUMEN_MEDIA_ERROR_SIZE 256

// MARK: GIF

/// Each frame quantized on its own (its own colour table, the best quality), or every frame
/// mapped to the first frame's palette (one global colour table).
enum { LUMEN_GIF_PALETTE_PER_FRAME = 0, LUMEN_GIF_PALETTE_GLOBAL = 1 };

typedef struct lumen_gif lumen_gif;
/// Starts a looping GIF of `width` × `height` on `fd` (not closed by the writer). `quality`
/// 0…100 is libimagequant's target; `dither` 0…1 its Floyd–Steinberg level.
lumen_gif *lumen_gif_open(int fd, int width, int height, int palette, int quality, float dither, char *error);
/// Adds a frame shown from `start_cs` centiseconds on. Pixels unchanged since the previous
/// frame become transparent (the previous frame shows through) and only the changed
/// rectangle is written; a frame that changes nothing lengthens the previous one.
int lumen_gif_add(lumen_gif *gif, const uint32_t *pixels, size_t stride_pixels, int start_cs, char *error);
/// Writes the last frame, lasting until `end_cs`, and the trailer; frees the writer.
int lumen_gif_finish(lumen_gif *gif, int end_cs, char *error);
/// Frees the writer without finishing the file.
void lumen_gif_abort(lumen_gif *gif);
/// Frames written so far (after merging unchanged ones).
int lumen_gif_frames(const lumen_gif *gif);

// MARK: MP4

typedef struct lumen_mp4 lumen_mp4;
/// Starts an MP4 at `path` with one H.264 stream, yuv420p, of `width` × `height` (both
/// even). Times are in units of `time_base_num / time_base_den` seconds; `fps` is the
/// nominal rate. `crf` 0…51 is x264's constant rate factor, `preset` its speed ("medium").
/// The output is bit-exact for the same inputs.
lumen_mp4 *lumen_mp4_open(const char *path, int width, int height, int time_base_num, int time_base_den,
                          double fps, int crf, const char *preset, int threads, char *error);
/// Adds a frame shown from `pts` (time base units) until the next frame's. The pixels are
/// converted at once: the caller may reuse them on return.
int lumen_mp4_add(lumen_mp4 *mp4, const uint32_t *pixels, size_t stride_pixels, int64_t pts, char *error);
/// Sends the last frame (lasting until `end`), flushes the encoder, writes the index (moved to
/// the front, for browsers) and closes the file.
int lumen_mp4_finish(lumen_mp4 *mp4, int64_t end, char *error);
/// Closes and frees without finishing (the file is left incomplete for the caller to remove).
void lumen_mp4_abort(lumen_mp4 *mp4);
