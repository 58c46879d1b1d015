// Recordings read back the way a player reads them: GIFs decoded and composed frame by frame
// with giflib (disposal "leave in place", the transparent index showing the frame before),
// MP4s opened with libavformat and their packets counted.
#include "test_encoders.h"
#include "../CTestEncoderLibraries/shim.h"
#include <gif_lib.h>
#include <stdlib.h>
#include <string.h>

int lumen_test_gif_read(const char *path, int *width, int *height, int *frames, int *delays, int capacity,
                        int *loops_forever, int frame_index, uint32_t *rgb) {
    int error = 0;
    GifFileType *gif = DGifOpenFileName(path, &error);
    if (!gif) return 0;
    if (DGifSlurp(gif) != GIF_OK) { DGifCloseFile(gif, &error); return 0; }
    *width = gif->SWidth; *height = gif->SHeight; *frames = gif->ImageCount;
    // The loop block comes before the first image: giflib files it with that image's extensions.
    *loops_forever = 0;
    int count = gif->ImageCount ? gif->SavedImages[0].ExtensionBlockCount : 0;
    ExtensionBlock *blocks = gif->ImageCount ? gif->SavedImages[0].ExtensionBlocks : NULL;
    for (int e = 0; e + 1 < count; e++) {
        ExtensionBlock *b = &blocks[e], *next = &blocks[e + 1];
        if (b->Function == APPLICATION_EXT_FUNC_CODE && b->ByteCount == 11 && memcmp(b->Bytes, "NETSCAPE2.0", 11) == 0 &&
            next->ByteCount == 3 && next->Bytes[0] == 1)
            *loops_forever = next->Bytes[1] == 0 && next->Bytes[2] == 0;
    }
    for (int i = 0; i < gif->ImageCount; i++) {
        GraphicsControlBlock gcb = {0, false, 0, NO_TRANSPARENT_COLOR};
        DGifSavedExtensionToGCB(gif, i, &gcb);
        if (i < capacity) delays[i] = gcb.DelayTime;
        if (!rgb || i > frame_index) continue;
        SavedImage *image = &gif->SavedImages[i];
        ColorMapObject *map = image->ImageDesc.ColorMap ? image->ImageDesc.ColorMap : gif->SColorMap;
        GifImageDesc *d = &image->ImageDesc;
        for (int y = 0; y < d->Height; y++)
            for (int x = 0; x < d->Width; x++) {
                int index = image->RasterBits[y * d->Width + x];
                if (index == gcb.TransparentColor || !map || index >= map->ColorCount) continue;
                GifColorType c = map->Colors[index];
                rgb[(d->Top + y) * gif->SWidth + d->Left + x] = (uint32_t)c.Red << 16 | (uint32_t)c.Green << 8 | c.Blue;
            }
    }
    DGifCloseFile(gif, &error);
    return 1;
}

static int by_value(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

int lumen_test_mp4_read(const char *path, char *codec, int *width, int *height, int *frames, double *seconds,
                        char *pixel_format, double *fps, int64_t *pts_ms, int capacity) {
    AVFormatContext *format = NULL;
    if (avformat_open_input(&format, path, NULL, NULL) < 0) return 0;
    if (avformat_find_stream_info(format, NULL) < 0 || format->nb_streams != 1) { avformat_close_input(&format); return 0; }
    AVStream *s = format->streams[0];
    snprintf(codec, 32, "%s", avcodec_get_name(s->codecpar->codec_id));
    const char *pix = av_get_pix_fmt_name(s->codecpar->format);
    snprintf(pixel_format, 32, "%s", pix ? pix : "?");
    *width = s->codecpar->width; *height = s->codecpar->height;
    *fps = s->avg_frame_rate.den ? av_q2d(s->avg_frame_rate) : 0;
    *seconds = format->duration != AV_NOPTS_VALUE ? format->duration / (double)AV_TIME_BASE : -1;
    int count = 0;
    AVPacket *packet = av_packet_alloc();
    while (av_read_frame(format, packet) >= 0) {
        if (count < capacity) pts_ms[count] = av_rescale_q(packet->pts, s->time_base, (AVRational){1, 1000});
        count++;
        av_packet_unref(packet);
    }
    av_packet_free(&packet);
    *frames = count;
    qsort(pts_ms, count < capacity ? count : capacity, sizeof *pts_ms, by_value);
    avformat_close_input(&format);
    return 1;
}
