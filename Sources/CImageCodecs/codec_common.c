// Shared steps of Lumen's codecs: error lines, size guards, colour management to sRGB with
// Little CMS and packing into premultiplied ARGB32.
#include "codec_common.h"
#include <lcms2.h>
#include <libexif/exif-data.h>

int lumen_fail(char *error, const char *format, ...) {
    va_list args;
    va_start(args, format);
    vsnprintf(error, LUMEN_CODEC_ERROR_SIZE, format, args);
    va_end(args);
    // One line: a library message may end with a newline.
    for (char *p = error; *p; p++) if (*p == '\n' || *p == '\r') { *p = 0; break; }
    return -1;
}

int lumen_size_ok(int64_t width, int64_t height) {
    return width > 0 && height > 0 && width <= LUMEN_CODEC_MAX_PIXELS && height <= LUMEN_CODEC_MAX_PIXELS
        && width * height <= LUMEN_CODEC_MAX_PIXELS;
}

uint8_t *lumen_alloc_rgba(int64_t width, int64_t height) {
    if (!lumen_size_ok(width, height)) return NULL;
    return (uint8_t *)malloc((size_t)width * (size_t)height * 4);
}

static void silence_lcms(cmsContext context, cmsUInt32Number code, const char *text) {
    (void)context; (void)code; (void)text;
}

int lumen_finish_rgba_profile(uint8_t *rgba, int32_t width, int32_t height, void *source,
                              int32_t orientation, lumen_image *image, char *error) {
    size_t n = (size_t)width * (size_t)height;
    cmsHPROFILE profile = (cmsHPROFILE)source;
    if (profile) {
        cmsColorSpaceSignature space = cmsGetColorSpace(profile);
        if (space == cmsSigRgbData) {
            cmsHPROFILE srgb = cmsCreate_sRGBProfile();
            // Perceptual intent, with alpha copied through untouched.
            cmsHTRANSFORM t = cmsCreateTransform(profile, TYPE_RGBA_8, srgb, TYPE_RGBA_8, INTENT_PERCEPTUAL,
                                                 cmsFLAGS_COPY_ALPHA);
            if (t) {
                for (int32_t y = 0; y < height; y++) {
                    uint8_t *row = rgba + (size_t)y * (size_t)width * 4;
                    cmsDoTransform(t, row, row, (cmsUInt32Number)width);
                }
                cmsDeleteTransform(t);
            }
            cmsCloseProfile(srgb);
        }
        cmsCloseProfile(profile);
    }
    // Straight R,G,B,A bytes → premultiplied 0xAARRGGBB words, in place (same size per pixel).
    uint32_t *out = (uint32_t *)rgba;
    for (size_t i = 0; i < n; i++) {
        uint32_t r = rgba[4 * i], g = rgba[4 * i + 1], b = rgba[4 * i + 2], a = rgba[4 * i + 3];
        if (a != 255) {
            // Rounded (x·a + 127) / 255.
            r = (r * a + 127) / 255; g = (g * a + 127) / 255; b = (b * a + 127) / 255;
        }
        out[i] = a << 24 | r << 16 | g << 8 | b;
    }
    (void)error;
    image->pixels = out;
    image->width = width;
    image->height = height;
    image->orientation = orientation >= 1 && orientation <= 8 ? orientation : 1;
    return 0;
}

void *lumen_open_profile(const uint8_t *icc, size_t icc_size) {
    if (!icc || icc_size < 128 || icc_size >= (64u << 20)) return NULL;
    cmsSetLogErrorHandler(silence_lcms);
    return cmsOpenProfileFromMem(icc, (cmsUInt32Number)icc_size);
}

int lumen_finish_rgba(uint8_t *rgba, int32_t width, int32_t height, const uint8_t *icc, size_t icc_size,
                      int32_t orientation, lumen_image *image, char *error) {
    return lumen_finish_rgba_profile(rgba, width, height, lumen_open_profile(icc, icc_size), orientation, image, error);
}

int32_t lumen_exif_orientation(const uint8_t *exif, size_t size) {
    if (!exif || size < 8 || size > (1u << 24)) return 1;
    // libexif wants the "Exif\0\0" header (or a JPEG APP1); a bare TIFF block gets one.
    static const uint8_t header[6] = { 'E', 'x', 'i', 'f', 0, 0 };
    uint8_t *copy = NULL;
    const uint8_t *block = exif;
    size_t length = size;
    if (memcmp(exif, header, 6) != 0) {
        copy = (uint8_t *)malloc(size + 6);
        if (!copy) return 1;
        memcpy(copy, header, 6);
        memcpy(copy + 6, exif, size);
        block = copy;
        length = size + 6;
    }
    int32_t orientation = 1;
    ExifData *data = exif_data_new_from_data(block, (unsigned int)length);
    if (data) {
        ExifEntry *entry = exif_content_get_entry(data->ifd[EXIF_IFD_0], EXIF_TAG_ORIENTATION);
        if (entry && entry->format == EXIF_FORMAT_SHORT && entry->components >= 1) {
            int value = exif_get_short(entry->data, exif_data_get_byte_order(data));
            if (value >= 1 && value <= 8) orientation = value;
        }
        exif_data_unref(data);
    }
    free(copy);
    return orientation;
}

uint32_t lumen_png_chunk_overrun(const uint8_t *data, size_t size, char type[5]) {
    // A chunk: length, type, data, CRC (PNG §5.3), after the 8-byte signature.
    for (size_t at = 8; at + 8 <= size;) {
        uint32_t length = (uint32_t)data[at] << 24 | (uint32_t)data[at + 1] << 16 | (uint32_t)data[at + 2] << 8 | data[at + 3];
        if (length > size - at - 8) {
            if (memcmp(data + at + 4, "IDAT", 4) == 0) return 0;
            memcpy(type, data + at + 4, 4);
            for (int i = 0; i < 4; i++) if (type[i] < 0x20 || type[i] > 0x7E) type[i] = '?';
            type[4] = 0;
            return length;
        }
        at += 12 + (size_t)length;
    }
    return 0;
}
