// The libraries recordings are written with: giflib and libimagequant (GIF, linked), FFmpeg's
// libavformat, libavcodec, libswscale and libavutil (MP4 with H.264: headers only here, the
// libraries opened at run time by CMediaEncoders' ffmpeg_library.c). For CMediaEncoders only.
#include <gif_lib.h>
#include <libimagequant.h>
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswscale/swscale.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
