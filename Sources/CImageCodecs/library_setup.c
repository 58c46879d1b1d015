// The codecs' libraries as a process sees them: what they look up lazily, looked up ahead of a
// sandbox, and the versions they run at.
#include "codec_common.h"
#include <jpeglib.h>
#include <lcms2.h>
#include <libheif/heif.h>
#include <png.h>
#include <tiffio.h>
#include <time.h>
#include <webp/decode.h>

void lumen_codecs_prepare_for_sandbox(void) {
    setenv("TZ", "UTC0", 1);
    tzset();
    heif_init(NULL);
}

void lumen_codec_library_versions(char *out, size_t capacity) {
    int webp = WebPGetDecoderVersion(), lcms = cmsGetEncodedCMMversion();
    // TIFFGetVersion is a paragraph; its first line ends with the version.
    char line[128] = "";
    snprintf(line, sizeof line, "%s", TIFFGetVersion() ? TIFFGetVersion() : "");
    line[strcspn(line, "\n")] = 0;
    const char *space = strrchr(line, ' ');
    const char *tiff = space ? space + 1 : "?";
    snprintf(out, capacity, "libjpeg-turbo %d.%d.%d libpng %s libwebp %d.%d.%d libtiff %s libheif %s lcms2 %d.%d",
             LIBJPEG_TURBO_VERSION_NUMBER / 1000000, LIBJPEG_TURBO_VERSION_NUMBER / 1000 % 1000,
             LIBJPEG_TURBO_VERSION_NUMBER % 1000, png_get_libpng_ver(NULL), webp >> 16, webp >> 8 & 0xFF, webp & 0xFF,
             tiff, heif_get_version(), lcms / 1000, lcms % 1000 / 10);
}
