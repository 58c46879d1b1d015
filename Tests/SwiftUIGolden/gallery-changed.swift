// Lumen's "Color Reveal gallery" as SwiftUI (iOS 18 or later).
// With the Color Reveal Image component, ColorRevealImage.
// Copy the component's ColorRevealImage.swift into the same target.
// Settings: aspectRatio=1.5, cornerRadius=12, photos=drawn.
// Images: the component's own drawn images (draw them, or use photos), added to the asset catalog under the names below.
import SwiftUI

struct ColorRevealGallery: View {
    private let photos = [
        "Dunes",
        "Forest",
        "Lagoon",
        "Harbor",
        "Meadow",
        "Canyon",
    ]

    var body: some View {
        ScrollView {
            VStack(spacing: 20) {
                Text("Gallery")
                    .font(.system(.largeTitle, design: .rounded, weight: .bold))
                    .frame(maxWidth: .infinity, alignment: .leading)

                ForEach(photos, id: \.self) { name in
                    ColorRevealImage(image: Image(name), title: "\(name)", aspectRatio: 1.5, cornerRadius: 12)
                }
            }
            .padding(24)
        }
    }
}

#Preview {
    ColorRevealGallery()
}
