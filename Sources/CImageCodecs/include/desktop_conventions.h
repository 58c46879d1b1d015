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

#endif
