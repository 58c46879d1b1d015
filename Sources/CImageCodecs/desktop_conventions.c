// The desktop's conventions for files, from GLib (see desktop_conventions.h).
#include "desktop_conventions.h"
#include <glib.h>

const char *lumen_user_cache_dir(void) {
    return g_get_user_cache_dir();
}

const char *lumen_user_special_dir(int which) {
    return g_get_user_special_dir(which == 1 ? G_USER_DIRECTORY_VIDEOS : G_USER_DIRECTORY_PICTURES);
}
