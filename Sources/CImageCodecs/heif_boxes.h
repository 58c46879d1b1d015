// What Lumen reads from a HEIF's boxes itself (ISO/IEC 14496-12, the ISO base media file
// format, and 23008-12, HEIF), before libheif sees the file: the item count, where a box of
// `meta` is, and the output size a grid item declares. Bounds-checked against the data; every
// function treats what it cannot read as absent. Internal to CImageCodecs.
#ifndef LUMEN_HEIF_BOXES_H
#define LUMEN_HEIF_BOXES_H
#include <stddef.h>
#include <stdint.h>

/// The item count of the `iinf` box in `meta`, or -1 when there is none to read.
int64_t lumen_heif_item_count(const uint8_t *data, size_t size);

/// Where the 4CC `type` first follows a plausible box size in the `meta` box, or 0.
size_t lumen_heif_find_in_meta(const uint8_t *data, size_t size, const char *type);

/// The output size a grid item declares in its ImageGrid descriptor (23008-12 §6.6.2.3.2),
/// which is what libheif allocates when it puts the tiles together. 1 with the size when item
/// `id` is a grid; 0 when it is not one; -1 when it is a grid whose descriptor cannot be read
/// here (its `iloc` entry missing, in an item reference, or outside what holds it).
int lumen_heif_grid_size(const uint8_t *data, size_t size, uint32_t id, int64_t *width, int64_t *height);

#endif
