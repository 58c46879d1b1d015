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
            let name = String(decoding: nameBytes(entry), as: UTF8.self)
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// The bytes of a directory entry's name, read in place: a record is only as long as its
    /// name (`d_reclen`), so the field's declared 256 bytes may run past the record and past
    /// readdir's buffer.
    package static func nameBytes(_ entry: UnsafePointer<dirent>) -> [UInt8] {
        let field = UnsafeRawPointer(entry) + MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        return Array(UnsafeRawBufferPointer(start: field, count: strlen(field.assumingMemoryBound(to: CChar.self))))
    }
}
