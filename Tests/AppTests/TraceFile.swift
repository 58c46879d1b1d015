import Foundation

/// A `--trace` CSV read by its header's column names, so that a column added (at the end or
/// not) or a field left empty (a scene with no scroll view) moves nothing.
struct TraceFile {
    let header: [Substring]
    let rows: [[Substring]]

    init(path: String) throws {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
            .map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        header = lines.first ?? []
        rows = Array(lines.dropFirst())
    }

    /// Every row's field in the column called `name` (empty when the column is missing).
    func column(_ name: String) -> [Substring] {
        guard let at = header.firstIndex(of: Substring(name)) else { return [] }
        return rows.map { at < $0.count ? $0[at] : "" }
    }
}
