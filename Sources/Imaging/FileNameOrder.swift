import CImageCodecs
import Glibc

/// The order the file manager shows file names in: GLib's collation key for file names
/// (`g_utf8_collate_key_for_filename`, what Nautilus sorts by), so runs of digits compare as
/// numbers and accented letters sit by the locale's rules (`Élan` beside `eagle` in en_US, not
/// after `zebra`). The key follows the process's (or the thread's) `LC_COLLATE`; the `lumen`
/// command takes the user's at start. Two names with one key are ordered by their bytes, so
/// the order is total.
enum FileNameOrder {
    /// A name with its key, made once.
    struct Keyed {
        let name: String
        let key: [UInt8]
        init(_ name: String) { (self.name, key) = (name, FileNameOrder.key(name)) }

        func precedes(_ other: Keyed) -> Bool {
            key == other.key ? name.utf8.lexicographicallyPrecedes(other.name.utf8) : key.lexicographicallyPrecedes(other.key)
        }
    }

    /// GLib's collation key of `name`, compared byte by byte.
    static func key(_ name: String) -> [UInt8] {
        guard let key = lumen_filename_collate_key(name) else { return Array(name.utf8) }
        defer { lumen_desktop_free(key) }
        return Array(UnsafeRawBufferPointer(start: key, count: strlen(key)))
    }

    /// `names` in the file manager's order, each key made once (a folder of 20,000 names is
    /// 20,000 calls, not one per comparison).
    static func sorted(_ names: [String]) -> [String] {
        names.map(Keyed.init).sorted { $0.precedes($1) }.map(\.name)
    }
}
