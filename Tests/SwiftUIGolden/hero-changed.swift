// Lumen's "Ken Burns hero" as SwiftUI (iOS 18 or later).
// With the Ken Burns Image component, KenBurnsImage.
// Copy the component's KenBurnsImage.swift into the same target.
// Settings: duration=12, zoom=2.2, from=center, to=0.2,0.8, photos=drawn.
// Images: the component's own drawn images (draw them, or use photos), added to the asset catalog under the names below.
import SwiftUI

struct KenBurnsHero: View {
    var body: some View {
        KenBurnsImage(image: Image("Mountains at sunset"), label: "Mountains at sunset", zoom: 2.2, from: .center, to: UnitPoint(x: 0.2, y: 0.8))
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
