/// The scroll lab's list as SwiftUI: a lazy stack of numbered rows of alternating heights in a
/// scroll view, to compare SwiftUI's scroll physics with Lumen's on the same content.
package struct ScrollListCode {
    package var rows: Int
    /// The two row heights, points.
    package var heights: (Double, Double)
    package var settings: [String]
    package init(rows: Int, heights: (Double, Double), settings: [String]) {
        self.rows = rows; self.heights = heights; self.settings = settings
    }

    package var source: String {
        let n = SwiftLiteral.number
        var code = SwiftSource()
        code.header(SnippetHeader.lines(scene: "Scroll lab", component: nil, needs: nil, settings: settings))
        code.block("struct ScrollLab: View") { code in
            code.block("var body: some View") { code in
                code.block("ScrollView") { code in
                    code.block("LazyVStack(spacing: 0)") { code in
                        code.block("ForEach(0..<\(rows), id: \\.self)", parameters: "row") { code in
                            code.line("Text(\"Row \\(row + 1)\")")
                            code.modifiers([".frame(maxWidth: .infinity, alignment: .leading)",
                                            ".frame(height: row.isMultiple(of: 2) ? \(n(heights.0)) : \(n(heights.1)))",
                                            ".padding(.horizontal)"])
                            code.line("Divider()")
                        }
                    }
                }
            }
        }
        code.preview("ScrollLab()")
        return code.text
    }
}
