// The desktop's conventions for files, from GLib, as the file manager and GNOME's thumbnailers
// follow them: the user's folders, a file's URI and the order of file names.
#ifndef LUMEN_DESKTOP_CONVENTIONS_H
#define LUMEN_DESKTOP_CONVENTIONS_H

/// The user's cache folder (`$XDG_CACHE_HOME`, else `~/.cache`), as g_get_user_cache_dir
/// has it; owned by GLib.
const char *lumen_user_cache_dir(void);

/// The user's folder of pictures (0) or videos (1) from `user-dirs.dirs`, as
/// g_get_user_special_dir has it; NULL where none is set. Owned by GLib.
const char *lumen_user_special_dir(int which);

/// The `file://` URI of `path` as GIO gives it (`g_file_get_uri` of `g_file_new_for_path`):
/// made absolute against the working folder and its `.` and `..` resolved
/// (g_canonicalize_filename), then escaped by g_filename_to_uri, byte for byte (a name that is
/// not UTF-8 too). NULL when it cannot be made; free with lumen_desktop_free.
char *lumen_file_uri(const char *path);

/// The key the file manager sorts a file name by (g_utf8_collate_key_for_filename: the
/// locale's collation, runs of digits as numbers); compare keys with strcmp. Free with
/// lumen_desktop_free.
char *lumen_filename_collate_key(const char *name);

/// Frees a string the functions above returned.
void lumen_desktop_free(char *text);

#endif
