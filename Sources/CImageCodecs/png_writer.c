// PNG writing and text chunks with libpng, for the freedesktop thumbnail cache
// (Thumb::URI, Thumb::MTime…).
#include "codec_common.h"
#include <png.h>
#include <setjmp.h>

struct png_sink { uint8_t *data; size_t size, capacity; int failed; };

static void write_bytes(png_structp png, png_bytep bytes, png_size_t count) {
    struct png_sink *s = (struct png_sink *)png_get_io_ptr(png);
    if (s->failed) return;
    if (s->size + count > s->capacity) {
        size_t capacity = (s->size + count) * 2 + 4096;
        uint8_t *grown = realloc(s->data, capacity);
        if (!grown) { s->failed = 1; return; }
        s->data = grown; s->capacity = capacity;
    }
    memcpy(s->data + s->size, bytes, count);
    s->size += count;
}
static void flush_bytes(png_structp png) { (void)png; }
static void on_error(png_structp png, png_const_charp message) {
    char *error = (char *)png_get_error_ptr(png);
    if (error) snprintf(error, LUMEN_CODEC_ERROR_SIZE, "%s", message);
    png_longjmp(png, 1);
}
static void on_warning(png_structp png, png_const_charp message) { (void)png; (void)message; }

unsigned char *lumen_png_encode(const uint32_t *pixels, int width, int height, size_t stride,
                                const char *const *keys, const char *const *values, int count,
                                size_t *out_size, char *error) {
    if (!lumen_size_ok(width, height)) { lumen_fail(error, "bad size"); return NULL; }
    struct png_sink sink = { NULL, 0, 0, 0 };
    uint8_t *volatile row = NULL;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, error, on_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) { png_destroy_write_struct(&png, &info); lumen_fail(error, "out of memory"); return NULL; }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(row); free(sink.data);
        return NULL;
    }
    png_set_write_fn(png, &sink, write_bytes, flush_bytes);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_text *texts = count > 0 ? calloc((size_t)count, sizeof(png_text)) : NULL;
    for (int i = 0; i < count && texts; i++) {
        texts[i].compression = PNG_TEXT_COMPRESSION_NONE;
        texts[i].key = (png_charp)keys[i];
        texts[i].text = (png_charp)values[i];
    }
    if (texts) png_set_text(png, info, texts, count);
    png_write_info(png, info);
    free(texts);
    row = malloc((size_t)width * 4);
    if (!row) png_error(png, "out of memory");
    for (int y = 0; y < height; y++) {
        const uint32_t *in = (const uint32_t *)((const uint8_t *)pixels + (size_t)y * stride);
        for (int x = 0; x < width; x++) {
            uint32_t p = in[x], a = p >> 24;
            uint32_t r = p >> 16 & 0xFF, g = p >> 8 & 0xFF, b = p & 0xFF;
            // Premultiplied → straight, rounded.
            if (a != 0 && a != 255) { r = (r * 255 + a / 2) / a; g = (g * 255 + a / 2) / a; b = (b * 255 + a / 2) / a; }
            row[4 * x] = (uint8_t)(r > 255 ? 255 : r); row[4 * x + 1] = (uint8_t)(g > 255 ? 255 : g);
            row[4 * x + 2] = (uint8_t)(b > 255 ? 255 : b); row[4 * x + 3] = (uint8_t)a;
        }
        png_write_row(png, row);
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(row);
    if (sink.failed) { free(sink.data); lumen_fail(error, "out of memory"); return NULL; }
    *out_size = sink.size;
    return sink.data;
}

struct png_source { const uint8_t *data; size_t size; size_t offset; };
static void read_bytes(png_structp png, png_bytep out, png_size_t count) {
    struct png_source *s = (struct png_source *)png_get_io_ptr(png);
    if (count > s->size - s->offset) png_error(png, "truncated");
    memcpy(out, s->data + s->offset, count);
    s->offset += count;
}

int lumen_png_text(const uint8_t *data, size_t size, const char *key, char *value, size_t capacity) {
    char type[5];
    if (lumen_png_chunk_overrun(data, size, type)) return -1;
    struct png_source source = { data, size, 0 };
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, on_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) { png_destroy_read_struct(&png, &info, NULL); return -1; }
    if (setjmp(png_jmpbuf(png))) { png_destroy_read_struct(&png, &info, NULL); return -1; }
    png_set_read_fn(png, &source, read_bytes);
    png_set_chunk_malloc_max(png, 1u << 20);
    png_read_info(png, info);
    png_textp texts = NULL;
    int n = 0, found = -1;
    png_get_text(png, info, &texts, &n);
    for (int i = 0; i < n; i++) {
        if (texts[i].key && strcmp(texts[i].key, key) == 0 && texts[i].text) {
            snprintf(value, capacity, "%s", texts[i].text);
            found = 0;
            break;
        }
    }
    png_destroy_read_struct(&png, &info, NULL);
    return found;
}

#include <glib.h>

void lumen_md5_hex(const char *text, char *out) {
    gchar *sum = g_compute_checksum_for_string(G_CHECKSUM_MD5, text, -1);
    snprintf(out, 33, "%s", sum ? sum : "");
    g_free(sum);
}
