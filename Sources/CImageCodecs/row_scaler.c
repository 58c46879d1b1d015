// Decoding a large picture straight into a smaller one, a row at a time: each source row is
// converted to sRGB (Little CMS), premultiplied and added into the output by area (a box filter
// over each output pixel's footprint), so the full-size picture never exists. What PNG rows,
// TIFF bands and a HEIF plane feed when the whole would be larger than LUMEN_CODEC_CHUNK_MAX_BYTES.
#include "codec_common.h"
#include <lcms2.h>
#include <math.h>

struct lumen_scaler {
    int32_t sw, sh, tw, th;
    /// Source pixels per output pixel, across and down (≥ 1).
    double rx, ry;
    /// Per source column: its output column and the share of it that falls there (the rest in
    /// the next column).
    int32_t *column;
    float *share;
    /// Two output rows being summed (premultiplied R, G, B, A as floats), the current first.
    float *sums[2];
    int32_t y, done;
    uint8_t *row;
    uint32_t *out;
    cmsHTRANSFORM transform;
};

static void silence(cmsContext context, cmsUInt32Number code, const char *text) { (void)context; (void)code; (void)text; }

lumen_scaler *lumen_scaler_new(int32_t sw, int32_t sh, int64_t max_pixels, void *profile) {
    return lumen_scaler_new_sampled(sw, sh, sh, max_pixels, profile);
}

double lumen_scale_to(int64_t width, int64_t height, int64_t max_pixels, int32_t *scaled_width, int32_t *scaled_height) {
    double k = sqrt((double)max_pixels / ((double)width * (double)height));
    if (k > 1) k = 1;
    *scaled_width = (int32_t)fmin(ceil(width * k), width);
    *scaled_height = (int32_t)fmin(ceil(height * k), height);
    return k;
}

lumen_scaler *lumen_scaler_new_sampled(int32_t sw, int32_t sh, int32_t rows, int64_t max_pixels, void *profile) {
    lumen_scaler *s = sw > 0 && sh > 0 && rows > 0 && rows <= sh && max_pixels > 0 ? (lumen_scaler *)calloc(1, sizeof *s) : NULL;
    if (!s) { if (profile) cmsCloseProfile((cmsHPROFILE)profile); return NULL; }
    s->sw = sw; s->sh = rows;
    lumen_scale_to(sw, sh, max_pixels, &s->tw, &s->th);
    if (s->th > rows) {
        // Fewer rows than the output wants: as many output rows as rows, at the picture's aspect.
        s->th = rows;
        s->tw = (int32_t)fmax(1, fmin(sw, round((double)rows * sw / sh)));
    }
    s->rx = (double)sw / s->tw; s->ry = (double)rows / s->th;
    s->column = (int32_t *)malloc(sizeof(int32_t) * (size_t)sw);
    s->share = (float *)malloc(sizeof(float) * (size_t)sw);
    s->sums[0] = (float *)calloc((size_t)s->tw * 4, sizeof(float));
    s->sums[1] = (float *)calloc((size_t)s->tw * 4, sizeof(float));
    s->row = (uint8_t *)malloc((size_t)sw * 4);
    s->out = (uint32_t *)malloc((size_t)s->tw * (size_t)s->th * 4);
    if (!s->column || !s->share || !s->sums[0] || !s->sums[1] || !s->row || !s->out) {
        if (profile) cmsCloseProfile((cmsHPROFILE)profile);
        lumen_scaler_free(s);
        return NULL;
    }
    for (int32_t x = 0; x < sw; x++) {
        double start = x / s->rx, end = (x + 1) / s->rx;
        int32_t o = (int32_t)floor(start);
        if (o >= s->tw) o = s->tw - 1;
        double boundary = o + 1;
        s->column[x] = o;
        s->share[x] = end <= boundary || o + 1 >= s->tw ? 1.0f : (float)((boundary - start) / (end - start));
    }
    if (profile) {
        cmsHPROFILE p = (cmsHPROFILE)profile;
        if (cmsGetColorSpace(p) == cmsSigRgbData) {
            cmsSetLogErrorHandler(silence);
            cmsHPROFILE srgb = cmsCreate_sRGBProfile();
            s->transform = cmsCreateTransform(p, TYPE_RGBA_8, srgb, TYPE_RGBA_8, INTENT_PERCEPTUAL, cmsFLAGS_COPY_ALPHA);
            cmsCloseProfile(srgb);
        }
        cmsCloseProfile(p);
    }
    return s;
}

uint8_t *lumen_scaler_row(lumen_scaler *s) { return s->row; }

/// Writes output row `o` from its sums (each output pixel covers rx × ry source pixels) and
/// clears them.
static void emit(lumen_scaler *s, float *sums, int32_t o) {
    float k = (float)(1.0 / (s->rx * s->ry));
    uint32_t *out = s->out + (size_t)o * s->tw;
    for (int32_t x = 0; x < s->tw; x++) {
        float *v = sums + 4 * x;
        uint32_t a = (uint32_t)fminf(v[3] * k + 0.5f, 255.0f);
        uint32_t r = (uint32_t)fminf(v[0] * k + 0.5f, (float)a), g = (uint32_t)fminf(v[1] * k + 0.5f, (float)a);
        uint32_t b = (uint32_t)fminf(v[2] * k + 0.5f, (float)a);
        out[x] = a << 24 | r << 16 | g << 8 | b;
        v[0] = v[1] = v[2] = v[3] = 0;
    }
}

/// Adds the row in `lumen_scaler_row` (straight R, G, B, A bytes) into output row `o`, each
/// pixel weighted by `weight` (the share of the row that falls in it).
static void add(lumen_scaler *s, float *sums, float weight) {
    const uint8_t *p = s->row;
    for (int32_t x = 0; x < s->sw; x++, p += 4) {
        // Premultiplied: each colour times its alpha.
        float alpha = p[3] * weight, a = alpha * (1.0f / 255.0f);
        float r = p[0] * a, g = p[1] * a, b = p[2] * a;
        float *v = sums + 4 * s->column[x], first = s->share[x];
        v[0] += r * first; v[1] += g * first; v[2] += b * first; v[3] += alpha * first;
        if (first < 1.0f) {
            float rest = 1.0f - first;
            v[4] += r * rest; v[5] += g * rest; v[6] += b * rest; v[7] += alpha * rest;
        }
    }
}

void lumen_scaler_push(lumen_scaler *s) {
    if (s->y >= s->sh) return;
    if (s->transform) cmsDoTransform(s->transform, s->row, s->row, (cmsUInt32Number)s->sw);
    double start = s->y / s->ry, end = (s->y + 1) / s->ry;
    int32_t o = (int32_t)floor(start);
    if (o >= s->th) o = s->th - 1;
    // Output rows before `o` are complete.
    while (s->done < o) {
        emit(s, s->sums[0], s->done++);
        float *t = s->sums[0]; s->sums[0] = s->sums[1]; s->sums[1] = t;
    }
    double boundary = o + 1;
    float first = end <= boundary || o + 1 >= s->th ? 1.0f : (float)((boundary - start) / (end - start));
    add(s, s->sums[0], first);
    if (first < 1.0f) add(s, s->sums[1], 1.0f - first);
    s->y++;
}

/// The premultiplied ARGB32 result, taken from the scaler (which is still to be freed).
static uint32_t *finish(lumen_scaler *s) {
    // Rows the source did not reach (a short read) stay as summed: transparent when never touched.
    while (s->done < s->th) {
        emit(s, s->sums[0], s->done++);
        float *t = s->sums[0]; s->sums[0] = s->sums[1]; s->sums[1] = t;
    }
    uint32_t *out = s->out;
    s->out = NULL;
    return out;
}

void lumen_scaler_free(lumen_scaler *s) {
    if (!s) return;
    if (s->transform) cmsDeleteTransform(s->transform);
    free(s->column); free(s->share); free(s->sums[0]); free(s->sums[1]); free(s->row); free(s->out);
    free(s);
}

int lumen_scaler_done(lumen_scaler *s, int32_t orientation, lumen_image *image, char *error) {
    image->width = s->tw;
    image->height = s->th;
    image->pixels = finish(s);
    image->orientation = orientation >= 1 && orientation <= 8 ? orientation : 1;
    lumen_scaler_free(s);
    return image->pixels ? 0 : lumen_fail(error, "out of memory");
}
