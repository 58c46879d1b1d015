// Lumen's "Ken Burns hero" as SwiftUI (iOS 18 or later).
// With the Ken Burns Image component, KenBurnsImage.
// Copy the component's KenBurnsImage.swift into the same target.
// Settings: the scene's defaults.
// Images: Lumen's bundled photos (assets/, with CREDITS.md), added to the asset catalog under the names below.
import SwiftUI

struct KenBurnsHero: View {
    var body: some View {
        KenBurnsImage(image: Image("Sunset Ridge"), label: "Mountains at sunset", duration: 4, zoom: 1.6)
            .ignoresSafeArea()
            .overlay(alignment: .bottomLeading) {
                VStack(alignment: .leading, spacing: 4) {
                    Text("Sunset Ridge")
                        .font(.largeTitle.bold())
                    Text("Golden hour in the valley")
                        .font(.headline)
                        .opacity(0.85)
                }
                .foregroundStyle(.white)
                .shadow(color: .black.opacity(0.4), radius: 8, y: 2)
                .padding(24)
            }
    }
}

#Preview {
    KenBurnsHero()
}
