// Lumen's "Photo gradient" as SwiftUI (iOS 18 or later).
// With the Image Derived Gradient Background component, ImageDerivedGradientBackground.
// Copy the component's ImageDerivedGradientBackground.swift into the same target.
// Settings: bands=5, fallback=red,#ff8800, photos=drawn.
// Images: the component's own drawn images (draw them, or use photos), added to the asset catalog under the names below.
import SwiftUI

struct PhotoGradient: View {
    private let photos = ["Sunset horizon", "Waves", "Leaf"]
    @State private var index = 0
    @Environment(\.accessibilityReduceMotion) private var reduceMotion

    var body: some View {
        let photo = Image(photos[index % photos.count])
        ZStack {
            ImageDerivedGradientBackground(image: photo, bands: 5, fallback: [.red, Color(red: 1, green: 0.5333, blue: 0)])

            photo
                .resizable()
                .scaledToFill()
                .frame(width: 240, height: 240)
                .clipShape(.rect(cornerRadius: 36, style: .continuous))
                .shadow(color: .black.opacity(0.35), radius: 28, y: 16)
                .id(index)
                .transition(.opacity)
        }
        .task(id: reduceMotion) {
            guard !reduceMotion else { return }
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1.5))
                guard !Task.isCancelled else { return }
                withAnimation(.easeInOut(duration: 0.8)) { index += 1 }
            }
        }
    }
}

#Preview {
    PhotoGradient()
}
