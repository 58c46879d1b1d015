// libdrm's mode-setting header (its types only: the window-system code opens libdrm at run
// time, as SDL's KMS driver does).
#include <xf86drmMode.h>
