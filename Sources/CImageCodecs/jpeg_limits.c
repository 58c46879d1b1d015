// libjpeg-turbo's defences, set for every JPEG Lumen reads (see jpeg_limits.h).
#include "jpeg_limits.h"
#include "codec_common.h"

static void fail_now(j_decompress_ptr cinfo, const char *message) {
    struct jpeg_failure *f = (struct jpeg_failure *)cinfo->err;
    snprintf(f->message, sizeof f->message, "%s", message);
    longjmp(f->jump, 1);
}

static int next_byte(j_decompress_ptr cinfo) {
    struct jpeg_source_mgr *src = cinfo->src;
    if (src->bytes_in_buffer == 0 && !(*src->fill_input_buffer)(cinfo)) fail_now(cinfo, "the data ends inside a marker");
    src->bytes_in_buffer--;
    return *src->next_input_byte++;
}

/// APP1, APP2 and COM: counted; the first EXIF APP1 and the ICC chunks read, the rest skipped.
/// (libjpeg's own saving appends to a list by walking it: quadratic in the marker count.)
static boolean on_marker(j_decompress_ptr cinfo) {
    struct jpeg_markers *m = (struct jpeg_markers *)cinfo->client_data;
    int marker = cinfo->unread_marker;
    long length = (long)(next_byte(cinfo) << 8);
    length += next_byte(cinfo);
    length -= 2;
    if (length < 0) fail_now(cinfo, "a marker with a bad length");
    if (++m->count > LUMEN_JPEG_MAX_MARKERS) fail_now(cinfo, "more than 1000 markers before the image");
    uint8_t *keep = NULL;
    if (marker == JPEG_APP0 + 1 && !m->exif && length > 6) keep = (uint8_t *)malloc((size_t)length);
    if (marker == JPEG_APP0 + 2 && length > 14 && m->icc_total + (size_t)length <= LUMEN_JPEG_MAX_ICC) keep = (uint8_t *)malloc((size_t)length);
    if (!keep) {
        if (length > 0) (*cinfo->src->skip_input_data)(cinfo, length);
        return TRUE;
    }
    for (long i = 0; i < length; i++) keep[i] = (uint8_t)next_byte(cinfo);
    if (marker == JPEG_APP0 + 1) {
        if (memcmp(keep, "Exif\0\0", 6) == 0) { m->exif = keep; m->exif_size = (size_t)length; } else free(keep);
        return TRUE;
    }
    // ICC_PROFILE\0, then the chunk's number (1-based) and the count.
    int seq = keep[12];
    if (memcmp(keep, "ICC_PROFILE\0", 12) != 0 || seq == 0 || m->icc[seq]) { free(keep); return TRUE; }
    m->icc[seq] = keep;
    m->icc_size[seq] = (unsigned)length;
    m->icc_total += (size_t)length;
    return TRUE;
}

static void on_progress(j_common_ptr cinfo) {
    j_decompress_ptr d = (j_decompress_ptr)cinfo;
    if (d->input_scan_number > LUMEN_JPEG_MAX_SCANS) fail_now(d, "more than 500 scans (a progressive JPEG made to be slow)");
}

void lumen_jpeg_limit(struct jpeg_decompress_struct *cinfo, struct jpeg_markers *markers) {
    memset(markers, 0, sizeof *markers);
    cinfo->client_data = markers;
    jpeg_set_marker_processor(cinfo, JPEG_APP0 + 1, on_marker);
    jpeg_set_marker_processor(cinfo, JPEG_APP0 + 2, on_marker);
    jpeg_set_marker_processor(cinfo, JPEG_COM, on_marker);
    markers->progress.progress_monitor = on_progress;
    cinfo->progress = &markers->progress;
    cinfo->mem->max_memory_to_use = LUMEN_JPEG_MAX_MEMORY;
}

void lumen_jpeg_markers_free(struct jpeg_markers *markers) {
    free(markers->exif);
    for (int i = 0; i < 256; i++) free(markers->icc[i]);
    memset(markers, 0, sizeof *markers);
}

uint8_t *lumen_jpeg_icc(const struct jpeg_markers *m, unsigned *size) {
    if (!m->icc[1]) return NULL;
    int count = m->icc[1][13];
    size_t total = 0;
    for (int i = 1; i <= count; i++) {
        if (!m->icc[i] || m->icc[i][13] != count) return NULL;
        total += m->icc_size[i] - 14;
    }
    uint8_t *out = (uint8_t *)malloc(total ? total : 1);
    if (!out) return NULL;
    size_t at = 0;
    for (int i = 1; i <= count; i++) { memcpy(out + at, m->icc[i] + 14, m->icc_size[i] - 14); at += m->icc_size[i] - 14; }
    *size = (unsigned)total;
    return out;
}

int lumen_jpeg_plausible(struct jpeg_decompress_struct *cinfo, size_t size, char *error) {
    if (cinfo->arith_code) return 0;
    uint64_t blocks = 0;
    for (int i = 0; i < cinfo->num_components; i++)
        blocks += (uint64_t)cinfo->comp_info[i].width_in_blocks * cinfo->comp_info[i].height_in_blocks;
    if ((uint64_t)size * 8 >= blocks) return 0;
    return lumen_fail(error, "truncated JPEG (a %u×%u frame needs at least %llu bytes; the file has %zu)",
                      cinfo->image_width, cinfo->image_height, (unsigned long long)((blocks + 7) / 8), size);
}
