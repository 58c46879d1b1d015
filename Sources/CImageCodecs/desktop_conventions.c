// The desktop's conventions for files, from GLib (see desktop_conventions.h).
#include "desktop_conventions.h"
#include <glib.h>

const char *lumen_user_cache_dir(void) {
    return g_get_user_cache_dir();
}

const char *lumen_user_special_dir(int which) {
    return g_get_user_special_dir(which == 1 ? G_USER_DIRECTORY_VIDEOS : G_USER_DIRECTORY_PICTURES);
}

char *lumen_file_uri(const char *path) {
    gchar *canonical = g_canonicalize_filename(path, NULL);
    gchar *uri = g_filename_to_uri(canonical, NULL, NULL);
    g_free(canonical);
    return uri;
}

char *lumen_filename_collate_key(const char *name) {
    return g_utf8_collate_key_for_filename(name, -1);
}

void lumen_desktop_free(char *text) {
    g_free(text);
}
