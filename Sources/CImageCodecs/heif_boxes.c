// The HEIF boxes Lumen reads itself: see heif_boxes.h.
#include "heif_boxes.h"
#include <string.h>

static uint32_t be16(const uint8_t *p) { return (uint32_t)p[0] << 8 | p[1]; }
static uint32_t be32(const uint8_t *p) { return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]; }

/// A big-endian number of `bytes` (0 to 8; 0 reads 0) at `*at`, within `end`; `*at` moves past it.
static int read_number(const uint8_t *data, size_t *at, size_t end, int bytes, uint64_t *value) {
    if (bytes < 0 || bytes > 8 || *at > end || end - *at < (size_t)bytes) return 0;
    *value = 0;
    for (int i = 0; i < bytes; i++) *value = *value << 8 | data[(*at)++];
    return 1;
}

/// The box of `type` among the boxes in [at, end), or 0; its payload's start and end go to
/// `start` and `stop`. (14496-12 §4.2: a 32-bit size, or 1 and a 64-bit size after.)
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

/// The payload of `type` in the `meta` box (a full box: 4 bytes of version and flags first).
static int find_in_meta_box(const uint8_t *data, size_t size, const char *type, size_t *start, size_t *stop) {
    size_t meta, meta_end;
    if (!find_box(data, 0, size, "meta", &meta, &meta_end) || meta + 4 > meta_end) return 0;
    return find_box(data, meta + 4, meta_end, type, start, stop);
}

int64_t lumen_heif_item_count(const uint8_t *data, size_t size) {
    size_t iinf, iinf_end;   // iinf's count is 16-bit in version 0, else 32-bit
    if (!find_in_meta_box(data, size, "iinf", &iinf, &iinf_end) || iinf + 6 > iinf_end) return -1;
    if (data[iinf] == 0) return (int64_t)be16(data + iinf + 4);
    return iinf + 8 <= iinf_end ? (int64_t)be32(data + iinf + 4) : -1;
}

size_t lumen_heif_find_in_meta(const uint8_t *data, size_t size, const char *type) {
    size_t meta, meta_end;
    if (!find_box(data, 0, size, "meta", &meta, &meta_end)) return 0;
    for (size_t at = meta + 4; at + 8 <= meta_end; at++) {
        if (memcmp(data + at + 4, type, 4) == 0 && be32(data + at) >= 8 && be32(data + at) <= meta_end - at) return at;
    }
    return 0;
}

/// Whether item `id`'s `infe` (version 2: a 16-bit ID, 3: 32-bit; then a protection index
/// and the item type) names it a grid.
static int item_is_grid(const uint8_t *data, size_t size, uint32_t id) {
    size_t iinf, end, infe, infe_end;
    if (!find_in_meta_box(data, size, "iinf", &iinf, &end) || iinf + 6 > end) return 0;
    for (size_t at = iinf + (data[iinf] == 0 ? 6 : 8); find_box(data, at, end, "infe", &infe, &infe_end); at = infe_end) {
        int version = data[infe];
        size_t id_bytes = version == 2 ? 2 : 4;
        if (version < 2 || infe + 4 + id_bytes + 2 + 4 > infe_end) continue;
        if ((id_bytes == 2 ? be16(data + infe + 4) : be32(data + infe + 4)) == id)
            return memcmp(data + infe + 4 + id_bytes + 2, "grid", 4) == 0;
    }
    return 0;
}

/// Where item `id`'s data starts in `data`, how many bytes its first extent has (0: all there
/// is) and where what holds it ends, from `iloc` (14496-12 §8.11.3); construction method 0
/// (the file) or 1 (`idat`).
static int item_location(const uint8_t *data, size_t size, uint32_t id, size_t *start, uint64_t *length, size_t *end_of_data) {
    size_t at, end;
    if (!find_in_meta_box(data, size, "iloc", &at, &end) || at + 6 > end || data[at] > 2) return 0;
    int version = data[at], id_bytes = version < 2 ? 2 : 4;
    int offset_bytes = data[at + 4] >> 4, length_bytes = data[at + 4] & 15, base_bytes = data[at + 5] >> 4;
    int index_bytes = version >= 1 ? data[at + 5] & 15 : 0;
    uint64_t count, item, method = 0, reference, base, extents, index, offset, extent_length;
    at += 6;
    if (!read_number(data, &at, end, id_bytes, &count)) return 0;
    for (uint64_t n = 0; n < count; n++) {
        if (!read_number(data, &at, end, id_bytes, &item)) return 0;
        if (version >= 1 && !read_number(data, &at, end, 2, &method)) return 0;
        if (!read_number(data, &at, end, 2, &reference) || !read_number(data, &at, end, base_bytes, &base) ||
            !read_number(data, &at, end, 2, &extents)) return 0;
        for (uint64_t x = 0; x < extents; x++) {
            if (!read_number(data, &at, end, index_bytes, &index) || !read_number(data, &at, end, offset_bytes, &offset) ||
                !read_number(data, &at, end, length_bytes, &extent_length)) return 0;
            if (item != id || x > 0) continue;
            size_t origin = 0, limit = size;
            if ((method & 15) == 1 && !find_in_meta_box(data, size, "idat", &origin, &limit)) return 0;
            if ((method & 15) > 1 || base > limit - origin || offset > limit - origin - base) return 0;
            *start = origin + (size_t)(base + offset);
            *length = extent_length;
            *end_of_data = limit;
            return 1;
        }
        if (item == id) return 0;   // no extent
    }
    return 0;
}

int lumen_heif_grid_size(const uint8_t *data, size_t size, uint32_t id, int64_t *width, int64_t *height) {
    if (!item_is_grid(data, size, id)) return 0;
    size_t at, end;
    uint64_t length;
    if (!item_location(data, size, id, &at, &length, &end) || end - at < 4) return -1;
    // version, flags (bit 0: 32-bit sizes), rows − 1, columns − 1, output width, output height.
    int field = (data[at + 1] & 1) ? 4 : 2;
    size_t needed = 4 + 2 * (size_t)field;
    if (end - at < needed || (length > 0 && length < needed)) return -1;
    *width = field == 2 ? be16(data + at + 4) : be32(data + at + 4);
    *height = field == 2 ? be16(data + at + 6) : be32(data + at + 8);
    return 1;
}
