import FoundationEssentials
import Geometry
import Glibc
import Widgets

/// `--trace FILE.csv`: one line per frame drawn: `time_ms` (the frame's deadline on the refresh
/// grid, its animation time), `frame_ms` (layout, drawing and present), `image_mb` (decoded
/// pixels held in the image memory budget), `waiting` (photos in the window still showing
/// their loading placeholder), `shown_ms` (when the frame was handed to the display),
/// `a11y_ms` (the main thread's time handing the accessible tree over after the previous
/// frame; 0 while no screen reader listens), `scene`
/// and `scroll`: the offset of each scroll view in tree order, separated by spaces (one field,
/// so every line has the header's columns when a kiosk's playlist changes scenes), and
/// `renderer`: what draws ("cairo, 2 threads", "gl: …"), `recorded` (1 when the frame went
/// into the window's recording), `compiled`: the GPU renderer's shader variants compiled for
/// this frame that its start-up list lacks, by name, separated by " / " (empty on nearly every
/// frame: see `PaintProgramWarmUp`), and `variants`: how many the GPU renderer has compiled in
/// all (the first frame's own, then rising to the whole list in slices once it is shown;
/// empty with Cairo).
package final class FrameTrace {
    private let file: Int32
    /// What draws from the next row on (it changes when the GPU renderer fails and Cairo takes over).
    var renderer: String { didSet { renderer = FrameTrace.column(renderer) } }

    private static func column(_ s: String) -> String { String(s.map { $0 == "," ? ";" : $0 }) }

    init(path: String, renderer: String = "cairo") throws(UsageError) {
        self.renderer = FrameTrace.column(renderer)
        let h = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard h >= 0 else {
            throw UsageError("cannot write the trace file '\(path)'")
        }
        file = h
    }

    deinit { close(file) }

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

    func writeHeader() {
        write("time_ms,frame_ms,image_mb,waiting,shown_ms,a11y_ms,scene,scroll,renderer,recorded,compiled,variants\n")
    }

    /// A frame of `scene` drawn `time` seconds after the loop started, taking `frameMs`.
    func write(_ tree: WidgetTree, scene: String, time: Double, frameMs: Double, imageBytes: Int, shown: Double? = nil,
               accessibilityMs: Double = 0, recorded: Bool = false, compiled: [String] = [], variants: Int? = nil) {
        let fields = [String(printf: "%.1f", time * 1000), String(printf: "%.3f", frameMs),
                      String(printf: "%.1f", Double(imageBytes) / 1_048_576), String(FrameTrace.waitingPhotos(tree)),
                      String(printf: "%.2f", (shown ?? time) * 1000), String(printf: "%.3f", accessibilityMs), scene,
                      tree.scrollViews.map { String(printf: "%.3f", $0.offset) }.joined(separator: " "), renderer,
                      recorded ? "1" : "0", FrameTrace.column(compiled.joined(separator: " / ")), variants.map(String.init) ?? ""]
        write(fields.joined(separator: ",") + "\n")
    }

    private func write(_ line: String) {
        var line = line
        line.withUTF8 { _ = Glibc.write(file, $0.baseAddress, $0.count) }
    }
}
