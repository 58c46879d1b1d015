// Lumen's "Scroll lab" as SwiftUI (iOS 18 or later).
// A Lumen tool, written with SwiftUI's own API.
// Settings: rows=50.
import SwiftUI

struct ScrollLab: View {
    var body: some View {
        ScrollView {
            LazyVStack(spacing: 0) {
                ForEach(0..<50, id: \.self) { row in
                    Text("Row \(row + 1)")
                        .frame(maxWidth: .infinity, alignment: .leading)
                        .frame(height: row.isMultiple(of: 2) ? 72 : 112)
                        .padding(.horizontal)
                    Divider()
                }
            }
        }
    }
}

#Preview {
    ScrollLab()
}
