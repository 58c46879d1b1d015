// Lumen's "Animation curves" as SwiftUI (iOS 18 or later).
// A Lumen tool, written with SwiftUI's own API.
// Settings: the scene's defaults.
import SwiftUI

struct CurvePreview: View {
    @State private var isAtEnd = false

    var body: some View {
        Circle()
            .fill(.blue)
            .frame(width: 44, height: 44)
            .frame(maxWidth: .infinity, alignment: isAtEnd ? .trailing : .leading)
            .padding()
            .contentShape(.rect)
            .onTapGesture {
                withAnimation(.easeInOut) { isAtEnd.toggle() }
            }
    }
}

#Preview {
    CurvePreview()
}
