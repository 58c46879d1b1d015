import CImageCodecs

/// The user's folders as the desktop has them, from GLib (`user-dirs.dirs`, the XDG base
/// directories), as the file manager finds them.
package enum DesktopFolders {
    /// The user's Pictures folder, nil where none is set.
    public static var pictures: String? { lumen_user_special_dir(0).map { String(cString: $0) } }
    /// The user's Videos folder, nil where none is set.
    public static var videos: String? { lumen_user_special_dir(1).map { String(cString: $0) } }
    /// The user's cache folder (`$XDG_CACHE_HOME`, else `~/.cache`).
    public static var cache: String { String(cString: lumen_user_cache_dir()) }
}
