// libjpeg-turbo: decoding at a reduced size (DCT scaling) and encoding.
#include "image_codecs.h"
#include <stdio.h>
#include <jpeglib.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

struct lumen_jpeg_error { struct jpeg_error_mgr mgr; jmp_buf jump; char message[JMSG_LENGTH_MAX]; };

static void lumen_jpeg_error_exit(j_common_ptr cinfo) {
    struct lumen_jpeg_error *err = (struct lumen_jpeg_error *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, err->message);
    longjmp(err->jump, 1);
}

static void lumen_jpeg_silence(j_common_ptr cinfo, int level) { (void)cinfo; (void)level; }

uint32_t *lumen_jpeg_decode_scaled(const unsigned char *data, size_t size, int denom,
                                   int *out_width, int *out_height, char *error) {
    struct jpeg_decompress_struct cinfo;
    struct lumen_jpeg_error jerr;
    uint32_t *volatile pixels = NULL;
    unsigned char *volatile row = NULL;
    cinfo.err = jpeg_std_error(&jerr.mgr);
    jerr.mgr.error_exit = lumen_jpeg_error_exit;
    jerr.mgr.emit_message = lumen_jpeg_silence;
    if (setjmp(jerr.jump)) {
        snprintf(error, LUMEN_CODEC_ERROR_SIZE, "%s", jerr.message);
        jpeg_destroy_decompress(&cinfo);
        free(pixels);
        free(row);
        return NULL;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    cinfo.scale_num = 1;
    cinfo.scale_denom = (unsigned int)denom;
    cinfo.out_color_space = JCS_RGB;
    jpeg_start_decompress(&cinfo);
    int w = (int)cinfo.output_width, h = (int)cinfo.output_height;
    pixels = (uint32_t *)malloc((size_t)w * (size_t)h * 4);
    row = (unsigned char *)malloc((size_t)w * 3);
    if (!pixels || !row) { snprintf(jerr.message, sizeof jerr.message, "out of memory"); longjmp(jerr.jump, 1); }
    while (cinfo.output_scanline < cinfo.output_height) {
        int y = (int)cinfo.output_scanline;
        JSAMPROW rows[1] = { row };
        jpeg_read_scanlines(&cinfo, rows, 1);
        uint32_t *out = pixels + (size_t)y * (size_t)w;
        for (int x = 0; x < w; x++)
            out[x] = 0xFF000000u | ((uint32_t)row[3*x] << 16) | ((uint32_t)row[3*x+1] << 8) | row[3*x+2];
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    free(row);
    *out_width = w;
    *out_height = h;
    return pixels;
}

unsigned char *lumen_jpeg_encode(const uint32_t *pixels, int width, int height, size_t stride,
                                 int quality, size_t *out_size, char *error) {
    struct jpeg_compress_struct cinfo;
    struct lumen_jpeg_error jerr;
    unsigned char *volatile row = NULL;
    unsigned char *buffer = NULL;
    unsigned long length = 0;
    cinfo.err = jpeg_std_error(&jerr.mgr);
    jerr.mgr.error_exit = lumen_jpeg_error_exit;
    jerr.mgr.emit_message = lumen_jpeg_silence;
    if (setjmp(jerr.jump)) {
        snprintf(error, LUMEN_CODEC_ERROR_SIZE, "%s", jerr.message);
        jpeg_destroy_compress(&cinfo);
        free(row);
        free(buffer);
        return NULL;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, &buffer, &length);
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = 3;
    cinfo.in_color_space = JCS_RGB;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    jpeg_start_compress(&cinfo, TRUE);
    row = (unsigned char *)malloc((size_t)width * 3);
    if (!row) { snprintf(jerr.message, sizeof jerr.message, "out of memory"); longjmp(jerr.jump, 1); }
    while (cinfo.next_scanline < cinfo.image_height) {
        const uint32_t *in = (const uint32_t *)((const unsigned char *)pixels + (size_t)cinfo.next_scanline * stride);
        for (int x = 0; x < width; x++) {
            row[3*x] = (unsigned char)(in[x] >> 16);
            row[3*x+1] = (unsigned char)(in[x] >> 8);
            row[3*x+2] = (unsigned char)in[x];
        }
        JSAMPROW rows[1] = { row };
        jpeg_write_scanlines(&cinfo, rows, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    free(row);
    *out_size = (size_t)length;
    return buffer;
}
