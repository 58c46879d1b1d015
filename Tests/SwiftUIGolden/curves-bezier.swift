// Lumen's "Animation curves" as SwiftUI (iOS 18 or later).
// A Lumen tool, written with SwiftUI's own API.
// Settings: curve=bezier(0.34,1.56,0.64,1,duration=0.5).
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
                withAnimation(.timingCurve(0.34, 1.56, 0.64, 1, duration: 0.5)) { isAtEnd.toggle() }
            }
    }
}

#Preview {
    CurvePreview()
}
