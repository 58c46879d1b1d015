// JPEG with libjpeg-turbo: header reading, decoding at 1/1…1/8 by DCT scaling, CMYK and YCCK
// (Adobe's inverted convention included), ICC profiles (APP2) and EXIF orientation (APP1);
// and encoding, for thumbnails and tests.
#include "codec_common.h"
#include "jpeg_limits.h"
#include <jerror.h>
#include <lcms2.h>

// On a little-endian host, B,G,R,A bytes are the 0xAARRGGBB words Cairo wants: libjpeg writes
// them directly and the pixels need no second pass (JPEG is opaque, so nothing to premultiply).
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define LUMEN_NATIVE_BGRA 1
#else
#define LUMEN_NATIVE_BGRA 0
#endif

static void on_error(j_common_ptr cinfo) {
    struct jpeg_failure *f = (struct jpeg_failure *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, f->message);
    longjmp(f->jump, 1);
}

static void on_message(j_common_ptr cinfo, int level) {
    struct jpeg_failure *f = (struct jpeg_failure *)cinfo->err;
    // Level −1 is a warning about the data; only a premature end matters (the picture would
    // be partly gray). Anything after the end-of-image marker (a motion photo's video) is
    // never read, so it warns of nothing.
    if (level < 0 && cinfo->err->msg_code == JWRN_JPEG_EOF) f->truncated = 1;
}

static void setup(struct jpeg_decompress_struct *cinfo, struct jpeg_failure *f) {
    memset(f, 0, sizeof *f);
    cinfo->err = jpeg_std_error(&f->manager);
    f->manager.error_exit = on_error;
    f->manager.emit_message = on_message;
}

/// The EXIF orientation in the kept APP1 marker.
static int32_t orientation_of(const struct jpeg_markers *markers) {
    return markers->exif ? lumen_exif_orientation(markers->exif, markers->exif_size) : 1;
}

int lumen_jpeg_header(const uint8_t *data, size_t size, lumen_image_header *header, char *error) {
    struct jpeg_decompress_struct cinfo;
    struct jpeg_failure f;
    struct jpeg_markers markers;
    setup(&cinfo, &f);
    memset(&markers, 0, sizeof markers);
    if (setjmp(f.jump)) {
        jpeg_destroy_decompress(&cinfo);
        lumen_jpeg_markers_free(&markers);
        if (f.truncated) return lumen_fail(error, "truncated JPEG (the file ends before its end-of-image marker)");
        return lumen_fail(error, "corrupt JPEG header: %s", f.message);
    }
    jpeg_create_decompress(&cinfo);
    lumen_jpeg_limit(&cinfo, &markers);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    int plausible = lumen_jpeg_plausible(&cinfo, size, error);
    header->width = cinfo.image_width;
    header->height = cinfo.image_height;
    header->frames = 1;
    header->orientation = orientation_of(&markers);
    jpeg_destroy_decompress(&cinfo);
    lumen_jpeg_markers_free(&markers);
    return plausible;
}

int lumen_jpeg_decode(const uint8_t *data, size_t size, int denom, lumen_image *image, char *error) {
    struct jpeg_decompress_struct cinfo;
    struct jpeg_failure f;
    uint8_t *volatile rgba = NULL;
    uint8_t *volatile cmyk_row = NULL;
    JOCTET *volatile icc = NULL;
    struct jpeg_markers markers;
    setup(&cinfo, &f);
    memset(&markers, 0, sizeof markers);
    if (setjmp(f.jump)) {
        jpeg_destroy_decompress(&cinfo);
        lumen_jpeg_markers_free(&markers);
        free(rgba); free(cmyk_row); free(icc);
        if (f.truncated) return lumen_fail(error, "truncated JPEG (the file ends before its end-of-image marker)");
        return lumen_fail(error, "cannot decode JPEG: %s", f.message);
    }
    jpeg_create_decompress(&cinfo);
    lumen_jpeg_limit(&cinfo, &markers);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    if (lumen_jpeg_plausible(&cinfo, size, error) != 0) {
        jpeg_destroy_decompress(&cinfo);
        lumen_jpeg_markers_free(&markers);
        return -1;
    }
    cinfo.scale_num = 1;
    cinfo.scale_denom = (unsigned int)(denom == 2 || denom == 4 || denom == 8 ? denom : 1);
    int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    // Photoshop writes CMYK inverted (0 = full ink) and says so with an Adobe APP14 marker.
    int inverted = cmyk && cinfo.saw_Adobe_marker;
    cinfo.out_color_space = cmyk ? JCS_CMYK : (LUMEN_NATIVE_BGRA ? JCS_EXT_BGRA : JCS_EXT_RGBA);
    unsigned int profile_size = 0;
    icc = lumen_jpeg_icc(&markers, &profile_size);
    jpeg_calc_output_dimensions(&cinfo);
    if (!lumen_size_ok(cinfo.output_width, cinfo.output_height)) {
        jpeg_destroy_decompress(&cinfo);
        lumen_jpeg_markers_free(&markers);
        free(icc);
        return lumen_fail(error, "JPEG of %u×%u is too large to decode", cinfo.output_width, cinfo.output_height);
    }
    jpeg_start_decompress(&cinfo);
    int32_t w = (int32_t)cinfo.output_width, h = (int32_t)cinfo.output_height;
    rgba = lumen_alloc_rgba(w, h);
    if (cmyk) cmyk_row = (uint8_t *)malloc((size_t)w * 4);
    if (!rgba || (cmyk && !cmyk_row)) { snprintf(f.message, sizeof f.message, "out of memory"); longjmp(f.jump, 1); }

    cmsHTRANSFORM cmyk_transform = NULL;
    if (cmyk && icc) {
        cmsHPROFILE source = cmsOpenProfileFromMem(icc, profile_size);
        if (source && cmsGetColorSpace(source) == cmsSigCmykData) {
            cmsHPROFILE srgb = cmsCreate_sRGBProfile();
            cmyk_transform = cmsCreateTransform(source, inverted ? TYPE_CMYK_8_REV : TYPE_CMYK_8, srgb,
                                                LUMEN_NATIVE_BGRA ? TYPE_BGRA_8 : TYPE_RGBA_8, INTENT_PERCEPTUAL, 0);
            cmsCloseProfile(srgb);
        }
        if (source) cmsCloseProfile(source);
    }
    while (cinfo.output_scanline < cinfo.output_height) {
        uint8_t *out = rgba + (size_t)cinfo.output_scanline * (size_t)w * 4;
        JSAMPROW rows[1] = { cmyk ? cmyk_row : out };
        jpeg_read_scanlines(&cinfo, rows, 1);
        if (!cmyk) continue;
        if (cmyk_transform) {
            cmsDoTransform(cmyk_transform, cmyk_row, out, (cmsUInt32Number)w);
            for (int32_t x = 0; x < w; x++) out[4 * x + 3] = 255;
            continue;
        }
        // No profile: the usual naive conversion, R = (255 − C)(255 − K)/255 for plain CMYK;
        // inverted data already holds 255 − C and 255 − K.
        for (int32_t x = 0; x < w; x++) {
            unsigned c = cmyk_row[4 * x], m = cmyk_row[4 * x + 1], yv = cmyk_row[4 * x + 2], k = cmyk_row[4 * x + 3];
            if (!inverted) { c = 255 - c; m = 255 - m; yv = 255 - yv; k = 255 - k; }
            uint8_t r = (uint8_t)((c * k + 127) / 255), g = (uint8_t)((m * k + 127) / 255), b = (uint8_t)((yv * k + 127) / 255);
            out[4 * x] = LUMEN_NATIVE_BGRA ? b : r;
            out[4 * x + 1] = g;
            out[4 * x + 2] = LUMEN_NATIVE_BGRA ? r : b;
            out[4 * x + 3] = 255;
        }
    }
    if (cmyk_transform) cmsDeleteTransform(cmyk_transform);
    int32_t orientation = orientation_of(&markers);
    jpeg_finish_decompress(&cinfo);
    int truncated = f.truncated;
    jpeg_destroy_decompress(&cinfo);
    lumen_jpeg_markers_free(&markers);
    free(cmyk_row);
    if (truncated) {
        free(rgba); free(icc);
        return lumen_fail(error, "truncated JPEG (the file ends before its end-of-image marker)");
    }
#if LUMEN_NATIVE_BGRA
    // Already ARGB32 words; an RGB profile converts them in place (a CMYK picture is already sRGB).
    if (!cmyk && icc) {
        cmsHPROFILE source = cmsOpenProfileFromMem(icc, profile_size);
        if (source && cmsGetColorSpace(source) == cmsSigRgbData) {
            cmsHPROFILE srgb = cmsCreate_sRGBProfile();
            cmsHTRANSFORM t = cmsCreateTransform(source, TYPE_BGRA_8, srgb, TYPE_BGRA_8, INTENT_PERCEPTUAL, cmsFLAGS_COPY_ALPHA);
            if (t) {
                for (int32_t y = 0; y < h; y++) cmsDoTransform(t, rgba + (size_t)y * w * 4, rgba + (size_t)y * w * 4, (cmsUInt32Number)w);
                cmsDeleteTransform(t);
            }
            cmsCloseProfile(srgb);
        }
        if (source) cmsCloseProfile(source);
    }
    free(icc);
    image->pixels = (uint32_t *)rgba;
    image->width = w;
    image->height = h;
    image->orientation = orientation;
    return 0;
#else
    // A CMYK picture is already sRGB; an RGB or gray one is converted from its profile.
    int result = lumen_finish_rgba(rgba, w, h, cmyk ? NULL : icc, cmyk ? 0 : profile_size, orientation, image, error);
    free(icc);
    return result;
#endif
}

unsigned char *lumen_jpeg_encode(const uint32_t *pixels, int width, int height, size_t stride,
                                 int quality, size_t *out_size, char *error) {
    struct jpeg_compress_struct cinfo;
    struct jpeg_failure f;
    unsigned char *volatile row = NULL;
    unsigned char *buffer = NULL;
    unsigned long length = 0;
    memset(&f, 0, sizeof f);
    cinfo.err = jpeg_std_error(&f.manager);
    f.manager.error_exit = on_error;
    f.manager.emit_message = on_message;
    if (setjmp(f.jump)) {
        lumen_fail(error, "%s", f.message);
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
    if (!row) { snprintf(f.message, sizeof f.message, "out of memory"); longjmp(f.jump, 1); }
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
