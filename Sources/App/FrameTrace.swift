import Foundation
import Geometry
import Widgets

/// `--trace FILE.csv`: one line per frame drawn: `time_ms`, the offset of each scroll view
/// in tree order (`scroll_0`, `scroll_1`, …), `frame_ms` (layout, drawing and present) and
/// `image_mb` (decoded pixels held in the image memory budget) and `waiting` (photos in the
/// window still showing their loading placeholder), and `shown_ms`, when the frame was handed
/// to the display (`time_ms` is the frame's deadline on the refresh grid, its animation time).
final class FrameTrace {
    private let file: FileHandle

    init(path: String) throws(UsageError) {
        guard FileManager.default.createFile(atPath: path, contents: nil), let h = FileHandle(forWritingAtPath: path) else {
            throw UsageError("cannot write the trace file '\(path)'")
        }
        file = h
    }

    deinit { try? file.close() }

    /// Photos on screen still loading (drawn as placeholders).
    static func waitingPhotos(_ tree: WidgetTree) -> Int {
        let window = Rect(size: tree.size)
        var count = 0
        func visit(_ node: Node) {
            if let image = node as? ImageNode, image.asset.isLoading, !image.isHidden, image.windowFrame.intersects(window) { count += 1 }
            for child in node.children { visit(child) }
        }
        visit(tree.root)
        return count
    }

    func writeHeader(_ tree: WidgetTree) {
        let columns = ["time_ms"] + tree.scrollViews.indices.map { "scroll_\($0)" } + ["frame_ms", "image_mb", "waiting", "shown_ms"]
        file.write(Data((columns.joined(separator: ",") + "\n").utf8))
    }

    /// A frame drawn `time` seconds after the loop started, taking `frameMs`.
    func write(_ tree: WidgetTree, time: Double, frameMs: Double, imageBytes: Int, shown: Double? = nil) {
        var fields = [String(format: "%.1f", time * 1000)]
        fields += tree.scrollViews.map { String(format: "%.3f", $0.offset) }
        fields.append(String(format: "%.3f", frameMs))
        fields.append(String(format: "%.1f", Double(imageBytes) / 1_048_576))
        fields.append(String(FrameTrace.waitingPhotos(tree)))
        fields.append(String(format: "%.2f", (shown ?? time) * 1000))
        file.write(Data((fields.joined(separator: ",") + "\n").utf8))
    }
}
