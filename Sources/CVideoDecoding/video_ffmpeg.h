// FFmpeg's libraries for the video worker, opened with dlopen when a worker starts: linking
// them would load some fifty libraries into every start of Lumen, which plays videos only now
// and then (as CMediaEncoders' ffmpeg_library.h does for recording). The table holds the
// entry points the worker calls, with the headers' own types; VFF(name) calls through it.
// Its own table and names: both live in the one `lumen` binary.
// The headers are CMediaLibraries' FFmpeg ones (shim.h) and libswresample's, included here
// directly: the target needs nothing of giflib or libimagequant, nor links anything (dlopen
// and iconv are glibc's).
#pragma once
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/pixdesc.h>
#include <libswresample/swresample.h>
#include <libswscale/swscale.h>
#include "lumen_video_worker.h"

#define LUMEN_VIDEO_FFMPEG_FUNCTIONS(X) \
  X(avutil, av_log_set_level) X(avutil, av_frame_alloc) X(avutil, av_frame_free) X(avutil, av_frame_unref) \
  X(avutil, av_malloc) X(avutil, av_free) X(avutil, av_strdup) X(avutil, av_strerror) X(avutil, av_rescale_q) \
  X(avutil, av_get_pix_fmt_name) X(avutil, av_pix_fmt_desc_get) X(avutil, av_channel_layout_default) \
  X(avutil, av_channel_layout_copy) X(avutil, av_channel_layout_uninit) X(avutil, av_channel_layout_compare) \
  X(avcodec, avcodec_find_decoder) X(avcodec, avcodec_get_name) X(avcodec, avcodec_alloc_context3) \
  X(avcodec, avcodec_free_context) X(avcodec, avcodec_parameters_to_context) X(avcodec, avcodec_open2) \
  X(avcodec, avcodec_send_packet) X(avcodec, avcodec_receive_frame) X(avcodec, avcodec_flush_buffers) \
  X(avcodec, av_packet_alloc) X(avcodec, av_packet_free) X(avcodec, av_packet_unref) \
  X(avformat, av_probe_input_buffer2) X(avformat, avformat_alloc_context) X(avformat, avformat_open_input) \
  X(avformat, avformat_find_stream_info) X(avformat, av_find_best_stream) X(avformat, av_read_frame) \
  X(avformat, av_seek_frame) \
  X(avformat, avformat_close_input) X(avformat, avio_alloc_context) X(avformat, avio_context_free) \
  X(swscale, sws_getContext) X(swscale, sws_freeContext) X(swscale, sws_scale) \
  X(swscale, sws_setColorspaceDetails) X(swscale, sws_getCoefficients) \
  X(swresample, swr_alloc_set_opts2) X(swresample, swr_init) X(swresample, swr_free) \
  X(swresample, swr_convert) X(swresample, swr_get_delay) X(swresample, swr_get_out_samples)

#define LUMEN_VFF_FIELD(library, name) __typeof__(&name) name;
struct lumen_video_ffmpeg { LUMEN_VIDEO_FFMPEG_FUNCTIONS(LUMEN_VFF_FIELD) };
#undef LUMEN_VFF_FIELD
extern struct lumen_video_ffmpeg lumen_vff;
#define VFF(name) (lumen_vff.name)

// lumen_video_ffmpeg_load (lumen_video_worker.h) fills the table.
