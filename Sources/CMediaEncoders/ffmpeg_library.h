// FFmpeg's libraries, opened with dlopen the first time an MP4 is written: linking them would
// load some fifty libraries (codecs, ICU's data, librsvg…) into every start of Lumen, which
// records MP4s only now and then. The table holds the entry points mp4_writer.c calls, with
// the headers' own types; FF(name) calls through it.
#pragma once
#include "../CMediaLibraries/shim.h"

#define LUMEN_FFMPEG_FUNCTIONS(X) \
  X(avutil, av_d2q) X(avutil, av_dict_free) X(avutil, av_dict_set) X(avutil, av_frame_alloc) \
  X(avutil, av_frame_free) X(avutil, av_frame_get_buffer) X(avutil, av_frame_make_writable) X(avutil, av_free) \
  X(avutil, av_log_set_level) X(avutil, av_mallocz) X(avutil, av_opt_set) X(avutil, av_opt_set_double) \
  X(avutil, av_strerror) \
  X(avcodec, av_packet_alloc) X(avcodec, av_packet_free) X(avcodec, av_packet_rescale_ts) \
  X(avcodec, avcodec_alloc_context3) X(avcodec, avcodec_find_encoder_by_name) X(avcodec, avcodec_free_context) \
  X(avcodec, avcodec_open2) X(avcodec, avcodec_parameters_from_context) X(avcodec, avcodec_receive_packet) \
  X(avcodec, avcodec_send_frame) \
  X(avformat, av_interleaved_write_frame) X(avformat, av_write_trailer) X(avformat, avformat_alloc_output_context2) \
  X(avformat, avformat_free_context) X(avformat, avformat_new_stream) X(avformat, avformat_write_header) \
  X(avformat, avio_closep) X(avformat, avio_flush) X(avformat, avio_open) \
  X(swscale, sws_getContext) X(swscale, sws_setColorspaceDetails) X(swscale, sws_getCoefficients) \
  X(swscale, sws_freeContext) X(swscale, sws_scale)

#define LUMEN_FF_FIELD(library, name) __typeof__(&name) name;
struct lumen_ffmpeg { LUMEN_FFMPEG_FUNCTIONS(LUMEN_FF_FIELD) };
#undef LUMEN_FF_FIELD
extern struct lumen_ffmpeg lumen_ff;
#define FF(name) (lumen_ff.name)

/// Opens the four libraries (the sonames of the headers built against) and fills the table;
/// NULL, or the one-line reason it could not (a library or an entry point missing).
const char *lumen_ffmpeg_load(void);
