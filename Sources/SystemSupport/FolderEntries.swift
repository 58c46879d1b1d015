import Glibc

/// A folder's entries by name, from readdir(3).
package enum FolderEntries {
    /// The names in `folder` (hidden ones too; not "." or ".."), in the order the file system
    /// gives them, each decoded as UTF-8 (a byte that is not becomes U+FFFD); nil where the
    /// folder cannot be opened.
    package static func names(in folder: String) -> [String]? {
        guard let dir = opendir(folder) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
