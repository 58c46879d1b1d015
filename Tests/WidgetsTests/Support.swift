import Foundation
import Geometry
import LumenTestSupport
import Render
import Widgets

enum Support {
    static let assets = TestAssets.path
    static func registerFonts() { TestAssets.registerFonts() }

    /// A fixed-size box (a Color view in a fixed frame).
    static func box(_ w: Double, _ h: Double, _ color: Color = .red) -> Node {
        ShapeNode(color: color).frame(width: w, height: h)
    }

    /// Children pinned to the top-leading corner of a root that fills the window.
    static func fill(_ children: [Node]) -> Node {
        ZStack(alignment: .topLeading, children).frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }

    /// Lays `root` out in a tree of `size` and returns the tree.
    @discardableResult
    static func layout(_ root: Node, _ w: Double, _ h: Double) -> WidgetTree {
        let t = WidgetTree(root: root, size: Size(width: w, height: h))
        t.layout()
        return t
    }
}
