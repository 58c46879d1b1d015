// libjpeg-turbo's own defences as Lumen sets them: markers kept only where read, a scan
// limit, a memory limit and a size check of the data against the frame. Internal.
#ifndef LUMEN_JPEG_LIMITS_H
#define LUMEN_JPEG_LIMITS_H
#include <stdio.h>
#include <stdint.h>
#include <jpeglib.h>
#include <setjmp.h>

/// The most scans a progressive JPEG may have (as `djpeg -maxscans`; real files have ~10).
#define LUMEN_JPEG_MAX_SCANS 500
/// The most markers before the image (APPn, COM); real files have a handful.
#define LUMEN_JPEG_MAX_MARKERS 1000
/// libjpeg's working memory at most (coefficients of a progressive frame above all).
#define LUMEN_JPEG_MAX_MEMORY (768L * 1024 * 1024)
/// The most bytes of ICC profile kept from APP2 chunks.
#define LUMEN_JPEG_MAX_ICC (4u * 1024 * 1024)

struct jpeg_failure {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
    /// The data ended before the end-of-image marker (libjpeg's warning JWRN_JPEG_EOF).
    int truncated;
};

/// What Lumen keeps of the markers: the first EXIF APP1, the ICC APP2 chunks, and a count.
struct jpeg_markers {
    uint8_t *exif;
    size_t exif_size;
    uint8_t *icc[256];
    unsigned icc_size[256];
    size_t icc_total;
    int count;
    struct jpeg_progress_mgr progress;
};

/// Installs the marker processors (APP1, APP2 and COM counted, kept only as above), the
/// scan-limit progress monitor and the memory limit on a decompressor whose `err` is a
/// `jpeg_failure`. Call after jpeg_create_decompress; free with lumen_jpeg_markers_free.
void lumen_jpeg_limit(struct jpeg_decompress_struct *cinfo, struct jpeg_markers *markers);
void lumen_jpeg_markers_free(struct jpeg_markers *markers);

/// The ICC profile in the APP2 chunks, malloc'ed (its size to `size`), or NULL.
uint8_t *lumen_jpeg_icc(const struct jpeg_markers *markers, unsigned *size);

/// After jpeg_read_header: 0 when `size` bytes can hold the frame's entropy-coded blocks (at
/// least one bit a block: a DC code), else -1 with the reason. Arithmetic-coded data is not
/// bounded this way (it may code many blocks in a bit).
int lumen_jpeg_plausible(struct jpeg_decompress_struct *cinfo, size_t size, char *error);
#endif
