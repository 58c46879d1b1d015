// HEIC and AVIF with libheif (HEVC through libde265, AV1 through dav1d or aom, as Debian
// builds it): the primary image's size from its boxes, decoded to 8-bit RGBA with its
// rotation and mirroring applied by libheif, and its colour (an ICC profile, or nclx primaries
// such as Display P3 or BT.2020) converted to sRGB.
#include "codec_common.h"
#include "heif_boxes.h"
#include <libheif/heif.h>
#include <lcms2.h>
#include <math.h>

int lumen_heif_available(int codec) {
    return heif_have_decoder_for_format(codec == 2 ? heif_compression_AV1 : heif_compression_HEVC);
}

/// The most items (tiles, thumbnails, metadata) a HEIF may declare: a camera's grid has ~50,
/// a 100-megapixel one of 512² tiles ~400; a grid of 20,000 tiles would decode for minutes.
#define LUMEN_HEIF_MAX_ITEMS 1024

/// The chroma the picture is coded in, from its `hvcC` or `av1C` box (4:4:4 when unknown):
/// what it is decoded to, since libheif would otherwise convert to 4:4:4 first.
static enum heif_chroma coded_chroma(const uint8_t *data, size_t size) {
    size_t at = lumen_heif_find_in_meta(data, size, "hvcC");
    if (at && at + 8 + 17 <= size) {
        int format = data[at + 8 + 16] & 3;   // chromaFormat: 0 mono, 1 4:2:0, 2 4:2:2, 3 4:4:4
        return format == 0 ? heif_chroma_monochrome : format == 1 ? heif_chroma_420 : format == 2 ? heif_chroma_422 : heif_chroma_444;
    }
    if ((at = lumen_heif_find_in_meta(data, size, "av1C")) && at + 8 + 3 <= size) {
        uint8_t b = data[at + 8 + 2];         // …, monochrome, subsampling_x, subsampling_y, …
        return (b & 0x10) ? heif_chroma_monochrome : (b & 0x08) && (b & 0x04) ? heif_chroma_420 : (b & 0x08) ? heif_chroma_422 : heif_chroma_444;
    }
    return heif_chroma_444;
}

/// About how many bytes libheif 1.15 holds to decode the picture, which it decodes whole: its
/// Y′CbCr planes (1, 1.5, 2 or 3 bytes a pixel; twice that above 8 bits), held over again by the
/// codec's own picture and working data, then libheif's copy. Measured here: 3.4 times its
/// planes with libde265 (247 MB for a 48-megapixel 4:2:0 HEIC coded whole), 3.1 times for a
/// grid of 1024² HEVC tiles (116 and 233 MB for 25 and 50 megapixels), 2.5 times with dav1d
/// (180 MB for a 24-megapixel 4:4:4 AVIF).
static int64_t heif_decode_cost(const uint8_t *data, size_t size, int64_t pixels, int bits) {
    enum heif_chroma chroma = coded_chroma(data, size);
    double per_pixel = chroma == heif_chroma_monochrome ? 1 : chroma == heif_chroma_420 ? 1.5 : chroma == heif_chroma_422 ? 2 : 3;
    if (bits > 8) per_pixel *= 2;
    double held = lumen_heif_find_in_meta(data, size, "hvcC") ? 3.5 : 2.6;
    return (int64_t)((double)pixels * per_pixel * held);
}

/// The primary image of `data`, or NULL with the reason.
static struct heif_image_handle *primary(const uint8_t *data, size_t size, struct heif_context **context, char *error) {
    *context = NULL;
    int64_t items = lumen_heif_item_count(data, size);
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

/// Whether item `id`'s grid descriptor, if it is a grid, declares the size its handle gives
/// (`ispe`): 0, or -1 with the reason. libheif 1.15 allocates the descriptor's size whatever
/// `ispe` says, and Lumen's limits read `ispe` (23008-12 has them equal).
static int grid_agrees(const uint8_t *data, size_t size, heif_item_id id, int64_t width, int64_t height, const char *what, char *error) {
    int64_t gw, gh;
    int grid = lumen_heif_grid_size(data, size, id, &gw, &gh);
    if (grid < 0) return lumen_fail(error, "corrupt HEIF: the grid of its %s cannot be read", what);
    if (grid > 0 && (gw != width || gh != height))
        return lumen_fail(error, "corrupt HEIF: its %s is a grid of %lld×%lld, its ispe says %lld×%lld", what, (long long)gw,
                          (long long)gh, (long long)width, (long long)height);
    return 0;
}

/// The size libheif decodes item `id` to, from its handle, once the picture's grid and those of
/// its auxiliary images agree with it, and those (an alpha image, which libheif decodes with
/// the picture; a depth map) are no larger. (A 1.7-KB file whose `ispe` said 67 × 51 declared
/// 19267 × 26742 in its grid, and libheif allocated 515 MB; another, a 67 × 51 picture with an
/// alpha grid of 26992 × 25455, 687 MB.) 0, or -1 with the reason.
static int decoded_size(const uint8_t *data, size_t size, heif_item_id id, struct heif_image_handle *handle,
                        int64_t *width, int64_t *height, char *error) {
    *width = heif_image_handle_get_width(handle);
    *height = heif_image_handle_get_height(handle);
    if (grid_agrees(data, size, id, *width, *height, "picture", error) != 0) return -1;
    heif_item_id aux[64];
    int count = heif_image_handle_get_list_of_auxiliary_image_IDs(handle, 0, aux, 64);
    for (int i = 0; i < count; i++) {
        struct heif_image_handle *image = NULL;
        if (heif_image_handle_get_auxiliary_image_handle(handle, aux[i], &image).code != heif_error_Ok) continue;
        int64_t w = heif_image_handle_get_width(image), h = heif_image_handle_get_height(image);
        heif_image_handle_release(image);
        if (grid_agrees(data, size, aux[i], w, h, "auxiliary image", error) != 0) return -1;
        if (w * h > *width * *height)
            return lumen_fail(error, "corrupt HEIF: its auxiliary image is %lld×%lld, larger than its %lld×%lld picture", (long long)w,
                              (long long)h, (long long)*width, (long long)*height);
    }
    return 0;
}

/// The primary image's item ID (0 when libheif has none to give).
static heif_item_id primary_id(struct heif_context *context) {
    heif_item_id id = 0;
    return heif_context_get_primary_image_ID(context, &id).code == heif_error_Ok ? id : 0;
}

int lumen_heif_header(const uint8_t *data, size_t size, lumen_image_header *header, char *error) {
    struct heif_context *context;
    struct heif_image_handle *handle = primary(data, size, &context, error);
    if (!handle) return -1;
    int64_t w, h;
    int result = decoded_size(data, size, primary_id(context), handle, &w, &h, error);
    heif_image_handle_release(handle);
    heif_context_free(context);
    if (result != 0) return -1;
    header->width = (int32_t)w;
    header->height = (int32_t)h;
    header->frames = 1;
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

/// An embedded thumbnail at least `max_pixels` large (what a large photo is shown at), in place
/// of `handle` (released), or `handle` itself when there is none; `id` becomes the thumbnail's.
static struct heif_image_handle *covering_thumbnail(struct heif_image_handle *handle, int64_t max_pixels, heif_item_id *id) {
    heif_item_id ids[8];
    int count = heif_image_handle_get_list_of_thumbnail_IDs(handle, ids, 8);
    for (int i = 0; i < count; i++) {
        struct heif_image_handle *thumbnail = NULL;
        if (heif_image_handle_get_thumbnail(handle, ids[i], &thumbnail).code != heif_error_Ok) continue;
        if ((int64_t)heif_image_handle_get_width(thumbnail) * heif_image_handle_get_height(thumbnail) >= max_pixels) {
            heif_image_handle_release(handle);
            *id = ids[i];
            return thumbnail;
        }
        heif_image_handle_release(thumbnail);
    }
    return handle;
}

/// Kr and Kb of the nclx matrix (H.273 table 4): BT.709, BT.2020, else BT.601 (libheif's
/// default when a file says nothing).
static void luma_weights(const struct heif_color_profile_nclx *nclx, float *kr, float *kb) {
    int m = nclx ? (int)nclx->matrix_coefficients : 6;
    if (m == 1) { *kr = 0.2126f; *kb = 0.0722f; }
    else if (m == 9 || m == 10) { *kr = 0.2627f; *kb = 0.0593f; }
    else { *kr = 0.299f; *kb = 0.114f; }
}

/// A large 8-bit picture decoded to its Y, Cb and Cr planes (1.5 bytes a pixel in 4:2:0, where
/// libheif's RGBA would add 4 more) and turned to RGB a row at a time into a scaler, chroma taken
/// from the nearest sample as libheif does. 0; -1 when the picture is not 8-bit Y′CbCr (the
/// profile still the caller's, to decode as RGBA); -2 on failure (the profile closed).
static int decode_planes_scaled(struct heif_image_handle *handle, enum heif_chroma coded, void *profile, int64_t max_pixels,
                                lumen_image *image, char *error) {
    if (heif_image_handle_get_luma_bits_per_pixel(handle) != 8) return -1;
    struct heif_image *decoded = NULL;
    enum heif_colorspace space = coded == heif_chroma_monochrome ? heif_colorspace_monochrome : heif_colorspace_YCbCr;
    if (heif_decode_image(handle, &decoded, space, coded, NULL).code != heif_error_Ok) return -1;
    enum heif_chroma chroma = heif_image_get_chroma_format(decoded);
    int sx = chroma == heif_chroma_420 || chroma == heif_chroma_422, sy = chroma == heif_chroma_420;
    int w = heif_image_get_width(decoded, heif_channel_Y), h = heif_image_get_height(decoded, heif_channel_Y);
    int ys = 0, cbs = 0, crs = 0, as = 0;
    const uint8_t *Y = heif_image_get_plane_readonly(decoded, heif_channel_Y, &ys);
    const uint8_t *Cb = heif_image_get_plane_readonly(decoded, heif_channel_Cb, &cbs);
    const uint8_t *Cr = heif_image_get_plane_readonly(decoded, heif_channel_Cr, &crs);
    const uint8_t *A = heif_image_get_plane_readonly(decoded, heif_channel_Alpha, &as);
    struct heif_color_profile_nclx *nclx = NULL;
    // libheif may hand back a profile with an error (values it does not know): freed all the same.
    if (heif_image_get_nclx_color_profile(decoded, &nclx).code != heif_error_Ok && nclx) {
        heif_nclx_color_profile_free(nclx);
        nclx = NULL;
    }
    float kr, kb;
    luma_weights(nclx, &kr, &kb);
    int full = nclx ? nclx->full_range_flag : 1;
    if (nclx) heif_nclx_color_profile_free(nclx);
    if (!Y || w <= 0 || h <= 0 || (chroma != heif_chroma_monochrome && (!Cb || !Cr))) { heif_image_release(decoded); return -1; }
    lumen_scaler *scaler = lumen_scaler_new(w, h, max_pixels, profile);
    if (!scaler) { heif_image_release(decoded); lumen_fail(error, "out of memory"); return -2; }
    float kg = 1 - kr - kb, ly = full ? 1.0f : 255.0f / 219, lc = full ? 1.0f : 255.0f / 224, oy = full ? 0.0f : 16.0f;
    for (int y = 0; y < h; y++) {
        uint8_t *row = lumen_scaler_row(scaler);
        const uint8_t *yr = Y + (size_t)y * ys;
        for (int x = 0; x < w; x++) {
            float l = (yr[x] - oy) * ly, r = l, g = l, b = l;
            if (chroma != heif_chroma_monochrome) {
                float cb = (Cb[(size_t)(y >> sy) * cbs + (x >> sx)] - 128.0f) * lc, cr = (Cr[(size_t)(y >> sy) * crs + (x >> sx)] - 128.0f) * lc;
                r = l + 2 * (1 - kr) * cr;
                b = l + 2 * (1 - kb) * cb;
                g = (l - kr * r - kb * b) / kg;
            }
            uint8_t *p = row + 4 * x;
            p[0] = (uint8_t)fminf(fmaxf(r + 0.5f, 0), 255);
            p[1] = (uint8_t)fminf(fmaxf(g + 0.5f, 0), 255);
            p[2] = (uint8_t)fminf(fmaxf(b + 0.5f, 0), 255);
            p[3] = A ? A[(size_t)y * as + x] : 255;
        }
        lumen_scaler_push(scaler);
    }
    heif_image_release(decoded);
    return lumen_scaler_done(scaler, 1, image, error) == 0 ? 0 : -2;
}

int lumen_heif_decode(const uint8_t *data, size_t size, int64_t max_pixels, lumen_image *image, char *error) {
    struct heif_context *context;
    struct heif_image_handle *handle = primary(data, size, &context, error);
    if (!handle) return -1;
    int large = (int64_t)heif_image_handle_get_width(handle) * heif_image_handle_get_height(handle) * 4 > LUMEN_CODEC_CHUNK_MAX_BYTES;
    heif_item_id id = primary_id(context);
    if (large) handle = covering_thumbnail(handle, max_pixels, &id);
    int64_t w, h;
    if (decoded_size(data, size, id, handle, &w, &h, error) != 0) {
        heif_image_handle_release(handle);
        heif_context_free(context);
        return -1;
    }
    int64_t cost = heif_decode_cost(data, size, w * h, heif_image_handle_get_luma_bits_per_pixel(handle));
    if (cost > LUMEN_CODEC_HEIF_MAX_BYTES) {
        heif_image_handle_release(handle);
        heif_context_free(context);
        return lumen_fail(error, "%lld×%lld needs about %lld MB to decode whole (libheif cannot decode it in parts), over the %lld MB one photo may use",
                          (long long)w, (long long)h, (long long)(cost >> 20), (long long)(LUMEN_CODEC_HEIF_MAX_BYTES >> 20));
    }
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
        if (heif_image_handle_get_nclx_color_profile(handle, &nclx).code == heif_error_Ok) profile = nclx_profile(nclx);
        if (nclx) heif_nclx_color_profile_free(nclx);
    }
    if (large && (int64_t)w * h * 4 > LUMEN_CODEC_CHUNK_MAX_BYTES) {
        int result = decode_planes_scaled(handle, coded_chroma(data, size), profile, max_pixels, image, error);
        if (result != -1) { heif_image_handle_release(handle); heif_context_free(context); return result == 0 ? 0 : -1; }
        // Not 8-bit Y′CbCr (a 10-bit AVIF): decoded whole as RGBA below, within the HEIF limit.
        if (w * h > LUMEN_CODEC_HEIF_RGBA_MAX_PIXELS) {
            heif_image_handle_release(handle);
            heif_context_free(context);
            if (profile) cmsCloseProfile(profile);
            return lumen_fail(error, "a %lld×%lld HEIF of more than 8 bits exceeds the %lld-megapixel limit", (long long)w, (long long)h,
                              (long long)(LUMEN_CODEC_HEIF_RGBA_MAX_PIXELS / 1000000));
        }
    }
    struct heif_image *decoded = NULL;
    struct heif_error e = heif_decode_image(handle, &decoded, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, NULL);
    if (e.code != heif_error_Ok) {
        // The message is the handle's or the context's: written out before they are freed.
        lumen_fail(error, "cannot decode HEIF: %s", e.message ? e.message : "unsupported");
        heif_image_handle_release(handle);
        heif_context_free(context);
        if (profile) cmsCloseProfile(profile);
        return -1;
    }
    heif_image_handle_release(handle);
    // Some files carry the colour on the decoded image rather than on the item.
    if (!profile) {
        struct heif_color_profile_nclx *nclx = NULL;
        if (heif_image_get_nclx_color_profile(decoded, &nclx).code == heif_error_Ok) profile = nclx_profile(nclx);
        if (nclx) heif_nclx_color_profile_free(nclx);
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
