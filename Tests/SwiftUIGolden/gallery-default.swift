// Lumen's "Color Reveal gallery" as SwiftUI (iOS 18 or later).
// With the Color Reveal Image component, ColorRevealImage.
// Copy the component's ColorRevealImage.swift into the same target.
// Settings: the scene's defaults.
// Images: Lumen's bundled photos (assets/, with CREDITS.md), added to the asset catalog under the names below.
import SwiftUI

struct ColorRevealGallery: View {
    private let photos = [
        "Forest",
        "Reef",
        "Canyon",
        "Mountains",
        "Meadow",
        "River at night",
    ]

    var body: some View {
        ScrollView {
            VStack(spacing: 20) {
                Text("Gallery")
                    .font(.system(.largeTitle, design: .rounded, weight: .bold))
                    .frame(maxWidth: .infinity, alignment: .leading)

                ForEach(photos, id: \.self) { name in
                    ColorRevealImage(image: Image(name), title: "\(name)")
                }
            }
            .padding(24)
        }
    }
}

#Preview {
    ColorRevealGallery()
}
