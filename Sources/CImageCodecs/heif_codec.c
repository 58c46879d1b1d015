// HEIC and AVIF with libheif (HEVC through libde265, AV1 through dav1d or aom, as Debian
// builds it): the primary image's size from its boxes, decoded to 8-bit RGBA with its
// rotation and mirroring applied by libheif, and its colour (an ICC profile, or nclx primaries
// such as Display P3 or BT.2020) converted to sRGB.
#include "codec_common.h"
#include <libheif/heif.h>
#include <lcms2.h>

int lumen_heif_available(int codec) {
    return heif_have_decoder_for_format(codec == 2 ? heif_compression_AV1 : heif_compression_HEVC);
}

/// The most items (tiles, thumbnails, metadata) a HEIF may declare: a camera's grid has ~50,
/// a 100-megapixel one of 512² tiles ~400; a grid of 20,000 tiles would decode for minutes.
#define LUMEN_HEIF_MAX_ITEMS 1024

static uint32_t be32(const uint8_t *p) { return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]; }

/// The box of `type` among the boxes in [at, end), or 0; its payload's start and end go to
/// `start` and `stop`. (ISO 14496-12 §4.2: a 32-bit size, or 1 and a 64-bit size after.)
static int find_box(const uint8_t *data, size_t at, size_t end, const char *type, size_t *start, size_t *stop) {
    while (at + 8 <= end) {
        uint64_t size = be32(data + at);
        size_t header = 8;
        if (size == 1 && at + 16 <= end) { size = (uint64_t)be32(data + at + 8) << 32 | be32(data + at + 12); header = 16; }
        if (size == 0) size = end - at;
        if (size < header || size > end - at) return 0;
        if (memcmp(data + at + 4, type, 4) == 0) { *start = at + header; *stop = at + (size_t)size; return 1; }
        at += (size_t)size;
    }
    return 0;
}

/// The item count of the `iinf` box in `meta` (full boxes: 4 bytes of version and flags;
/// iinf's count is 16-bit in version 0, else 32-bit), or -1 when there is none to read.
static int64_t item_count(const uint8_t *data, size_t size) {
    size_t meta, meta_end, iinf, iinf_end;
    if (!find_box(data, 0, size, "meta", &meta, &meta_end) || meta + 4 > meta_end) return -1;
    if (!find_box(data, meta + 4, meta_end, "iinf", &iinf, &iinf_end) || iinf + 6 > iinf_end) return -1;
    if (data[iinf] == 0) return (int64_t)(data[iinf + 4] << 8 | data[iinf + 5]);
    return iinf + 8 <= iinf_end ? (int64_t)be32(data + iinf + 4) : -1;
}

/// The primary image of `data`, or NULL with the reason.
static struct heif_image_handle *primary(const uint8_t *data, size_t size, struct heif_context **context, char *error) {
    *context = NULL;
    int64_t items = item_count(data, size);
    if (items > LUMEN_HEIF_MAX_ITEMS) {
        lumen_fail(error, "HEIF of %lld items (tiles) refused: more than %d", (long long)items, LUMEN_HEIF_MAX_ITEMS);
        return NULL;
    }
    *context = heif_context_alloc();
    if (!*context) { lumen_fail(error, "out of memory"); return NULL; }
    // A grid's tiles one after another on this thread: libheif 1.15 decodes them in parallel
    // threads by default, and with libde265 those race (a HEIC grid came out different run to
    // run, libheif issue #1379). Photos decode in parallel across Lumen's workers instead.
    heif_context_set_max_decoding_threads(*context, 0);
    // libheif's own security limit on the image size (32768 × 32768 by default) stays on.
    struct heif_error e = heif_context_read_from_memory_without_copy(*context, data, size, NULL);
    struct heif_image_handle *handle = NULL;
    if (e.code == heif_error_Ok) e = heif_context_get_primary_image_handle(*context, &handle);
    if (e.code != heif_error_Ok) {
        if (e.subcode == heif_suberror_Security_limit_exceeded)
            /* libheif's own limits (image size, item count) refused the header. */
            lumen_fail(error, "HEIF refused by libheif's limits: %s", e.message ? e.message : "too large");
        else
            lumen_fail(error, "corrupt HEIF: %s", e.message ? e.message : "unreadable");
        heif_context_free(*context);
        *context = NULL;
        return NULL;
    }
    return handle;
}

int lumen_heif_header(const uint8_t *data, size_t size, lumen_image_header *header, char *error) {
    struct heif_context *context;
    struct heif_image_handle *handle = primary(data, size, &context, error);
    if (!handle) return -1;
    header->width = heif_image_handle_get_width(handle);
    header->height = heif_image_handle_get_height(handle);
    header->frames = 1;
    heif_image_handle_release(handle);
    heif_context_free(context);
    return 0;
}

/// An RGB profile for nclx colour primaries with the sRGB tone curve, or NULL for BT.709 /
/// sRGB primaries (nothing to convert) and for primaries Lumen does not know.
static cmsHPROFILE nclx_profile(const struct heif_color_profile_nclx *nclx) {
    if (!nclx) return NULL;
    cmsCIExyYTRIPLE primaries;
    switch (nclx->color_primaries) {
    case heif_color_primaries_SMPTE_EG_432_1:   // Display P3 (D65)
        primaries = (cmsCIExyYTRIPLE){ { 0.680, 0.320, 1 }, { 0.265, 0.690, 1 }, { 0.150, 0.060, 1 } };
        break;
    case heif_color_primaries_ITU_R_BT_2020_2_and_2100_0:
        primaries = (cmsCIExyYTRIPLE){ { 0.708, 0.292, 1 }, { 0.170, 0.797, 1 }, { 0.131, 0.046, 1 } };
        break;
    default:
        return NULL;
    }
    cmsCIExyY white = { 0.3127, 0.3290, 1 };
    // The sRGB curve (IEC 61966-2-1), parametric type 4.
    cmsFloat64Number parameters[5] = { 2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045 };
    cmsToneCurve *curve = cmsBuildParametricToneCurve(NULL, 4, parameters);
    cmsToneCurve *curves[3] = { curve, curve, curve };
    cmsHPROFILE profile = cmsCreateRGBProfile(&white, &primaries, curves);
    cmsFreeToneCurve(curve);
    return profile;
}

int lumen_heif_decode(const uint8_t *data, size_t size, lumen_image *image, char *error) {
    struct heif_context *context;
    struct heif_image_handle *handle = primary(data, size, &context, error);
    if (!handle) return -1;
    int64_t w = heif_image_handle_get_width(handle), h = heif_image_handle_get_height(handle);
    if (!lumen_size_ok(w, h)) {
        heif_image_handle_release(handle);
        heif_context_free(context);
        return lumen_fail(error, "HEIF of %lld×%lld is too large to decode", (long long)w, (long long)h);
    }
    // The colour as the file says it: an ICC profile, else nclx primaries.
    cmsHPROFILE profile = NULL;
    enum heif_color_profile_type type = heif_image_handle_get_color_profile_type(handle);
    if (type == heif_color_profile_type_prof || type == heif_color_profile_type_rICC) {
        size_t icc_size = heif_image_handle_get_raw_color_profile_size(handle);
        uint8_t *icc = icc_size > 0 && icc_size < (64u << 20) ? (uint8_t *)malloc(icc_size) : NULL;
        if (icc && heif_image_handle_get_raw_color_profile(handle, icc).code == heif_error_Ok)
            profile = cmsOpenProfileFromMem(icc, (cmsUInt32Number)icc_size);
        free(icc);
    } else {
        struct heif_color_profile_nclx *nclx = NULL;
        if (heif_image_handle_get_nclx_color_profile(handle, &nclx).code == heif_error_Ok) {
            profile = nclx_profile(nclx);
            heif_nclx_color_profile_free(nclx);
        }
    }
    struct heif_image *decoded = NULL;
    struct heif_error e = heif_decode_image(handle, &decoded, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, NULL);
    heif_image_handle_release(handle);
    if (e.code != heif_error_Ok) {
        heif_context_free(context);
        if (profile) cmsCloseProfile(profile);
        return lumen_fail(error, "cannot decode HEIF: %s", e.message ? e.message : "unsupported");
    }
    // Some files carry the colour on the decoded image rather than on the item.
    if (!profile) {
        struct heif_color_profile_nclx *nclx = NULL;
        if (heif_image_get_nclx_color_profile(decoded, &nclx).code == heif_error_Ok) {
            profile = nclx_profile(nclx);
            heif_nclx_color_profile_free(nclx);
        }
    }
    int stride = 0;
    const uint8_t *plane = heif_image_get_plane_readonly(decoded, heif_channel_interleaved, &stride);
    int32_t dw = heif_image_get_width(decoded, heif_channel_interleaved), dh = heif_image_get_height(decoded, heif_channel_interleaved);
    uint8_t *rgba = plane && dw > 0 && dh > 0 ? lumen_alloc_rgba(dw, dh) : NULL;
    if (rgba) for (int32_t y = 0; y < dh; y++) memcpy(rgba + (size_t)y * dw * 4, plane + (size_t)y * stride, (size_t)dw * 4);
    heif_image_release(decoded);
    heif_context_free(context);
    if (!rgba) {
        if (profile) cmsCloseProfile(profile);
        return lumen_fail(error, "cannot decode HEIF: no pixels");
    }
    return lumen_finish_rgba_profile(rgba, dw, dh, profile, 1, image, error);
}
