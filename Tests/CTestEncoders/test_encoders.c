// Encoders for the tests' own photos, each with the library made for the format.
#include "test_encoders.h"
#include <stdio.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <unistd.h>
#include <jpeglib.h>
#include <gif_lib.h>
#include <webp/encode.h>
#include <webp/mux.h>
#include <tiffio.h>
#include <libheif/heif.h>
#include <lcms2.h>
#include <zlib.h>

struct jpeg_fail { struct jpeg_error_mgr mgr; jmp_buf jump; };
static void jpeg_fail_exit(j_common_ptr c) { longjmp(((struct jpeg_fail *)c->err)->jump, 1); }

static uint8_t *jpeg_coded(const uint8_t *pixels, int w, int h, int components, J_COLOR_SPACE space, int adobe,
                           const uint8_t *icc, size_t icc_size, int progressive, int arithmetic, size_t *size) {
    struct jpeg_compress_struct c;
    struct jpeg_fail f;
    unsigned char *buffer = NULL;
    unsigned long length = 0;
    c.err = jpeg_std_error(&f.mgr);
    f.mgr.error_exit = jpeg_fail_exit;
    if (setjmp(f.jump)) { jpeg_destroy_compress(&c); free(buffer); return NULL; }
    jpeg_create_compress(&c);
    jpeg_mem_dest(&c, &buffer, &length);
    c.image_width = (JDIMENSION)w; c.image_height = (JDIMENSION)h;
    c.input_components = components; c.in_color_space = space;
    jpeg_set_defaults(&c);
    jpeg_set_quality(&c, 95, TRUE);
    if (space == JCS_CMYK) { jpeg_set_colorspace(&c, JCS_CMYK); c.write_Adobe_marker = adobe ? TRUE : FALSE; }
    if (progressive) jpeg_simple_progression(&c);
    if (arithmetic) c.arith_code = TRUE;
    jpeg_start_compress(&c, TRUE);
    if (icc) jpeg_write_icc_profile(&c, icc, (unsigned int)icc_size);
    while (c.next_scanline < c.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)c.next_scanline * w * components);
        jpeg_write_scanlines(&c, &row, 1);
    }
    jpeg_finish_compress(&c);
    jpeg_destroy_compress(&c);
    *size = length;
    return buffer;
}

static uint8_t *jpeg(const uint8_t *pixels, int w, int h, int components, J_COLOR_SPACE space, int adobe,
                     const uint8_t *icc, size_t icc_size, size_t *size) {
    return jpeg_coded(pixels, w, h, components, space, adobe, icc, icc_size, 0, 0, size);
}

uint8_t *lumen_test_jpeg_coding(const uint8_t *rgb, int width, int height, int progressive, int arithmetic, size_t *size) {
    return jpeg_coded(rgb, width, height, 3, JCS_RGB, 0, NULL, 0, progressive, arithmetic, size);
}

uint8_t *lumen_test_cmyk_jpeg(const uint8_t *cmyk, int width, int height, int adobe_inverted, size_t *size) {
    size_t n = (size_t)width * height * 4;
    uint8_t *data = malloc(n);
    if (!data) return NULL;
    for (size_t i = 0; i < n; i++) data[i] = adobe_inverted ? (uint8_t)(255 - cmyk[i]) : cmyk[i];
    uint8_t *out = jpeg(data, width, height, 4, JCS_CMYK, adobe_inverted, NULL, 0, size);
    free(data);
    return out;
}

uint8_t *lumen_test_jpeg_with_icc(const uint8_t *rgb, int width, int height, const uint8_t *icc, size_t icc_size, size_t *size) {
    return jpeg(rgb, width, height, 3, JCS_RGB, 0, icc, icc_size, size);
}

struct gif_sink { uint8_t *data; size_t size, capacity; };
static int gif_write(GifFileType *gif, const GifByteType *bytes, int count) {
    struct gif_sink *s = gif->UserData;
    if (s->size + (size_t)count > s->capacity) {
        s->capacity = (s->size + (size_t)count) * 2 + 256;
        s->data = realloc(s->data, s->capacity);
    }
    memcpy(s->data + s->size, bytes, (size_t)count);
    s->size += (size_t)count;
    return count;
}

uint8_t *lumen_test_gif(const uint8_t *indices, int width, int height, int frames, const uint8_t *palette, int transparent, size_t *size) {
    struct gif_sink sink = { NULL, 0, 0 };
    int error = 0;
    GifFileType *gif = EGifOpen(&sink, gif_write, &error);
    if (!gif) return NULL;
    GifColorType colors[256];
    for (int i = 0; i < 256; i++) { colors[i].Red = palette[3 * i]; colors[i].Green = palette[3 * i + 1]; colors[i].Blue = palette[3 * i + 2]; }
    ColorMapObject *map = GifMakeMapObject(256, colors);
    EGifSetGifVersion(gif, 1);
    if (EGifPutScreenDesc(gif, width, height, 8, 0, map) == GIF_ERROR) { GifFreeMapObject(map); EGifCloseFile(gif, NULL); free(sink.data); return NULL; }
    for (int f = 0; f < frames; f++) {
        GraphicsControlBlock gcb = { DISPOSE_DO_NOT, 0, 10, transparent };
        GifByteType ext[4];
        size_t len = EGifGCBToExtension(&gcb, ext);
        EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, (int)len, ext);
        EGifPutImageDesc(gif, 0, 0, width, height, 0, NULL);
        for (int y = 0; y < height; y++)
            EGifPutLine(gif, (GifPixelType *)(indices + ((size_t)f * height + y) * width), width);
    }
    GifFreeMapObject(map);
    EGifCloseFile(gif, NULL);
    *size = sink.size;
    return sink.data;
}

static uint8_t *copy_out(const uint8_t *bytes, size_t n, size_t *size) {
    uint8_t *out = malloc(n);
    if (out) { memcpy(out, bytes, n); *size = n; }
    return out;
}

uint8_t *lumen_test_webp(const uint8_t *rgba, int width, int height, const uint8_t *icc, size_t icc_size,
                         const uint8_t *exif, size_t exif_size, size_t *size) {
    uint8_t *encoded = NULL;
    size_t n = WebPEncodeLosslessRGBA(rgba, width, height, width * 4, &encoded);
    if (!n) return NULL;
    if (!icc && !exif) { uint8_t *out = copy_out(encoded, n, size); WebPFree(encoded); return out; }
    WebPMux *mux = WebPMuxNew();
    WebPData image = { encoded, n };
    WebPMuxSetImage(mux, &image, 1);
    if (icc) { WebPData d = { icc, icc_size }; WebPMuxSetChunk(mux, "ICCP", &d, 1); }
    if (exif) { WebPData d = { exif, exif_size }; WebPMuxSetChunk(mux, "EXIF", &d, 1); }
    WebPData assembled = { NULL, 0 };
    uint8_t *out = NULL;
    if (WebPMuxAssemble(mux, &assembled) == WEBP_MUX_OK) out = copy_out(assembled.bytes, assembled.size, size);
    WebPDataClear(&assembled);
    WebPMuxDelete(mux);
    WebPFree(encoded);
    return out;
}

uint8_t *lumen_test_animated_webp(const uint8_t *rgba, int width, int height, int frames, size_t *size) {
    WebPAnimEncoderOptions options;
    WebPAnimEncoderOptionsInit(&options);
    WebPAnimEncoder *enc = WebPAnimEncoderNew(width, height, &options);
    if (!enc) return NULL;
    WebPConfig config;
    WebPConfigInit(&config);
    config.lossless = 1;
    for (int f = 0; f < frames; f++) {
        WebPPicture pic;
        WebPPictureInit(&pic);
        pic.use_argb = 1; pic.width = width; pic.height = height;
        WebPPictureImportRGBA(&pic, rgba + (size_t)f * width * height * 4, width * 4);
        WebPAnimEncoderAdd(enc, &pic, f * 100, &config);
        WebPPictureFree(&pic);
    }
    WebPAnimEncoderAdd(enc, NULL, frames * 100, NULL);
    WebPData data = { NULL, 0 };
    uint8_t *out = NULL;
    if (WebPAnimEncoderAssemble(enc, &data)) out = copy_out(data.bytes, data.size, size);
    WebPDataClear(&data);
    WebPAnimEncoderDelete(enc);
    return out;
}

/// Closes a TIFF written to the temporary `path`, reads the file back and removes it.
static uint8_t *close_and_read(TIFF *tif, const char *path, size_t *size) {
    TIFFClose(tif);
    FILE *file = fopen(path, "rb");
    uint8_t *out = NULL;
    if (file) {
        fseek(file, 0, SEEK_END);
        long n = ftell(file);
        fseek(file, 0, SEEK_SET);
        out = malloc((size_t)n);
        if (out && fread(out, 1, (size_t)n, file) == (size_t)n) *size = (size_t)n; else { free(out); out = NULL; }
        fclose(file);
    }
    unlink(path);
    return out;
}

uint8_t *lumen_test_tiff(const uint8_t *rgba, int width, int height, const uint8_t *icc, size_t icc_size, size_t *size) {
    return lumen_test_tiff_oriented(rgba, width, height, icc, icc_size, 1, 0, size);
}

uint8_t *lumen_test_tiff_oriented(const uint8_t *rgba, int width, int height, const uint8_t *icc, size_t icc_size,
                                  int orientation, int big, size_t *size) {
    char path[] = "/tmp/lumen-test-tiff-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) return NULL;
    TIFF *tif = TIFFFdOpen(fd, path, big ? "w8" : "w");
    if (!tif) { close(fd); unlink(path); return NULL; }
    uint16_t extra[1] = { EXTRASAMPLE_UNASSALPHA };
    TIFFSetField(tif, TIFFTAG_IMAGEWIDTH, (uint32_t)width);
    TIFFSetField(tif, TIFFTAG_IMAGELENGTH, (uint32_t)height);
    TIFFSetField(tif, TIFFTAG_SAMPLESPERPIXEL, 4);
    TIFFSetField(tif, TIFFTAG_BITSPERSAMPLE, 8);
    TIFFSetField(tif, TIFFTAG_EXTRASAMPLES, 1, extra);
    TIFFSetField(tif, TIFFTAG_PHOTOMETRIC, PHOTOMETRIC_RGB);
    TIFFSetField(tif, TIFFTAG_PLANARCONFIG, PLANARCONFIG_CONTIG);
    TIFFSetField(tif, TIFFTAG_ROWSPERSTRIP, (uint32_t)height);
    if (icc) TIFFSetField(tif, TIFFTAG_ICCPROFILE, (uint32_t)icc_size, icc);
    TIFFSetField(tif, TIFFTAG_ORIENTATION, (uint16_t)orientation);
    for (int y = 0; y < height; y++) TIFFWriteScanline(tif, (void *)(rgba + (size_t)y * width * 4), (uint32_t)y, 0);
    return close_and_read(tif, path, size);
}

struct heif_sink { uint8_t *data; size_t size; };
static struct heif_error heif_write(struct heif_context *ctx, const void *data, size_t size, void *user) {
    (void)ctx;
    struct heif_sink *s = user;
    s->data = malloc(size);
    memcpy(s->data, data, size);
    s->size = size;
    struct heif_error ok = { heif_error_Ok, heif_suberror_Unspecified, "ok" };
    return ok;
}

uint8_t *lumen_test_heif(const uint8_t *rgba, int width, int height, int codec, int primaries, size_t *size) {
    return lumen_test_heif_icc(rgba, width, height, codec, primaries, NULL, 0, 1, size);
}

static uint8_t *encode_heif(const uint8_t *rgba, int width, int height, int codec, int primaries,
                            const uint8_t *icc, size_t icc_size, int alpha, size_t *size);

/// One HEIF encode at a time: x265 fills its global table of kernels when an encoder opens, and
/// a second encoder opening meanwhile on another thread (the tests run in parallel) can call an
/// entry not yet filled (a crash at address 0 in libx265, seen making the fuzz seeds).
static pthread_mutex_t heif_encoding = PTHREAD_MUTEX_INITIALIZER;

uint8_t *lumen_test_heif_icc(const uint8_t *rgba, int width, int height, int codec, int primaries,
                             const uint8_t *icc, size_t icc_size, int alpha, size_t *size) {
    pthread_mutex_lock(&heif_encoding);
    uint8_t *out = encode_heif(rgba, width, height, codec, primaries, icc, icc_size, alpha, size);
    pthread_mutex_unlock(&heif_encoding);
    return out;
}

static uint8_t *encode_heif(const uint8_t *rgba, int width, int height, int codec, int primaries,
                            const uint8_t *icc, size_t icc_size, int alpha, size_t *size) {
    struct heif_context *ctx = heif_context_alloc();
    struct heif_encoder *encoder = NULL;
    if (heif_context_get_encoder_for_format(ctx, codec == 2 ? heif_compression_AV1 : heif_compression_HEVC, &encoder).code != heif_error_Ok) {
        heif_context_free(ctx);
        return NULL;
    }
    heif_encoder_set_lossy_quality(encoder, 95);
    struct heif_image *image = NULL;
    heif_image_create(width, height, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, &image);
    heif_image_add_plane(image, heif_channel_interleaved, width, height, 8);
    int stride = 0;
    uint8_t *plane = heif_image_get_plane(image, heif_channel_interleaved, &stride);
    for (int y = 0; y < height; y++) memcpy(plane + (size_t)y * stride, rgba + (size_t)y * width * 4, (size_t)width * 4);
    struct heif_color_profile_nclx *nclx = heif_nclx_color_profile_alloc();
    nclx->color_primaries = (enum heif_color_primaries)primaries;
    nclx->transfer_characteristics = heif_transfer_characteristic_IEC_61966_2_1;
    nclx->matrix_coefficients = heif_matrix_coefficients_ITU_R_BT_601_6;
    nclx->full_range_flag = 1;
    heif_image_set_nclx_color_profile(image, nclx);
    if (icc) heif_image_set_raw_color_profile(image, "prof", icc, icc_size);
    struct heif_encoding_options *options = heif_encoding_options_alloc();
    options->output_nclx_profile = nclx;
    // By default libheif leaves nclx out for old macOS readers; the tests want it written.
    options->macOS_compatibility_workaround_no_nclx_profile = 0;
    options->save_alpha_channel = (uint8_t)(alpha != 0);
    struct heif_error e = heif_context_encode_image(ctx, image, encoder, options, NULL);
    heif_encoding_options_free(options);
    heif_nclx_color_profile_free(nclx);
    heif_encoder_release(encoder);
    heif_image_release(image);
    struct heif_sink sink = { NULL, 0 };
    if (e.code == heif_error_Ok) {
        struct heif_writer writer = { 1, heif_write };
        heif_context_write(ctx, &writer, &sink);
    }
    heif_context_free(ctx);
    *size = sink.size;
    return sink.data;
}

uint8_t *lumen_test_rgb_profile(const double primaries[6], double gamma, size_t *size) {
    cmsCIExyY white = { 0.3127, 0.3290, 1 };
    cmsCIExyYTRIPLE p = { { primaries[0], primaries[1], 1 }, { primaries[2], primaries[3], 1 }, { primaries[4], primaries[5], 1 } };
    cmsFloat64Number srgb[5] = { 2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045 };
    cmsToneCurve *curve = gamma > 0 ? cmsBuildGamma(NULL, gamma) : cmsBuildParametricToneCurve(NULL, 4, srgb);
    cmsToneCurve *curves[3] = { curve, curve, curve };
    cmsHPROFILE profile = cmsCreateRGBProfile(&white, &p, curves);
    cmsFreeToneCurve(curve);
    if (!profile) return NULL;
    cmsUInt32Number n = 0;
    cmsSaveProfileToMem(profile, NULL, &n);
    uint8_t *out = malloc(n);
    if (out && cmsSaveProfileToMem(profile, out, &n)) *size = n; else { free(out); out = NULL; }
    cmsCloseProfile(profile);
    return out;
}

#include <png.h>

struct png_sink { uint8_t *data; size_t size, capacity; };
static void png_sink_write(png_structp png, png_bytep bytes, png_size_t count) {
    struct png_sink *s = png_get_io_ptr(png);
    if (s->size + count > s->capacity) { s->capacity = (s->size + count) * 2 + 1024; s->data = realloc(s->data, s->capacity); }
    memcpy(s->data + s->size, bytes, count);
    s->size += count;
}
static void png_sink_flush(png_structp png) { (void)png; }

uint8_t *lumen_test_interlaced_png(const uint8_t *rgba, int width, int height, size_t *size) {
    struct png_sink sink = { NULL, 0, 0 };
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    if (setjmp(png_jmpbuf(png))) { png_destroy_write_struct(&png, &info); free(sink.data); return NULL; }
    png_set_write_fn(png, &sink, png_sink_write, png_sink_flush);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_ADAM7,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    int passes = png_set_interlace_handling(png);
    for (int p = 0; p < passes; p++)
        for (int y = 0; y < height; y++) png_write_row(png, (png_bytep)(rgba + (size_t)y * width * 4));
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    *size = sink.size;
    return sink.data;
}

/// The big pictures' pattern at (x, y) of width × height: red across, green down, blue 128.
static void big_pattern(uint8_t *rgb, int x, int y, int width, int height) {
    rgb[0] = (uint8_t)((int64_t)x * 255 / (width - 1));
    rgb[1] = (uint8_t)((int64_t)y * 255 / (height - 1));
    rgb[2] = 128;
}

uint8_t *lumen_test_big_png(int width, int height, int interlaced, size_t *size) {
    struct png_sink sink = { NULL, 0, 0 };
    uint8_t *row = malloc((size_t)width * 3);
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    if (!row || setjmp(png_jmpbuf(png))) { png_destroy_write_struct(&png, &info); free(sink.data); free(row); return NULL; }
    png_set_write_fn(png, &sink, png_sink_write, png_sink_flush);
    png_set_compression_level(png, 1);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB,
                 interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    int passes = png_set_interlace_handling(png);
    for (int p = 0; p < passes; p++) {
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) big_pattern(row + 3 * x, x, y, width, height);
            png_write_row(png, row);
        }
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(row);
    *size = sink.size;
    return sink.data;
}

uint8_t *lumen_test_big_tiff(int width, int height, int tile, int declared_only, size_t *size) {
    char path[] = "/tmp/lumen-test-tiff-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) return NULL;
    TIFF *tif = TIFFFdOpen(fd, path, "w");
    if (!tif) { close(fd); unlink(path); return NULL; }
    TIFFSetField(tif, TIFFTAG_IMAGEWIDTH, (uint32_t)width);
    TIFFSetField(tif, TIFFTAG_IMAGELENGTH, (uint32_t)height);
    TIFFSetField(tif, TIFFTAG_SAMPLESPERPIXEL, 3);
    TIFFSetField(tif, TIFFTAG_BITSPERSAMPLE, 8);
    TIFFSetField(tif, TIFFTAG_PHOTOMETRIC, PHOTOMETRIC_RGB);
    TIFFSetField(tif, TIFFTAG_PLANARCONFIG, PLANARCONFIG_CONTIG);
    TIFFSetField(tif, TIFFTAG_COMPRESSION, COMPRESSION_ADOBE_DEFLATE);
    TIFFSetField(tif, TIFFTAG_TILEWIDTH, (uint32_t)tile);
    TIFFSetField(tif, TIFFTAG_TILELENGTH, (uint32_t)tile);
    if (declared_only) {
        // The tile's size is what a reader must refuse; its data need not be real.
        static const uint8_t bytes[16] = { 0 };
        TIFFWriteRawTile(tif, 0, (void *)bytes, sizeof bytes);
    } else {
        uint8_t *buffer = malloc((size_t)tile * tile * 3);
        for (int ty = 0; buffer && ty < height; ty += tile) {
            for (int tx = 0; tx < width; tx += tile) {
                for (int y = 0; y < tile; y++)
                    for (int x = 0; x < tile; x++) big_pattern(buffer + ((size_t)y * tile + x) * 3, tx + x < width ? tx + x : width - 1,
                                                               ty + y < height ? ty + y : height - 1, width, height);
                TIFFWriteEncodedTile(tif, TIFFComputeTile(tif, (uint32_t)tx, (uint32_t)ty, 0, 0), buffer, (tmsize_t)tile * tile * 3);
            }
        }
        free(buffer);
    }
    return close_and_read(tif, path, size);
}

uint32_t lumen_test_crc32(const uint8_t *bytes, size_t size) {
    return (uint32_t)crc32_z(crc32_z(0, Z_NULL, 0), bytes, size);
}

uint32_t lumen_test_adler32(const uint8_t *bytes, size_t size) {
    return (uint32_t)adler32_z(adler32_z(0, Z_NULL, 0), bytes, size);
}
