// libwebpmux: only the tests' encoders use it (animated WebP, ICCP and EXIF chunks).
#include <webp/mux.h>
