// libwebpmux: only the tests' encoders use it (animated WebP, ICCP and EXIF chunks).
// libavformat: the tests read recorded MP4s back with it.
#include <webp/mux.h>
#include <libavformat/avformat.h>
#include <libavutil/pixdesc.h>
